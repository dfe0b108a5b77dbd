// The draft's lists as forms (issue #30's editor, ADR 075): a list a gestor edits entry by entry —
// documents, infractions, credentials, fees, duties with a deadline — is described by an editor
// (list-editors.ts): where the list is in the document, what names an entry, its fields, how an entry
// reads as fields and how the typed fields write it back. This is the one way such a form is read
// and written: the page's entries are checked against the text (it may have changed since the page
// opened), every wrong field is named at once, nothing is written then, and the entries changed are
// counted; a list whose editor can create adds the entry typed in its "novo" fieldset. The checks
// judge the result like any save. The parts editors are made of are in editor-parts.ts. Pure.
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
  /** A box to tick: "1" when ticked, "" when not. */
  checkbox?: boolean;
  /** Drawn beside the previous field (an amount and its unit). */
  beside?: boolean;
}

/** What a field holds, and what is wrong with each field (by its name). */
export type FieldValues = Record<string, string>;
export type EntryWritten = { entry: Doc } | { errors: FieldValues };

export interface ListEditor {
  /** The list's path in the document: ["infractions", "catalogue"]. */
  path: readonly string[];
  /**
   * A list gathered from several places (each vistoria's items, the three lists of rules): how it is
   * read, and how the list as written (same order, new entries last) is put back. Else `path`.
   */
  gather?: { get(doc: Doc): unknown[] | undefined; put(doc: Doc, list: unknown[]): void };
  /** What names an entry in its list: "type", "code", "id". */
  key: string;
  /** Whether an added entry is one the list has already; by default, one with the same key. */
  clashes?(existing: Doc, added: Doc): boolean;
  /** The entry as its fieldset's legend names it; its key when absent. */
  title?(entry: Doc, doc: Doc): string;
  /** The fields, given the whole document (a fee's units are the town's) and the law's units to cite. */
  fields(doc: Doc, units: LawUnits): ListField[];
  /**
   * An entry as the form shows it (the document for what it needs besides: a parameter's value). A
   * field it leaves out is not drawn for that entry (a penalty's fields, for an infraction that has none).
   */
  read(entry: Doc, doc: Doc): FieldValues;
  /**
   * The entry as typed, or what is wrong. May set what the entry needs elsewhere in the document (a
   * parameter); the document is thrown away when any entry is wrong.
   */
  write(entry: Doc, typed: FieldValues, context: WriteContext): EntryWritten;
  /**
   * How the form adds an entry the law's proposals did not read: its fields (the first names it; the
   * entry is added only when that one is typed) and its writer, which gives the entry its key.
   */
  create?: {
    fields(doc: Doc, units: LawUnits): ListField[];
    /** What the fieldset shows before anything is typed (the services a new entry reaches). */
    values?(doc: Doc): FieldValues;
    write(typed: FieldValues, context: Omit<WriteContext, "key">): EntryWritten;
  };
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
  /** The fields of a new entry and what they show at first, when the list may grow in its form. */
  create: { fields: ListField[]; values: FieldValues } | null;
}

const at = (doc: Doc, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, k) => (node && typeof node === "object" ? (node as Doc)[k] : undefined), doc);

const listAt = (editor: ListEditor, doc: Doc): unknown =>
  editor.gather ? editor.gather.get(doc) : at(doc, editor.path);

function setListAt(editor: ListEditor, doc: Doc, list: unknown[]) {
  if (editor.gather) return editor.gather.put(doc, list);
  const parent = at(doc, editor.path.slice(0, -1)) as Doc;
  parent[editor.path[editor.path.length - 1]] = list;
}

const keyOf = (editor: ListEditor, entry: Doc): string | null => {
  const key = entry[editor.key];
  return typeof key === "string" && key ? key : null;
};

