// The draft's infractions as fields (issue #30's editor): what each one is and who commits it — the
// weakest of the law's readings (ADR 073: the same words mean the driver in one article and the
// holder in another), so the one a person most needs to set without the JSON. Read from the draft's
// document and written back into it; the checks judge the result like any save. Pure.
import { documentObject } from "./document";
import { objectsIn } from "./proposal-places";

export const OFFENDERS = ["CONDUTOR", "TITULAR", "OPERADORA", "QUALQUER"] as const;
export type Offender = (typeof OFFENDERS)[number];

export interface InfractionField {
  /** Its place in the catalogue and its code (the form sends both: the text may have changed since). */
  index: number;
  code: string;
  description: string;
  offender: Offender | null;
  citation: string;
  /** The law's words under its citation, when the draft quotes it. */
  quote: string | null;
}

type Doc = Record<string, unknown>;
const catalogueOf = (doc: Doc): unknown[] | null => {
  const infractions = doc.infractions && typeof doc.infractions === "object" ? (doc.infractions as Doc) : null;
  return infractions && Array.isArray(infractions.catalogue) ? infractions.catalogue : null;
};
const isOffender = (v: unknown): v is Offender => OFFENDERS.includes(v as Offender);

/** The draft's infractions as fields; null when the text is not a JSON object. */
export function infractionFields(text: string): InfractionField[] | null {
  const doc = documentObject(text);
  if (!doc) return null;
  const quotes = (doc.quotes && typeof doc.quotes === "object" ? doc.quotes : {}) as Record<string, unknown>;
  return (catalogueOf(doc) ?? []).flatMap((entry, index) => {
    const [i] = objectsIn([entry]);
    if (!i || typeof i.code !== "string") return [];
    const citation = typeof i.citation === "string" ? i.citation : "";
    return [
      {
        index,
        code: i.code,
        description: typeof i.description === "string" ? i.description : "",
        offender: isOffender(i.offender) ? i.offender : null,
        citation,
        quote: typeof quotes[citation] === "string" ? (quotes[citation] as string) : null,
      },
    ];
  });
}

type Written = { ok: true; text: string; changed: number } | { ok: false; errors: Record<string, string> };

/**
 * The draft's text with the infractions as typed ("infracao.<index>.description", ".offender",
 * ".code"): every field wrong is named at once and nothing is written then.
 */
export function withInfractionFields(text: string, typed: Readonly<Record<string, string>>): Written {
  const doc = documentObject(text);
  const catalogue = doc && catalogueOf(doc);
  if (!doc || !catalogue)
    return { ok: false, errors: { _form: "O texto do rascunho não é JSON válido ou não tem infrações." } };
  const errors: Record<string, string> = {};
  const updates = new Map<number, { description: string; offender: Offender }>();
  for (const field of infractionFields(text) ?? []) {
    const at = `infracao.${field.index}`;
    if (typed[`${at}.code`] === undefined) continue;
    if (typed[`${at}.code`] !== field.code) {
      errors._form = "As infrações do texto mudaram depois que a página abriu: recarregue e tente de novo.";
      continue;
    }
    const description = (typed[`${at}.description`] ?? "").trim();
    const offender = typed[`${at}.offender`];
    if (!description) errors[`${at}.description`] = `${field.code}: escreva o que a infração é.`;
    if (!isOffender(offender)) errors[`${at}.offender`] = `${field.code}: escolha quem comete a infração.`;
    else if (description) updates.set(field.index, { description, offender });
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  let changed = 0;
  const written = catalogue.map((entry, index) => {
    const update = updates.get(index);
    const i = entry as Doc;
    if (!update || (i.description === update.description && i.offender === update.offender)) return entry;
    changed++;
    return { ...i, ...update };
  });
  (doc.infractions as Doc).catalogue = written;
  return { ok: true, text: JSON.stringify(doc, null, 2), changed };
}
