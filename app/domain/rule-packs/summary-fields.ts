// The draft's summary and its silences as two fields (issue #30's editor): what the pack is, in a
// sentence or two for the rules page, and what the law says that the portal does not check (one per
// line) — the last parts of a new town's pack that were typed in JSON. Pure.
import { documentObject } from "./document";

export interface SummaryFields {
  summary: string;
  /** One per line in the form. */
  silences: string;
}

/** The draft's summary and silences as the form shows them; null when the text is not a JSON object. */
export function summaryFields(text: string): SummaryFields | null {
  const doc = documentObject(text);
  if (!doc) return null;
  const silences = Array.isArray(doc.silences) ? doc.silences.filter((s) => typeof s === "string") : [];
  return { summary: typeof doc.summary === "string" ? doc.summary : "", silences: silences.join("\n") };
}

type Written = { ok: true; text: string } | { ok: false; errors: Record<string, string> };

/** The draft's text with the summary and the silences as typed (blank lines dropped). */
export function withSummaryFields(text: string, typed: Readonly<Partial<SummaryFields>>): Written {
  const doc = documentObject(text);
  if (!doc)
    return { ok: false, errors: { _form: "O texto do rascunho não é JSON válido: corrija-o no texto abaixo." } };
  const summary = (typed.summary ?? "").replace(/\s+/g, " ").trim();
  if (!summary)
    return { ok: false, errors: { summary: "Escreva o resumo: o que o pacote regula, em uma ou duas frases." } };
  const silences = (typed.silences ?? "")
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  return { ok: true, text: JSON.stringify({ ...doc, summary, silences }, null, 2) };
}
