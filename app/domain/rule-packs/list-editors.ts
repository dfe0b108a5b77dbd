// The lists of a draft a gestor edits in forms, entry by entry (issue #30's editor, ADR 075): what
// each document is called and how long it is valid; what each infraction is and who commits it;
// each fee's name and amount; each duty's deadline — and, from credential-editors.ts, what the
// portal issues (credentials, the identification card). How a form is read and written is
// list-fields.ts; here, only what each list's fields mean, and the lists by name. Pure.
import { parseDecimal } from "~/domain/format";
import { CATEGORY_DETAILS_EDITOR } from "./category-editor";
import { CARDS_EDITOR, CREDENTIALS_EDITOR } from "./credential-editors";
import {
  amountAndUnit,
  codeOf,
  errorsOrEntry,
  isOption,
  offeredModes,
  str,
  TERM_UNITS,
  termFields,
  termOf,
  withCitedCreate,
} from "./editor-parts";
import { OFFENDERS } from "./infraction-schema";
import { type FieldValues, type ListEditor } from "./list-fields";
import { objectsIn } from "./proposal-places";

// ---- documents --------------------------------------------------------------------------------

const DOCUMENT_VALIDITY = [
  { value: "NONE", label: "Sem validade (vale o documento como está)" },
  { value: "OWN_EXPIRY", label: "A validade impressa no próprio documento (CNH, CRLV, apólice)" },
  { value: "DURATION", label: "Um prazo desde a expedição (informe abaixo)" },
  { value: "RECENT", label: "“Recente”: dias definidos no parâmetro do município" },
];

const documents: ListEditor = {
  path: ["documents"],
  key: "type",
  fields: () => [
    { name: "nome", label: "Nome do documento" },
    { name: "validade", label: "Validade do documento", options: DOCUMENT_VALIDITY },
    ...amountAndUnit("do documento"),
  ],
  read: (d) => {
    const [validity] = objectsIn([d.validity]);
    const kind = DOCUMENT_VALIDITY.find((k) => k.value === validity?.kind)?.value ?? "";
    const term = termFields(kind === "DURATION" ? validity!.duration : null);
    return { nome: str(d.label), validade: kind, prazo: term.amount, unidade: term.unit };
  },
  write: (d, typed) => {
    const errors: FieldValues = {};
    const [before = {}] = objectsIn([d.validity]);
    const kind = DOCUMENT_VALIDITY.find((k) => k.value === typed.validade)?.value;
    const term = kind === "DURATION" ? termOf(typed.prazo, typed.unidade) : null;
    if (!typed.nome) errors.nome = "escreva o nome do documento, como o condutor o conhece.";
    if (!kind) errors.validade = "escolha a validade do documento.";
    else if (term && "error" in term) errors.prazo = term.error;
    else if (kind === "RECENT" && before.kind !== "RECENT")
      errors.validade =
        "“recente” precisa de um parâmetro de dias; inclua o documento pela proposta da lei, que o cria.";
    return errorsOrEntry(errors, () => {
      const validity = term && "duration" in term ? { kind, duration: term.duration } : { kind };
      // The same validity keeps what it had besides (a term's own citation, a parameter).
      const same = before.kind === kind && (!term || before.duration === validity.duration);
      return { ...d, label: typed.nome, validity: same ? before : validity };
    });
  },
};

// ---- infractions ------------------------------------------------------------------------------

const OFFENDER_LABELS: Record<(typeof OFFENDERS)[number], string> = {
  CONDUTOR: "O condutor (quem dirige)",
  TITULAR: "O titular da permissão ou autorização",
  OPERADORA: "A empresa (operadora)",
  QUALQUER: "Quem a cometer (a lei não distingue)",
};

const infractions: ListEditor = {
  path: ["infractions", "catalogue"],
  key: "code",
  fields: () => [
    { name: "descricao", label: "O que é a infração", rows: 2 },
    {
      name: "quem",
      label: "Quem comete a infração",
      options: OFFENDERS.map((value) => ({ value, label: OFFENDER_LABELS[value] })),
    },
  ],
  read: (i) => ({ descricao: str(i.description), quem: str(i.offender) }),
  write: (i, typed) => {
    const errors: FieldValues = {};
    if (!typed.descricao) errors.descricao = "escreva o que a infração é.";
    if (!OFFENDERS.some((o) => o === typed.quem)) errors.quem = "escolha quem comete a infração.";
    return errorsOrEntry(errors, () => ({ ...i, description: typed.descricao, offender: typed.quem }));
  },
};

// ---- fees -------------------------------------------------------------------------------------

