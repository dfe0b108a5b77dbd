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
  moneyUnitOptions,
  offeredModes,
  str,
  TERM_UNITS,
  termFields,
  termOf,
  withCitedCreate,
  withModes,
} from "./editor-parts";
import { INFRACTION_CLASSES_EDITOR, INFRACTIONS_EDITOR } from "./infraction-editors";
import { entryCount, type FieldValues, type LawUnits, type ListEditor, listView } from "./list-fields";
import { objectsIn } from "./proposal-places";
import { RULE_SCOPE_EDITOR } from "./rule-scope-editor";
import { QUOTAS_EDITOR, SERVICE_REQUIREMENTS_EDITOR } from "./service-editors";
import { VISTORIA_ITEMS_EDITOR, VISTORIAS_EDITOR } from "./vistoria-editors";

// ---- documents --------------------------------------------------------------------------------

const DOCUMENT_VALIDITY = [
  { value: "NONE", label: "Sem validade (vale o documento como está)" },
  { value: "OWN_EXPIRY", label: "A validade impressa no próprio documento (CNH, CRLV, apólice)" },
  { value: "DURATION", label: "Um prazo desde a expedição (informe abaixo)" },
  { value: "RECENT", label: "“Recente”: dias definidos no parâmetro do município" },
];

const CONDITIONS = [
  { value: "VEHICLE_OVER_MAX_AGE", label: "Só quando o veículo passa da idade máxima" },
  { value: "VEHICLE_LEASED", label: "Só quando o veículo é locado" },
];

const documents: ListEditor = {
  path: ["documents"],
  key: "type",
  fields: () => [
    { name: "nome", label: "Nome do documento" },
    { name: "validade", label: "Validade do documento", options: DOCUMENT_VALIDITY },
    ...amountAndUnit("do documento"),
    { name: "quando", label: "Quando é pedido", placeholder: "Sempre", options: CONDITIONS },
    {
      name: "copias",
      label: "Quantas vias",
      numeric: true,
      beside: true,
      hint: "Em branco: uma (“duas fotos 3x4”: 2).",
    },
  ],
  read: (d) => {
    const [validity] = objectsIn([d.validity]);
    const kind = DOCUMENT_VALIDITY.find((k) => k.value === validity?.kind)?.value ?? "";
    const term = termFields(kind === "DURATION" ? validity!.duration : null);
    const copies = typeof d.quantity === "number" ? String(d.quantity) : "";
    return {
      nome: str(d.label),
      validade: kind,
      prazo: term.amount,
      unidade: term.unit,
      quando: str(d.condition),
      copias: copies,
    };
  },
  write: (d, typed) => {
    const errors: FieldValues = {};
    const copies = typed.copias ? Number(typed.copias) : null;
    if (copies !== null && (!/^\d+$/.test(typed.copias) || copies < 1 || copies > 20))
      errors.copias = "informe quantas vias, um número inteiro de 1 a 20, ou deixe em branco.";
    if (typed.quando && !CONDITIONS.some((c) => c.value === typed.quando)) errors.quando = "escolha quando é pedido.";
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
      // In their places when the entry had them (the text's order is kept), else last.
      const written: Record<string, unknown> = { ...d, label: typed.nome, validity: same ? before : validity };
      if (typed.quando) written.condition = typed.quando;
      else delete written.condition;
      if (copies !== null && copies > 1) written.quantity = copies;
      else delete written.quantity;
      return written;
    });
  },
};

// ---- fees -------------------------------------------------------------------------------------

const fees: ListEditor = {
  path: ["fees"],
  key: "id",
  fields: (doc) => [
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
      options: moneyUnitOptions(
        doc,
        objectsIn(doc.fees).map((f) => f.unit),
      ),
    },
  ],
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

/** The lists edited in forms, by the name the page and the form use, in the order the page shows them. */
export const LIST_EDITORS = {
  servicos: CATEGORY_DETAILS_EDITOR,
  regras: RULE_SCOPE_EDITOR,
  documentos: withCitedCreate(withModes(documents), (typed, doc) => ({
    type: codeOf(typed.nome ?? "").toUpperCase(),
    label: typed.nome,
    validity: TO_BE_CHOSEN,
    appliesTo: { modes: offeredModes(doc) },
  })),
  credenciais: withModes(CREDENTIALS_EDITOR),
  cracha: CARDS_EDITOR,
  vistorias: VISTORIAS_EDITOR,
  itens: VISTORIA_ITEMS_EDITOR,
  vagas: QUOTAS_EDITOR,
  conduta: SERVICE_REQUIREMENTS_EDITOR,
  taxas: withCitedCreate(fees, (typed) => ({ id: `taxa_${codeOf(typed.nome ?? "", 3)}` })),
  prazos: withCitedCreate(withModes(deadlines, { optional: true }), (typed) => ({ id: codeOf(typed.nome ?? "") })),
  classes: INFRACTION_CLASSES_EDITOR,
  infracoes: INFRACTIONS_EDITOR,
} as const satisfies Record<string, ListEditor>;
export type ListName = keyof typeof LIST_EDITORS;
export const LIST_NAMES = Object.keys(LIST_EDITORS) as ListName[];
export const isListName = (name: unknown): name is ListName => LIST_NAMES.includes(name as ListName);

/** Every list with its size, and the one asked for (`?lista=`) as its form: the page draws one at a time. */
export const draftLists = (doc: Record<string, unknown>, units: LawUnits, open: string | null) =>
  LIST_NAMES.map((name) => ({
    name,
    count: entryCount(LIST_EDITORS[name], doc),
    view: name === open ? listView(LIST_EDITORS[name], doc, units) : null,
  }));