/** The list's entries as fields; null when there is no document. An entry without its key is left out. */
export function listView(editor: ListEditor, doc: Doc | null, units: LawUnits = null): ListView | null {
  if (!doc) return null;
  const list = listAt(editor, doc);
  const quotes = (doc.quotes && typeof doc.quotes === "object" ? doc.quotes : {}) as Record<string, unknown>;
  const entries = (Array.isArray(list) ? list : []).flatMap((item, index) => {
    const [entry] = objectsIn([item]);
    const key = entry ? keyOf(editor, entry) : null;
    if (!entry || !key) return [];
    const citation = typeof entry.citation === "string" ? entry.citation : "";
    const quote = typeof quotes[citation] === "string" ? (quotes[citation] as string) : null;
    return [{ index, key, title: editor.title?.(entry, doc) || key, citation, quote, values: editor.read(entry, doc) }];
  });
  // A gathered list with no place to put an entry (a draft without vistorias) takes no new one.
  const create =
    editor.create && !(editor.gather && list === undefined)
      ? { fields: editor.create.fields(doc, units), values: editor.create.values?.(doc) ?? {} }
      : null;
  return { fields: editor.fields(doc, units), entries, create };
}

/** How many entries the list has (its form is drawn only when asked for). */
export function entryCount(editor: ListEditor, doc: Doc): number {
  const list = listAt(editor, doc);
  return Array.isArray(list) ? list.length : 0;
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
  // A list the text does not have yet is empty: the form may add its first entry.
  const list = doc ? (listAt(editor, doc) ?? (editor.create ? [] : undefined)) : undefined;
  if (!doc || !Array.isArray(list))
    return { ok: false, errors: { _form: "O texto do rascunho não é JSON válido ou não tem esta lista." } };
  const errors: FieldValues = {};
  let changed = 0;
  const before = JSON.stringify(doc);
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
    const result = editor.write(entry, valuesAt(typed, at), { key, doc, pass, fields, units });
    if ("errors" in result) {
      for (const [name, message] of Object.entries(result.errors)) errors[`${at}.${name}`] = `${key}: ${message}`;
      return item;
    }
    if (JSON.stringify(result.entry) === JSON.stringify(entry)) return item;
    changed++;
    return result.entry;
  });
  const added = editor.create ? newEntry(editor, prefix, doc, typed, { pass, units }) : null;
  if (added && "errors" in added) Object.assign(errors, added.errors);
  if (Object.keys(errors).length) return { ok: false, errors };
  if (added && "entry" in added) written.push(added.entry);
  setListAt(editor, doc, written);
  changed += added ? 1 : 0;
  // What an entry sets elsewhere (the prefeitura's term, a parameter) is a change too.
  return { ok: true, doc, changed: changed || (JSON.stringify(doc) === before ? 0 : 1) };
}

/** The entry typed in the list's "new" fieldset ("<prefix>.novo.<field>"), if its first field is typed. */
function newEntry(
  editor: ListEditor,
  prefix: string,
  doc: Doc,
  typed: Readonly<FieldValues>,
  context: { pass: Map<string, string>; units: LawUnits },
): EntryWritten | null {
  const fields = editor.create!.fields(doc, context.units);
  const values = valuesAt(typed, `${prefix}.novo`);
  if (!values[fields[0].name]) return null;
  const result = editor.create!.write(values, { ...context, doc, fields });
  const named = (errors: FieldValues) =>
    Object.fromEntries(Object.entries(errors).map(([name, message]) => [`${prefix}.novo.${name}`, `Novo: ${message}`]));
  if ("errors" in result) return { errors: named(result.errors) };
  const key = keyOf(editor, result.entry);
  const list = listAt(editor, doc);
  const clashes = editor.clashes ?? ((e: Doc) => keyOf(editor, e) === key);
  if (objectsIn(Array.isArray(list) ? list : []).some((e) => clashes(e, result.entry)))
    return {
      errors: named({ [fields[0].name]: `já existe um com o código ${key}: mude o nome ou edite o que existe.` }),
    };
  return result;
}

/** The fields typed under a prefix, each trimmed and with its spaces collapsed. */
function valuesAt(typed: Readonly<FieldValues>, at: string): FieldValues {
  return Object.fromEntries(
    Object.entries(typed)
      .filter(([name]) => name.startsWith(`${at}.`))
      .map(([name, value]) => [name.slice(at.length + 1), value.replace(/\s+/g, " ").trim()]),
  );
}