const fees: ListEditor = {
  path: ["fees"],
  key: "id",
  fields: (doc) => {
    // The town's fiscal unit, any other a fee already uses, reais and the minimum wage.
    const fiscal = [doc.fiscalUnit, ...objectsIn(doc.fees).map((f) => f.unit)].filter(
      (u): u is string => typeof u === "string" && /^[A-Z]{2,8}$/.test(u) && u !== "BRL",
    );
    return [
      {
        name: "nome",
        label: "Nome da taxa",
        hint: "O que ela paga, como o requerente a vê: “Taxa de vistoria anual”.",
      },
      { name: "valor", label: "Valor da taxa", numeric: true, hint: "Na unidade ao lado; decimais com vírgula (2,5)." },
      {
        name: "unidade",
        label: "Unidade do valor da taxa",
        beside: true,
        options: [
          ...[...new Set(fiscal)].map((u) => ({ value: u, label: `${u} (unidade fiscal)` })),
          { value: "BRL", label: "reais (R$)" },
          { value: "SALARIO_MINIMO", label: "salários mínimos" },
        ],
      },
    ];
  },
  read: (f) => ({
    nome: str(f.label),
    valor: typeof f.amount === "number" ? String(f.amount).replace(".", ",") : "",
    unidade: str(f.unit),
  }),
  write: (f, typed, { fields }) => {
    const errors: FieldValues = {};
    const amount = parseDecimal(typed.valor);
    if (!typed.nome) errors.nome = "escreva o nome da taxa.";
    if (!typed.valor || !Number.isFinite(amount) || amount <= 0)
      errors.valor = "informe o valor, um número maior que zero (decimais com vírgula).";
    if (!isOption(fields, "unidade", typed.unidade)) errors.unidade = "escolha a unidade do valor.";
    return errorsOrEntry(errors, () => ({ ...f, label: typed.nome, amount, unit: typed.unidade }));
  },
};

// ---- duties with a deadline -------------------------------------------------------------------

const WHO_OWES = [
  { value: "CONDUTOR", label: "O condutor" },
  { value: "TITULAR", label: "O titular da permissão ou autorização" },
  { value: "OPERADORA", label: "A empresa (operadora)" },
];

const deadlines: ListEditor = {
  path: ["deadlines"],
  key: "id",
  fields: () => [
    { name: "nome", label: "O que deve ser feito", rows: 2 },
    { name: "quem", label: "Quem deve fazer", options: WHO_OWES },
    {
      name: "prazo",
      label: "Prazo",
      numeric: true,
      hint: "Contado do fato que o obriga; em branco se a lei não dá prazo.",
    },
    { name: "unidade", label: "Unidade do prazo", options: TERM_UNITS, beside: true },
  ],
  read: (d) => {
    const term = termFields(d.within);
    return { nome: str(d.label), quem: str(d.who), prazo: term.amount, unidade: term.unit };
  },
  write: (d, typed) => {
    const errors: FieldValues = {};
    const term = typed.prazo ? termOf(typed.prazo, typed.unidade) : null;
    if (!typed.nome) errors.nome = "escreva o que deve ser feito.";
    if (!WHO_OWES.some((w) => w.value === typed.quem)) errors.quem = "escolha quem deve fazer.";
    if (term && "error" in term) errors.prazo = term.error;
    return errorsOrEntry(errors, () => {
      const { within: _, ...rest } = d;
      return {
        ...rest,
        label: typed.nome,
        who: typed.quem,
        ...(term && "duration" in term ? { within: term.duration } : {}),
      };
    });
  },
};

// A document, a fee or a duty the law's proposals did not read is added in its list's form, cited.
const TO_BE_CHOSEN = { kind: "NONE" };

/** The lists edited in forms, by the name the page and the form use. */
export const LIST_EDITORS = {
  servicos: CATEGORY_DETAILS_EDITOR,
  documentos: withCitedCreate(documents, (typed, doc) => ({
    type: codeOf(typed.nome ?? "").toUpperCase(),
    label: typed.nome,
    validity: TO_BE_CHOSEN,
    appliesTo: { modes: offeredModes(doc) },
  })),
  credenciais: CREDENTIALS_EDITOR,
  taxas: withCitedCreate(fees, (typed) => ({ id: `taxa_${codeOf(typed.nome ?? "", 3)}` })),
  prazos: withCitedCreate(deadlines, (typed) => ({ id: codeOf(typed.nome ?? "") })),
  cracha: CARDS_EDITOR,
  infracoes: infractions,
} as const satisfies Record<string, ListEditor>;
export type ListName = keyof typeof LIST_EDITORS;
export const LIST_NAMES = Object.keys(LIST_EDITORS) as ListName[];
export const isListName = (name: unknown): name is ListName => LIST_NAMES.includes(name as ListName);
