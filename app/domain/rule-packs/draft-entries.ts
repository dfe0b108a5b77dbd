// The rules of a draft one by one (issue #30's editor: "accepts, edits or discards each"): every
// entry of the pack's lists with where it sits and what names it, and taking one out of the text —
// with the law's words it alone cited, so the draft stays a pack that quotes what it cites. Pure;
// the page words each entry (components/back-office/rule-pack/draft-rules.tsx).
import { objectsIn } from "./proposal-places";

type Doc = Record<string, unknown>;

/** The lists of a pack whose entries are rules, in the order a reader meets them. */
export const RULE_LISTS = [
  "personRules",
  "vehicleRules",
  "operatorRules",
  "documents",
  "credentials",
  "vistorias",
  "quotas",
  "fees",
  "serviceRequirements",
  "deadlines",
  "identificationCard.cards",
  "infractions.catalogue",
] as const;
export type RuleList = (typeof RULE_LISTS)[number];

export type DraftEntry = {
  list: RuleList;
  /** Its place in the list, and what names it there (an id, a document's type, an infraction's code). */
  index: number;
  key: string;
  entry: Doc;
};

const listAt = (doc: Doc, list: string): unknown =>
  list.split(".").reduce<unknown>((node, k) => (node && typeof node === "object" ? (node as Doc)[k] : undefined), doc);

/** Besides the rules, what "Retirar" takes out of a draft: an example applicant. */
const REMOVABLE: readonly string[] = [...RULE_LISTS, "examples"];

/** What names an entry in its list (an example, its name). */
export const entryKey = (entry: Doc): string => {
  const named = [entry.id, entry.type, entry.code, entry.label, entry.name].find((v) => typeof v === "string" && v);
  return typeof named === "string" ? named : "";
};

/** Every rule of the draft's text, list by list; none when the text is not a JSON object. */
export function draftEntries(doc: Doc | null): DraftEntry[] {
  if (!doc) return [];
  return RULE_LISTS.flatMap((list) => {
    const entries = listAt(doc, list);
    return Array.isArray(entries)
      ? entries.flatMap((entry, index) =>
          entry && typeof entry === "object" && !Array.isArray(entry)
            ? [{ list, index, key: entryKey(entry as Doc), entry: entry as Doc }]
            : [],
        )
      : [];
  });
}

/** Every citation a value makes (a rule's, its validity's, a card field's, a vistoria period's). */
function citationsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) citationsIn(v, out);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) {
      if (/citation$/i.test(k) && typeof v === "string") out.add(v);
      else citationsIn(v, out);
    }
  return out;
}

type Removed = { ok: true; text: string } | { ok: false; problem: string };

/**
 * The draft's text without the entry at `index` of `list` (a rule's, or "examples"), if it is still the one named `key` (the
 * text may have changed since the page was read); the law's words under a citation nothing else
 * makes go with it.
 */
export function removeFromDraft(text: string, list: string, index: number, key: string): Removed {
  let doc: Doc;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, problem: "O texto do rascunho não é JSON válido: corrija e salve antes de retirar regras." };
  }
  const known = REMOVABLE.find((l) => l === list);
  const entries = doc && typeof doc === "object" && known ? listAt(doc, known) : undefined;
  const entry = Array.isArray(entries) ? objectsIn([entries[index]])[0] : undefined;
  if (!known || !Array.isArray(entries) || !entry || entryKey(entry) !== key)
    return {
      ok: false,
      problem: "Esta regra não está mais nesse lugar do texto: recarregue a página e tente de novo.",
    };
  entries.splice(index, 1);
  const quotes = doc.quotes && typeof doc.quotes === "object" ? (doc.quotes as Record<string, string>) : null;
  if (quotes) {
    const stillCited = citationsIn({ ...doc, quotes: undefined });
    for (const citation of citationsIn(entry)) if (!stillCited.has(citation)) delete quotes[citation];
  }
  return { ok: true, text: JSON.stringify(doc, null, 2) };
}
