// The values of a pack's rules a gestor changes most — how old, how long, how big, how many — as
// fields that explain themselves (issue #30's editor), read from the draft's document and written
// back into it. Everything else stays in the document's text; the checks judge the result the same
// way (a value looser than the federal floor is refused there, with the federal citation). Pure.
import { parseDecimal } from "~/domain/format";
import { documentObject } from "./document";

/** The lists whose rules have values in the form. */
export const RULE_VALUE_LISTS = ["personRules", "vehicleRules", "operatorRules"] as const;
export type RuleList = (typeof RULE_VALUE_LISTS)[number];

export interface RuleValueField {
  /** The form field's name: "personRules.min_age.years", "parameters.<key>.value". */
  name: string;
  list: RuleList | "parameters";
  ruleId: string;
  label: string;
  unit: string;
  hint: string;
  value: number | null;
  citation: string;
  /** The law's words under the rule's citation, when the draft quotes it. */
  quote: string | null;
  min: number;
  max: number;
  /** A whole number (else decimals, with a comma). */
  integer: boolean;
  /** May be left blank: a parameter not set yet. */
  blank: boolean;
}

interface ValueKind {
  list: RuleList;
  key: string;
  label: string;
  unit: string;
  hint: string;
  min: number;
  max: number;
}

/** The rule kinds with one number a gestor sets, with what the number means. */
const VALUE_KINDS: Record<string, ValueKind> = {
  MIN_AGE: {
    list: "personRules",
    key: "years",
    label: "Idade mínima do condutor",
    unit: "anos",
    hint: "Anos completos no dia do pedido.",
    min: 18,
    max: 70,
  },
  CNH_MIN_YEARS: {
    list: "personRules",
    key: "years",
    label: "Tempo mínimo de habilitação",
    unit: "anos",
    hint: "Contado da primeira habilitação na categoria que a regra exige.",
    min: 1,
    max: 30,
  },
  MAX_AGE: {
    list: "vehicleRules",
    key: "years",
    label: "Idade máxima do veículo",
    unit: "anos",
    hint: "Contada como a regra diz: do ano de fabricação ou do primeiro emplacamento.",
    min: 1,
    max: 40,
  },
  MIN_DISPLACEMENT: {
    list: "vehicleRules",
    key: "cc",
    label: "Cilindrada mínima",
    unit: "cc",
    hint: "Do motor, como no documento do veículo (CRLV).",
    min: 50,
    max: 2000,
  },
  MAX_DISPLACEMENT: {
    list: "vehicleRules",
    key: "cc",
    label: "Cilindrada máxima",
    unit: "cc",
    hint: "Do motor, como no documento do veículo (CRLV).",
    min: 50,
    max: 2000,
  },
  MIN_DOORS: {
    list: "vehicleRules",
    key: "doors",
    label: "Número mínimo de portas",
    unit: "portas",
    hint: "Contando todas as portas do veículo.",
    min: 2,
    max: 6,
  },
  MAX_PASSENGERS: {
    list: "vehicleRules",
    key: "seats",
    label: "Lotação máxima",
    unit: "passageiros",
    hint: "Sem contar o condutor.",
    min: 1,
    max: 60,
  },
  MIN_ASSETS: {
    list: "operatorRules",
    key: "brl",
    label: "Capital mínimo da empresa",
    unit: "reais",
    hint: "Capital social ou patrimônio, como a lei o exige da empresa que pede credenciamento.",
    min: 1,
    max: 100_000_000,
  },
};

type Doc = Record<string, unknown>;
type Rule = { id?: unknown; kind?: unknown; citation?: unknown } & Record<string, unknown>;

const parse = documentObject;

const rulesOf = (doc: Doc, list: RuleList): Rule[] =>
  Array.isArray(doc[list]) ? (doc[list] as Rule[]).filter((r) => r && typeof r === "object") : [];

/** What a parameter's number is, by its unit: days, months, a switch, reais or the town's fiscal unit. */
function parameterKind(unit: unknown): Pick<RuleValueField, "unit" | "hint" | "min" | "max" | "integer"> {
  if (unit === "DAYS") return { unit: "dias", hint: "", min: 0, max: 3650, integer: true };
  if (unit === "MONTHS") return { unit: "meses", hint: "", min: 0, max: 600, integer: true };
  if (unit === "SWITCH") return { unit: "0 ou 1", hint: "0: não pedir; 1: pedir.", min: 0, max: 1, integer: true };
  const money = unit === "BRL" ? "reais" : String(unit);
  return { unit: money, hint: "Decimais com vírgula.", min: 0, max: 100_000_000, integer: false };
}

