// Who the law credentials — the categories of service, the modes each offers and the act each mode
// gets (a permissão, an autorização…) — as a form (issue #30's editor), read from the draft's
// document and written back into it, so a new town's first step needs no JSON. What the form does
// not show of a category (its selection, term, colours; an act's own label; a mode's own citation)
// is kept as the text has it. Pure: the law's words come in as a function.
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { documentObject } from "./document";
import { objectsIn } from "./proposal-places";
import { ACT_KINDS, type ActKind, CATEGORIES, type Category, type Mode, MODES } from "./vocabulary";

type Doc = Record<string, unknown>;

export const ACT_LABELS: Record<ActKind, string> = {
  PERMISSAO: "Permissão",
  AUTORIZACAO: "Autorização",
  CREDENCIAMENTO: "Credenciamento",
  REGISTRO: "Registro",
  CONCESSAO: "Concessão",
};

/** One category as the form shows it: whether the law offers it, its label, the act per mode, the article. */
export interface CategoryChoice {
  code: Category;
  offered: boolean;
  label: string;
  /** The unit of the law that creates the service: the citation new acts and modes carry. */
  citation: string;
  /** The act each mode gets; "" where the category does not offer the mode. */
  acts: Record<Mode, ActKind | "">;
}

type Offer = { code?: string; label?: string; acts?: Doc[]; modes?: Doc[] } & Doc;

const offersOf = (doc: Doc): Offer[] => objectsIn(doc.categories);

/** The form's state for every category the portal knows, from the draft's text (null: not JSON). */
export function categoryChoices(text: string): CategoryChoice[] | null {
  const doc = documentObject(text);
  return doc && choicesOf(offersOf(doc));
}

function choicesOf(offers: Offer[]): CategoryChoice[] {
  return CATEGORIES.map((code) => {
    const offer = offers.find((c) => c.code === code);
    const acts = Object.fromEntries(MODES.map((m) => [m, ""])) as Record<Mode, ActKind | "">;
    for (const act of offer?.acts ?? [])
      for (const mode of Array.isArray(act.modes) ? (act.modes as Mode[]) : [])
        if (mode in acts && ACT_KINDS.includes(act.kind as ActKind)) acts[mode] = act.kind as ActKind;
    const first = offer?.modes?.[0]?.citation ?? offer?.acts?.[0]?.citation;
    return {
      code,
      offered: Boolean(offer),
      label: typeof offer?.label === "string" ? offer.label : CATEGORY_LABELS[code],
      citation: typeof first === "string" ? first : "",
      acts,
    };
  });
}

type Written = { ok: true; text: string } | { ok: false; errors: Record<string, string> };

/** The form's field names for a category: "categoria.MOTOTAXI", ".rotulo", ".citacao", ".ato.AUTONOMO". */
export const categoryField = (code: Category, part?: "rotulo" | "citacao" | `ato.${Mode}`) =>
  part ? `categoria.${code}.${part}` : `categoria.${code}`;

/**
 * The draft's text with the categories as the form has them: each offered one with its modes and
 * acts (modes and acts already there keep their citations and labels; new ones cite the article
 * typed), the others removed, and the law's words under every new citation. Every field wrong is
 * named at once and nothing is written then.
 */
export function withCategories(
  text: string,
  typed: Readonly<Record<string, string>>,
  /** The law's words under a citation (null: not a unit of it); null when no law is attached. */
  quoteOf: ((citation: string) => string | null) | null,
): Written {
  const doc = documentObject(text);
  if (!doc)
    return { ok: false, errors: { _form: "O texto do rascunho não é JSON válido: corrija-o no texto abaixo." } };
  const before = offersOf(doc);
  const choices = choicesOf(before);
  const errors: Record<string, string> = {};
  const offers: Offer[] = [];
  const quotes = (doc.quotes && typeof doc.quotes === "object" ? doc.quotes : {}) as Record<string, string>;
  for (const choice of choices) {
    if (typed[categoryField(choice.code)] !== "on") continue;
    const label = (typed[categoryField(choice.code, "rotulo")] ?? "").trim() || CATEGORY_LABELS[choice.code];
    const citation = (typed[categoryField(choice.code, "citacao")] ?? "").trim();
    const acts = MODES.flatMap((mode) => {
      const act = typed[categoryField(choice.code, `ato.${mode}`)] ?? "";
      return ACT_KINDS.includes(act as ActKind) ? [{ mode, act: act as ActKind }] : [];
    });
    if (!acts.length)
      errors[categoryField(choice.code, `ato.${MODES[0]}`)] =
        `${label}: escolha o ato de ao menos uma modalidade (ou desmarque a categoria).`;
    if (!citation)
      errors[categoryField(choice.code, "citacao")] = `${label}: indique o dispositivo da lei que cria o serviço.`;
    else if (quoteOf && !quotes[citation] && quoteOf(citation) === null)
      errors[categoryField(choice.code, "citacao")] = `${label}: “${citation}” não é um dispositivo da lei anexada.`;
    if (errors[categoryField(choice.code, "citacao")] || !acts.length) continue;
    offers.push(offerOf(before.find((c) => c.code === choice.code) ?? {}, choice.code, label, citation, acts));
    const words = quotes[citation] ?? quoteOf?.(citation);
    if (words) quotes[citation] = words;
  }
  if (!Object.keys(errors).length && !offers.length)
    errors[categoryField(CATEGORIES[0])] = "Marque ao menos uma categoria de serviço que a lei credencia.";
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, text: JSON.stringify({ ...doc, categories: offers, quotes }, null, 2) };
}

/** A category's offer with these acts per mode, keeping what the form does not show. */
function offerOf(
  before: Offer,
  code: Category,
  label: string,
  citation: string,
  acts: { mode: Mode; act: ActKind }[],
): Offer {
  const kinds = [...new Set(acts.map((a) => a.act))];
  const actBefore = (kind: ActKind) => (before.acts ?? []).find((a) => a.kind === kind);
  const modeBefore = (mode: Mode) => (before.modes ?? []).find((m) => m.mode === mode);
  return {
    ...before,
    code,
    label,
    acts: kinds.map((kind) => ({
      kind,
      modes: acts.filter((a) => a.act === kind).map((a) => a.mode),
      label: typeof actBefore(kind)?.label === "string" ? actBefore(kind)!.label : ACT_LABELS[kind],
      citation: typeof actBefore(kind)?.citation === "string" ? actBefore(kind)!.citation : citation,
    })),
    modes: acts.map(({ mode }) => ({
      mode,
      citation: typeof modeBefore(mode)?.citation === "string" ? modeBefore(mode)!.citation : citation,
    })),
  };
}
