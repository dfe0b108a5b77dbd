// The draft's lists as forms (issue #30's editor, ADR 075): a list a gestor edits entry by entry —
// documents, infractions, credentials, fees, duties with a deadline — is described by an editor
// (list-editors.ts): where the list is in the document, what names an entry, its fields, how an entry
// reads as fields and how the typed fields write it back. This is the one way such a form is read
// and written: the page's entries are checked against the text (it may have changed since the page
// opened), every wrong field is named at once, nothing is written then, and the entries changed are
// counted. The checks judge the result like any save. Pure.
import { objectsIn } from "./proposal-places";

type Doc = Record<string, unknown>;

export interface FieldOption {
  value: string;
  label: string;
}

/** One field of an entry's fieldset; its label is followed by the entry's key ("Nome do documento CNH"). */
export interface ListField {
  /** After the entry's place: "nome" → "documentos.3.nome". */
  name: string;
  label: string;
  hint?: string;
  /** A choice among these; else typed text. */
  options?: readonly FieldOption[];
  /** The choice of none (blank), in words: "Não aparece no cartão". */
  placeholder?: string;
  /** A text area of these rows. */
  rows?: number;
  numeric?: boolean;
  /** Drawn beside the previous field (an amount and its unit). */
  beside?: boolean;
}

/** What a field holds, and what is wrong with each field (by its name). */
export type FieldValues = Record<string, string>;
export type EntryWritten = { entry: Doc } | { errors: FieldValues };

export interface ListEditor {
  /** The list's path in the document: ["infractions", "catalogue"]. */
  path: readonly string[];
  /** What names an entry in its list: "type", "code", "id". */
  key: string;
  /** The entry as its fieldset's legend names it; its key when absent. */
  title?(entry: Doc): string;
  /** The fields, given the whole document (a fee's units are the town's) and the law's units to cite. */
  fields(doc: Doc, units: LawUnits): ListField[];
  /** An entry as the form shows it (the document for what it needs besides: a parameter's value). */
  read(entry: Doc, doc: Doc): FieldValues;
  /**
   * The entry as typed, or what is wrong. May set what the entry needs elsewhere in the document (a
   * parameter); the document is thrown away when any entry is wrong.
   */
  write(entry: Doc, typed: FieldValues, context: WriteContext): EntryWritten;
}

/** The law's units a rule may cite, each as its citation and words; null when no law is attached. */
export type LawUnits = readonly { citation: string; text: string }[] | null;

export interface WriteContext {
  key: string;
  doc: Doc;
  /** The list's fields as the form drew them (a choice's options). */
  fields: ListField[];
  units: LawUnits;
  /** What the entries written before this one in the same form set (one value several entries share). */
  pass: Map<string, string>;
}

export interface ListEntry {
  /** Its place in the list and its key (the form sends both: the text may have changed since). */
  index: number;
  key: string;
  title: string;
  citation: string;
  /** The law's words under its citation, when the draft quotes it. */
  quote: string | null;
  values: FieldValues;
}

export interface ListView {
  fields: ListField[];
  entries: ListEntry[];
}

const listAt = (doc: Doc, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, k) => (node && typeof node === "object" ? (node as Doc)[k] : undefined), doc);

const setListAt = (doc: Doc, path: readonly string[], list: unknown[]) => {
  const parent = listAt(doc, path.slice(0, -1)) as Doc;
  parent[path[path.length - 1]] = list;
};

const keyOf = (editor: ListEditor, entry: Doc): string | null => {
  const key = entry[editor.key];
  return typeof key === "string" && key ? key : null;
};

/** The list's entries as fields; null when there is no document. An entry without its key is left out. */
export function listView(editor: ListEditor, doc: Doc | null, units: LawUnits = null): ListView | null {
  if (!doc) return null;
  const list = listAt(doc, editor.path);
  const quotes = (doc.quotes && typeof doc.quotes === "object" ? doc.quotes : {}) as Record<string, unknown>;
  const entries = (Array.isArray(list) ? list : []).flatMap((item, index) => {
    const [entry] = objectsIn([item]);
    const key = entry ? keyOf(editor, entry) : null;
    if (!entry || !key) return [];
    const citation = typeof entry.citation === "string" ? entry.citation : "";
    const quote = typeof quotes[citation] === "string" ? (quotes[citation] as string) : null;
    return [{ index, key, title: editor.title?.(entry) || key, citation, quote, values: editor.read(entry, doc) }];
  });
  return { fields: editor.fields(doc, units), entries };
}

export type ListWritten = { ok: true; doc: Doc; changed: number } | { ok: false; errors: FieldValues };

/**
 * The document with the list as typed ("<prefix>.<index>.chave" names the entry the page showed,
 * "<prefix>.<index>.<field>" its fields). Entries the form did not send are left as they are.
 */