/** The parameters the law leaves to the town, as fields: each may be left blank (not set yet). */
function parameterFields(doc: Doc): RuleValueField[] {
  const parameters = (doc.parameters && typeof doc.parameters === "object" ? doc.parameters : {}) as Doc;
  return Object.entries(parameters).flatMap(([key, p]) => {
    if (!p || typeof p !== "object") return [];
    const { label, note, citation, value, unit } = p as Doc;
    const kind = parameterKind(unit);
    return [
      {
        ...kind,
        name: `parameters.${key}.value`,
        list: "parameters" as const,
        ruleId: key,
        label: typeof label === "string" ? label : key,
        hint: [typeof note === "string" ? note : "", kind.hint].filter(Boolean).join(" "),
        value: typeof value === "number" ? value : null,
        citation: typeof citation === "string" ? citation : "",
        quote: null,
        blank: true,
      },
    ];
  });
}

/** The draft's rules with one number each, and its parameters, as fields; null when the text is not a JSON object. */
export function ruleValueFields(text: string): RuleValueField[] | null {
  const doc = parse(text);
  if (!doc) return null;
  const quotes = (doc.quotes && typeof doc.quotes === "object" ? doc.quotes : {}) as Record<string, unknown>;
  const rules = RULE_VALUE_LISTS.flatMap((list) =>
    rulesOf(doc, list).flatMap((rule) => {
      const kind = VALUE_KINDS[String(rule.kind)];
      if (!kind || kind.list !== list || typeof rule.id !== "string") return [];
      const value = rule[kind.key];
      const citation = typeof rule.citation === "string" ? rule.citation : "";
      const { key: _, list: __, ...shown } = kind;
      return [
        {
          ...shown,
          name: `${list}.${rule.id}.${kind.key}`,
          list,
          ruleId: rule.id,
          value: typeof value === "number" ? value : null,
          citation,
          quote: typeof quotes[citation] === "string" ? (quotes[citation] as string) : null,
          integer: true,
          blank: false,
        },
      ];
    }),
  );
  return [...rules, ...parameterFields(doc)];
}

type Written = { ok: true; text: string; changed: number } | { ok: false; errors: Record<string, string> };

/** A typed value read as its field allows: a whole number or a decimal (with a comma), or blank. */
function readValue(field: RuleValueField, raw: string): { value: number | null } | { error: string } {
  const text = raw.trim();
  const what = field.integer ? "um número inteiro" : "um número";
  if (text === "")
    return field.blank ? { value: null } : { error: `${field.label}: informe ${what} de ${field.unit}.` };
  const value = field.integer ? Number(text) : parseDecimal(text);
  if (!Number.isFinite(value) || (field.integer && !Number.isInteger(value)))
    return { error: `${field.label}: informe ${what} de ${field.unit}.` };
  if (value < field.min || value > field.max)
    return { error: `${field.label}: use de ${field.min} a ${field.max} ${field.unit}.` };
  return { value };
}

/**
 * The draft's text with the values typed into the fields; every field wrong is named at once and
 * nothing is written then. Fields the form did not send are left as they are.
 */
export function withRuleValues(text: string, typed: Readonly<Record<string, string>>): Written {
  const doc = parse(text);
  const fields = doc ? ruleValueFields(text)! : null;
  if (!doc || !fields)
    return { ok: false, errors: { _form: "O texto do rascunho não é JSON válido: corrija-o no texto abaixo." } };
  const errors: Record<string, string> = {};
  const values = new Map<string, number | null>();
  for (const field of fields) {
    const raw = typed[field.name];
    if (raw === undefined) continue;
    const read = readValue(field, raw);
    if ("error" in read) errors[field.name] = read.error;
    else values.set(field.name, read.value);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  let changed = 0;
  for (const list of RULE_VALUE_LISTS) {
    if (!Array.isArray(doc[list])) continue;
    doc[list] = (doc[list] as unknown[]).map((entry) => {
      const rule = entry as Rule | null;
      const kind = rule && typeof rule === "object" ? VALUE_KINDS[String(rule.kind)] : undefined;
      const value = kind ? values.get(`${list}.${String(rule!.id)}.${kind.key}`) : undefined;
      if (!kind || value === undefined || value === rule![kind.key]) return entry;
      changed++;
      return { ...rule, [kind.key]: value };
    });
  }
  const parameters = doc.parameters as Record<string, Doc> | undefined;
  for (const [key, p] of Object.entries(parameters ?? {})) {
    const value = values.get(`parameters.${key}.value`);
    if (value === undefined || value === p.value) continue;
    changed++;
    parameters![key] = { ...p, value };
  }
  return { ok: true, text: JSON.stringify(doc, null, 2), changed };
}
