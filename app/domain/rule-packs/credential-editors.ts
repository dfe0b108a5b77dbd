// What the portal issues, as forms (issue #30's editor, ADR 075): each credential's name and
// validity — a term the law fixes, until the next vistoria, or the prefeitura's term where the law
// is silent — and which fields the law requires on the identification card, each with the unit that
// asks it. Registered with the other lists in list-editors.ts; read and written by list-fields.ts. Pure.
import { CARD_FIELD_WORDS } from "~/domain/laws/card-proposals";
import {
  amountAndUnit,
  citationOptions,
  errorsOrEntry,
  isOption,
  quoteInto,
  str,
  termFields,
  termOf,
} from "./editor-parts";
import { type FieldValues, type ListEditor } from "./list-fields";
import { objectsIn } from "./proposal-places";
import { ID_CARD_FIELDS } from "./schema";
import { SILENT_LAW_VALIDITY_PARAMETER } from "./vocabulary";

type Doc = Record<string, unknown>;

// ---- credentials ------------------------------------------------------------------------------

const CREDENTIAL_VALIDITY = [
  { value: "DURATION", label: "Um prazo que a lei fixa, desde a emissão (informe abaixo)" },
  { value: "UNTIL_NEXT_VISTORIA", label: "Até a próxima vistoria do veículo" },
  { value: "NOT_SET", label: "A lei não fixa: a prefeitura define o prazo (informe abaixo)" },
];

/** The prefeitura's term for credentials whose validity the law does not set, as a duration. */
const silentTerm = (doc: Doc): string | null => {
  const [p] = objectsIn([(doc.parameters as Doc | undefined)?.[SILENT_LAW_VALIDITY_PARAMETER]]);
  if (!p || typeof p.value !== "number") return null;
  return p.unit === "DAYS" ? `P${p.value}D` : p.unit === "MONTHS" ? `P${p.value}M` : null;
};

/** Sets the prefeitura's term (in months, or days); one term serves every credential the law leaves open. */
function setSilentTerm(doc: Doc, duration: string, citation: string) {
  const [, n, unit] = /^P(\d+)([DMY])$/.exec(duration)!;
  const value = unit === "Y" ? Number(n) * 12 : Number(n);
  const parameters = (doc.parameters && typeof doc.parameters === "object" ? doc.parameters : {}) as Doc;
  const [before] = objectsIn([parameters[SILENT_LAW_VALIDITY_PARAMETER]]);
  const written = { unit: unit === "D" ? "DAYS" : "MONTHS", value };
  doc.parameters = {
    ...parameters,
    // The parameter as it was (its key order too), with the new term; else a new one, said as the prefeitura's.
    [SILENT_LAW_VALIDITY_PARAMETER]: before
      ? { ...before, ...written }
      : {
          label: "Validade das credenciais cuja validade a lei não fixa",
          ...written,
          default: value,
          editable: true,
          citation,
          note: "A lei não fixa a validade: prazo definido pela prefeitura, não pela lei.",
        },
  };
}

export const CREDENTIALS_EDITOR: ListEditor = {
  path: ["credentials"],
  key: "type",
  fields: () => [
    {
      name: "nome",
      label: "Nome da credencial",
      hint: "Como o condutor e o fiscal a conhecem: “Crachá do mototaxista”.",
    },
    { name: "validade", label: "Validade da credencial", options: CREDENTIAL_VALIDITY },
    ...amountAndUnit("da credencial"),
  ],
  read: (c, doc) => {
    const [validity] = objectsIn([c.validity]);
    const kind = CREDENTIAL_VALIDITY.find((k) => k.value === validity?.kind)?.value ?? "";
    const term = termFields(kind === "DURATION" ? validity!.duration : kind === "NOT_SET" ? silentTerm(doc) : null);
    return { nome: str(c.label), validade: kind, prazo: term.amount, unidade: term.unit };
  },
  write: (c, typed, { doc, pass }) => {
    const errors: FieldValues = {};
    const [before = {}] = objectsIn([c.validity]);
    const kind = CREDENTIAL_VALIDITY.find((k) => k.value === typed.validade)?.value;
    const term = kind === "DURATION" || kind === "NOT_SET" ? termOf(typed.prazo, typed.unidade) : null;
    if (!typed.nome) errors.nome = "escreva o nome da credencial.";
    if (!kind) errors.validade = "escolha a validade da credencial.";
    else if (term && "error" in term) errors.prazo = term.error;
    else if (kind === "NOT_SET" && term) {
      // One term, the prefeitura's, serves every credential whose validity the law leaves open.
      const other = pass.get(SILENT_LAW_VALIDITY_PARAMETER);
      if (other && other !== term.duration)
        errors.prazo =
          "as credenciais cuja validade a lei não fixa têm um só prazo, o da prefeitura: escreva o mesmo em todas.";
      pass.set(SILENT_LAW_VALIDITY_PARAMETER, term.duration);
    }
    return errorsOrEntry(errors, () => {
      const citation = str(before.citation) || str(c.citation);
      const duration = term && "duration" in term ? term.duration : null;
      if (kind === "NOT_SET" && duration) setSilentTerm(doc, duration, str(c.citation));
      const validity =
        kind === "DURATION"
          ? { kind, duration, citation }
          : kind === "UNTIL_NEXT_VISTORIA"
            ? { kind, citation }
            : { kind };
      const same = JSON.stringify(validity) === JSON.stringify(before);
      return { ...c, label: typed.nome, validity: same ? before : validity };
    });
  },
};

// ---- the identification card: which fields the law requires on it -----------------------------

export const CARDS_EDITOR: ListEditor = {
  path: ["identificationCard", "cards"],
  key: "label",
  fields: (doc, units) => [
    { name: "nome", label: "Nome do cartão", hint: "Como a lei o chama: “Crachá de identificação”." },
    ...ID_CARD_FIELDS.map((field) => ({
      name: `campo.${field}`,
      label: `${CARD_FIELD_WORDS[field][0].toUpperCase()}${CARD_FIELD_WORDS[field].slice(1)}: o dispositivo que o pede no cartão`,
      placeholder: "Não aparece no cartão",
      options: citationOptions(doc, units),
    })),
  ],
  read: (card) => {
    const fields = objectsIn(card.fields);
    return {
      nome: str(card.label),
      ...Object.fromEntries(
        ID_CARD_FIELDS.map((field) => [`campo.${field}`, str(fields.find((f) => f.field === field)?.citation)]),
      ),
    };
  },
  write: (card, typed, { doc, fields, units }) => {
    const errors: FieldValues = {};
    const before = objectsIn(card.fields);
    const chosen = ID_CARD_FIELDS.flatMap((field) => {
      const citation = typed[`campo.${field}`] ?? "";
      if (!citation) return [];
      // A citation kept as it was stays (it may predate the law's attachment); a new one is the law's.
      const kept = before.find((f) => f.field === field && f.citation === citation);
      if (!kept && !isOption(fields, `campo.${field}`, citation)) {
        errors[`campo.${field}`] = "escolha o dispositivo da lei que pede este dado no cartão.";
        return [];
      }
      return [kept ?? { field, citation }];
    });
    if (!typed.nome) errors.nome = "escreva o nome do cartão.";
    if (!chosen.length && !Object.keys(errors).length)
      errors[`campo.${ID_CARD_FIELDS[0]}`] = "o cartão mostra ao menos um dado: escolha o dispositivo que o pede.";
    return errorsOrEntry(errors, () => {
      for (const f of chosen) quoteInto(doc, String(f.citation), units);
      return { ...card, label: typed.nome, fields: chosen };
    });
  },
};