export function withListFields(
  editor: ListEditor,
  prefix: string,
  doc: Doc | null,
  typed: Readonly<FieldValues>,
  units: LawUnits = null,
): ListWritten {
  const list = doc ? listAt(doc, editor.path) : undefined;
  if (!doc || !Array.isArray(list))
    return { ok: false, errors: { _form: "O texto do rascunho não é JSON válido ou não tem esta lista." } };
  const errors: FieldValues = {};
  let changed = 0;
  const pass = new Map<string, string>();
  const fields = editor.fields(doc, units);
  const written = list.map((item, index) => {
    const at = `${prefix}.${index}`;
    const sentKey = typed[`${at}.chave`];
    if (sentKey === undefined) return item;
    const [entry] = objectsIn([item]);
    const key = entry ? keyOf(editor, entry) : null;
    if (!entry || key !== sentKey) {
      errors._form = "O texto mudou depois que a página abriu: recarregue e tente de novo.";
      return item;
    }
    const values = Object.fromEntries(
      Object.entries(typed)
        .filter(([name]) => name.startsWith(`${at}.`))
        .map(([name, value]) => [name.slice(at.length + 1), value.replace(/\s+/g, " ").trim()]),
    );
    const result = editor.write(entry, values, { key, doc, pass, fields, units });
    if ("errors" in result) {
      for (const [name, message] of Object.entries(result.errors)) errors[`${at}.${name}`] = `${key}: ${message}`;
      return item;
    }
    if (JSON.stringify(result.entry) === JSON.stringify(entry)) return item;
    changed++;
    return result.entry;
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  setListAt(doc, editor.path, written);
  return { ok: true, doc, changed };
}

// ---- terms ("P90D", "PT72H") as an amount and a unit --------------------------------------------

export const TERM_UNITS = [
  { value: "H", label: "horas" },
  { value: "D", label: "dias" },
  { value: "M", label: "meses" },
  { value: "Y", label: "anos" },
] as const;
type TermUnit = (typeof TERM_UNITS)[number]["value"];

/** "P90D" → { amount: "90", unit: "D" }; "PT72H" → 72 horas; anything else → blank, in days. */
export function termFields(duration: unknown): { amount: string; unit: TermUnit } {
  const m = typeof duration === "string" ? /^P(T?)(\d+)([HDMY])$/.exec(duration) : null;
  if (!m || (m[1] === "T") !== (m[3] === "H")) return { amount: "", unit: "D" };
  return { amount: m[2], unit: m[3] as TermUnit };
}

/** The ISO duration of a typed amount and unit, or what is wrong with the amount. */
export function termOf(amount: string | undefined, unit: string | undefined): { duration: string } | { error: string } {
  const u = TERM_UNITS.find((t) => t.value === unit) ?? TERM_UNITS[1];
  const n = Number(amount);
  if (!amount || !Number.isInteger(n) || n <= 0)
    return { error: `informe o prazo em ${u.label}, um número inteiro maior que zero.` };
  return { duration: u.value === "H" ? `PT${n}H` : `P${n}${u.value}` };
}

// ---- what the editors share -------------------------------------------------------------------

export const str = (v: unknown) => (typeof v === "string" ? v : "");

/** An entry as written, or the errors when there are any. */
export const errorsOrEntry = (errors: FieldValues, entry: () => Doc): EntryWritten =>
  Object.keys(errors).length ? { errors } : { entry: entry() };

/** A term's amount and its unit (days, months, years), drawn side by side. */
export const amountAndUnit = (what: string): ListField[] => [
  { name: "prazo", label: `Prazo ${what}`, numeric: true, hint: "Só quando a validade é um prazo." },
  {
    name: "unidade",
    label: `Unidade do prazo ${what}`,
    options: TERM_UNITS.filter((u) => u.value !== "H"),
    beside: true,
  },
];

/** A choice's options: is this value one of them? */
export const isOption = (fields: ListField[], name: string, value: string) =>
  fields.find((f) => f.name === name)?.options?.some((o) => o.value === value) ?? false;

/** The citations a field may choose: the law's units when it is attached, else those the draft already quotes. */
export function citationOptions(doc: Doc, units: LawUnits): FieldOption[] {
  const short = (text: string) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);
  if (units) return units.map((u) => ({ value: u.citation, label: `${u.citation} — ${short(u.text)}` }));
  const quotes = (doc.quotes && typeof doc.quotes === "object" ? doc.quotes : {}) as Record<string, unknown>;
  return Object.entries(quotes).map(([citation, text]) => ({
    value: citation,
    label: `${citation} — ${short(String(text))}`,
  }));
}

/** Quotes the law's words under a citation the draft did not quote yet. */
export function quoteInto(doc: Doc, citation: string, units: LawUnits) {
  const quotes = (doc.quotes && typeof doc.quotes === "object" ? doc.quotes : {}) as Record<string, string>;
  const words = units?.find((u) => u.citation === citation)?.text;
  if (!quotes[citation] && words) doc.quotes = { ...quotes, [citation]: words };
}
