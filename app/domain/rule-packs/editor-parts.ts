// The parts the list editors (list-editors.ts and the *-editor(s).ts beside it) are made of: terms
// as an amount and a unit, a citation chosen from the law and quoted, codes for new entries, the
// "new entry" fieldset, a box per mode an entry reaches, the units of an amount. The forms
// themselves are read and written by list-fields.ts. Pure.
import { MODE_LABELS } from "~/domain/applications/labels";
import type { EntryWritten, FieldOption, FieldValues, LawUnits, ListEditor, ListField } from "./list-fields";
import { objectsIn } from "./proposal-places";

type Doc = Record<string, unknown>;

/** A code for a new entry from its name: "Relatório mensal de motoristas" → "relatorio_mensal_motoristas". */
export function codeOf(name: string, words = 4): string {
  const all = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // Without the short words ("de", "da", "e"), unless the name is only those ("RG").
  const long = all.filter((w) => w.length > 2);
  const plain = (long.length ? long : all).slice(0, words).join("_");
  return /^[a-z]/.test(plain) ? plain : `item_${plain}`;
}

/** The modes the draft's services offer: a new entry reaches them all, as an included proposal does. */
export function offeredModes(doc: Doc): string[] {
  const modes = objectsIn(doc.categories).flatMap((c) => objectsIn(c.modes).map((m) => m.mode));
  return [...new Set(modes.filter((m): m is string => typeof m === "string"))];
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

/**
 * The list's editor with a "new entry" fieldset: its own fields plus the unit of the law the new
 * entry cites (quoted under it), written as an edit of the blank entry `blank` makes from the typing.
 */
export function withCitedCreate(editor: ListEditor, blank: (typed: FieldValues, doc: Doc) => Doc): ListEditor {
  return {
    ...editor,
    create: {
      fields: (doc, units) => [
        ...editor.fields(doc, units),
        {
          name: "citacao",
          label: "Dispositivo da lei que o pede",
          placeholder: "Escolha o dispositivo…",
          options: citationOptions(doc, units),
        },
      ],
      values: (doc) => editor.read(blank({}, doc), doc),
      write: (typed, context) => {
        const citation = typed.citacao ?? "";
        const result = editor.write({ ...blank(typed, context.doc), citation }, typed, { ...context, key: "" });
        const errors = {
          ...("errors" in result ? result.errors : {}),
          ...(isOption(context.fields, "citacao", citation)
            ? {}
            : { citacao: "escolha o dispositivo da lei que o pede." }),
        };
        if (Object.keys(errors).length) return { errors };
        quoteInto(context.doc, citation, context.units);
        return result;
      },
    },
  };
}

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

// ---- whom an entry applies to ------------------------------------------------------------------

const modeField = (mode: string) => `modo_${mode}`;

/**
 * The list's editor with a box per mode the draft's services offer ("Vale para Autônomo"): the
 * entry's `appliesTo.modes`. Its categories, and a mode no service offers now, are kept as they are.
 * `optional`: an entry without `appliesTo` reaches every mode, and stays without it when all are ticked.
 */
export function withModes(editor: ListEditor, { optional = false } = {}): ListEditor {
  const modesOf = (entry: Doc, doc: Doc): string[] => {
    const [applies] = objectsIn([entry.appliesTo]);
    if (!applies) return optional ? offeredModes(doc) : [];
    return Array.isArray(applies.modes) ? applies.modes.filter((m): m is string => typeof m === "string") : [];
  };
  return {
    ...editor,
    fields: (doc, units) => [
      ...editor.fields(doc, units),
      ...offeredModes(doc).map((mode, i) => ({
        name: modeField(mode),
        label: `Vale para ${MODE_LABELS[mode]?.label ?? mode}`,
        checkbox: true,
        beside: i > 0,
      })),
    ],
    read: (entry, doc) => {
      const modes = modesOf(entry, doc);
      return {
        ...editor.read(entry, doc),
        ...Object.fromEntries(offeredModes(doc).map((m) => [modeField(m), modes.includes(m) ? "1" : ""])),
      };
    },
    write: (entry, typed, context) => {
      const written = editor.write(entry, typed, context);
      const offered = offeredModes(context.doc);
      const ticked = offered.filter((m) => typed[modeField(m)] === "1");
      if (!offered.length) return written;
      if (!ticked.length)
        return {
          errors: {
            ...("errors" in written ? written.errors : {}),
            [modeField(offered[0] ?? "")]: "marque ao menos um modo a que se aplica.",
          },
        };
      if ("errors" in written) return written;
      const [applies] = objectsIn([entry.appliesTo]);
      if (!applies && optional && ticked.length === offered.length) return written;
      const before = modesOf(entry, context.doc);
      const kept = before.filter((m) => !offered.includes(m));
      if (applies && ticked.length + kept.length === before.length && ticked.every((m) => before.includes(m)))
        return written;
      // In its place when the entry had it (the text's order is kept), else last.
      return { entry: { ...written.entry, appliesTo: { ...applies, modes: [...ticked, ...kept] } } };
    },
  };
}

/** Whom an entry reaches, in words: "Mototáxi — Autônomo" (every service when it names none). */
export function scopeOf(entry: Doc, doc: Doc): string {
  const [applies] = objectsIn([entry.appliesTo]);
  if (!applies) return "todos os serviços";
  const labels = new Map(objectsIn(doc.categories).map((c) => [c.code, str(c.label)]));
  const names = (list: unknown, label: (v: string) => string) =>
    (Array.isArray(list) ? list : []).map((v) => label(String(v))).join(", ");
  const categories = names(applies.categories, (c) => labels.get(c) || c);
  const modes = names(applies.modes, (m) => MODE_LABELS[m]?.label ?? m);
  return [categories, modes].filter(Boolean).join(" — ");
}

/** The units an amount may be written in: the town's fiscal unit (and any other the draft uses), reais, minimum wages. */
export function moneyUnitOptions(doc: Doc, used: unknown[]): FieldOption[] {
  const fiscal = [doc.fiscalUnit, ...used].filter(
    (u): u is string => typeof u === "string" && /^[A-Z]{2,8}$/.test(u) && u !== "BRL",
  );
  return [
    ...[...new Set(fiscal)].map((u) => ({ value: u, label: `${u} (unidade fiscal)` })),
    { value: "BRL", label: "reais (R$)" },
    { value: "SALARIO_MINIMO", label: "salários mínimos" },
  ];
}
