// What each kind of proposal becomes in a draft's document (ADR 069, 072, 073): a rule with its
// values, the list or the place of the pack where it goes, and what tells it apart from the rules
// already there. acceptProposal (accept-proposal.ts) writes it with its citation and the law's words.
import type { Proposal, ProposalKind } from "~/domain/laws/proposals";
import { zFiscalUnit } from "./vocabulary";

type Doc = Record<string, unknown>;
/**
 * Where an accepted proposal goes: appended to a list at `list` (a path: `["personRules"]`,
 * `["infractions", "catalogue"]`), or set at one place of the document (`at`). In a list, a rule
 * gets an id of its own (`min_age`, `min_age_2`) and is told apart by its kind; an entry the pack
 * keys by a field (a document by its type, an infraction by its code) is `unique` by it, and a
 * second one is refused. `scoped`: with the draft's modes, as person and vehicle rules and documents
 * are (a fee or an infraction is not).
 */
export type Placed =
  | {
      list: readonly string[];
      scoped: boolean;
      id: string;
      rule: Doc;
      unique?: "type" | "code" | "label" | "id";
      /** The key its citation goes under, when not `citation` (a vistoria's `periodCitation`). */
      citationKey?: string;
      /** Parameters the rule reads (a "recent" document's days), added when the draft lacks them. */
      parameters?: Record<string, Doc>;
      /** The list's parent takes the draft's modes when it has none (a crachá's `identificationCard`). */
      scopeParent?: boolean;
      /** The law's words under the other citations the rule makes (a card's fields, a penalty's list). */
      quotes?: Record<string, string>;
      /** With `scoped`, only these of the draft's categories (the unit names its service). */
      categories?: string[];
    }
  | { at: readonly string[]; id: string; rule: Doc };

const pascal = (code: string) =>
  code
    .toLowerCase()
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");

/**
 * A document the law names, as the draft's requirement: its validity as the law's words state it
 * (a term; its own expiry; "atualizado"/"recente" as days in a parameter whose 90 the portal proposes
 * and the gestor changes, saying so in its note).
 */
function documentPlace(v: Proposal["value"], citation: string): Placed {
  const type = String(v.type);
  const word = String(v.recentWord ?? "recente");
  const parameter = `dias${pascal(type)}${pascal(word)}`;
  const validity = /^P\d+[DMY]$/.test(String(v.validity))
    ? { kind: "DURATION", duration: v.validity }
    : v.validity === "RECENT"
      ? { kind: "RECENT", parameter }
      : { kind: v.validity };
  return {
    list: ["documents"],
    scoped: true,
    unique: "type",
    id: type,
    rule: {
      type,
      label: v.label,
      validity,
      ...(v.fromMunicipality ? { fromMunicipality: true } : {}),
      ...(v.holderPhoto ? { holderPhoto: true } : {}),
      ...(typeof v.quantity === "number" ? { quantity: v.quantity } : {}),
    },
    parameters:
      v.validity === "RECENT"
        ? {
            [parameter]: {
              label: `Idade máxima (dias) do documento “${String(v.label).toLowerCase()}” ${word}`,
              unit: "DAYS",
              value: 90,
              default: 90,
              editable: true,
              citation,
              note: `A lei diz apenas “${word}”; 90 dias é o padrão do portal, ajustável pelo gestor.`,
            },
          }
        : {},
  };
}

/** "Lei 1.234/2025, art. 7º" → "art. 7º": a fee's label until its author writes a better one. */
const unitOfCitation = (citation: string) => citation.replace(/^Lei [\d.]+\/\d{4},\s*/, "");

/** A person or vehicle rule, for every mode of the draft, with an id of its own. */
const scopedRule = (list: "personRules" | "vehicleRules", id: string, rule: Doc): Placed => ({
  list: [list],
  scoped: true,
  id,
  rule,
});

/** Where a proposal goes in this draft, or why it cannot go without a choice the law does not make. */
type Place = (value: Proposal["value"], doc: Doc, citation: string) => Placed | { needs: string };

export const PLACES: Partial<Record<ProposalKind, Place>> = {
  MIN_AGE: (v) => scopedRule("personRules", "min_age", { kind: "MIN_AGE", years: v.years }),
  CNH_CATEGORY: (v) =>
    scopedRule("personRules", "cnh_category", {
      kind: "CNH_CATEGORY",
      anyOf: v.anyOf,
      label: (v.anyOf as string[]).join(", "),
    }),
  CNH_MIN_YEARS: (v) => scopedRule("personRules", "cnh_min_years", { kind: "CNH_MIN_YEARS", years: v.years }),
  CNH_EAR: () => scopedRule("personRules", "cnh_ear", { kind: "CNH_EAR" }),
  // The course is proven by its certificate, which the analyst reads (Lei 12.009, art. 2º, III).
  COURSE: (_v, _doc, citation) =>
    documentPlace(
      {
        type: "CERTIFICADO_CURSO_ESPECIALIZADO",
        label: "Certificado de aprovação no curso especializado",
        validity: "NONE",
      },
      citation,
    ),
  SERVICE_EQUIPMENT: (v) => ({
    list: ["serviceRequirements"],
    scoped: true,
    unique: "code",
    id: String(v.code),
    rule: { code: v.code, label: v.label },
    ...(Array.isArray(v.categories) && v.categories.length ? { categories: v.categories as string[] } : {}),
  }),
  RESIDENCE_IN_MUNICIPALITY: () => scopedRule("personRules", "residence", { kind: "RESIDENCE_IN_MUNICIPALITY" }),
  VEHICLE_MAX_AGE: (v) =>
    scopedRule("vehicleRules", "vehicle_age", { kind: "MAX_AGE", years: v.years, basis: v.basis }),
  MIN_DISPLACEMENT: (v) => scopedRule("vehicleRules", "min_cc", { kind: "MIN_DISPLACEMENT", cc: v.cc }),
  MAX_DISPLACEMENT: (v) => scopedRule("vehicleRules", "max_cc", { kind: "MAX_DISPLACEMENT", cc: v.cc }),
  MIN_DOORS: (v) => scopedRule("vehicleRules", "min_doors", { kind: "MIN_DOORS", doors: v.doors }),
  MAX_PASSENGERS: (v) => scopedRule("vehicleRules", "max_passengers", { kind: "MAX_PASSENGERS", seats: v.seats }),
  VEHICLE_REGISTRATION_CATEGORY: (v) =>
    scopedRule("vehicleRules", "vehicle_registration_category", {
      kind: "REGISTRATION_CATEGORY",
      category: v.category,
    }),
  VEHICLE_LICENSED_HERE: (v) =>
    scopedRule("vehicleRules", "vehicle_licensing_municipality", {
      kind: "LICENSED_IN_MUNICIPALITY",
      exceptLeased: v.exceptLeased === true,
    }),
  VEHICLE_OWNERSHIP: (v) => scopedRule("vehicleRules", "vehicle_ownership", { kind: "OWNERSHIP", allowed: v.allowed }),
  // A vistoria the law lists no items for checks the federal floor's (merge.ts); with none there
  // either, the pack is refused until the author writes them.
  VISTORIA_PERIOD: (v) => ({
    list: ["vistorias"],
    scoped: true,
    unique: "id",
    id: "vistoria",
    citationKey: "periodCitation",
    rule: { id: "vistoria", period: v.period, discretionary: false, items: [] },
  }),
  VISTORIA_SEAL: (_v, _doc, citation) => ({
    list: ["credentials"],
    scoped: true,
    unique: "type",
    id: "SELO_VISTORIA",
    rule: {
      type: "SELO_VISTORIA",
      label: "Selo de vistoria",
      validity: { kind: "UNTIL_NEXT_VISTORIA", citation },
      issuedOn: "VISTORIA",
    },
  }),
  // In the draft's fiscal unit (the town's), else the one the law names; no unit is a problem the check names.
  FEE: (v, doc, citation) => ({
    list: ["fees"],
    scoped: false,
    id: "taxa",
    rule: {
      label: `Taxa (${unitOfCitation(citation)})`,
      amount: v.amount,
      unit: fiscalUnitOf(doc, v.unit),
    },
  }),
  APPEAL_DEADLINE: (v) => ({ at: ["infractions", "enforcement", "appeal"], id: "appeal", rule: { within: v.within } }),
  DOCUMENT: (v, _doc, citation) => documentPlace(v, citation),
  INFRACTION: (v, doc) => ({
    list: ["infractions", "catalogue"],
    scoped: false,
    unique: "code",
    id: String(v.code),
    rule: {
      code: v.code,
      description: v.description,
      offender: v.offender,
      ...(v.penalty && typeof v.penalty === "object"
        ? { penalty: penaltyOf(v.penalty as Doc, doc, v.penaltyCitation) }
        : {}),
    },
    quotes: quotesOf([{ citation: v.penaltyCitation, quote: v.penaltyQuote }]),
  }),
  ID_CARD: (v) => {
    const fields = (Array.isArray(v.fields) ? v.fields : []) as Doc[];
    return {
      list: ["identificationCard", "cards"],
      scoped: false,
      scopeParent: true,
      unique: "label",
      id: String(v.label),
      rule: {
        label: v.label,
        credential: "CRACHA",
        fields: fields.map((f) => ({ field: f.field, citation: f.citation, ...(f.stamped ? { stamped: true } : {}) })),
      },
      quotes: quotesOf(fields),
    };
  },
  CREDENTIAL_VALIDITY: (v, _doc, citation) =>
    typeof v.credential === "string"
      ? {
          list: ["credentials"],
          scoped: true,
          unique: "type",
          id: v.credential,
          rule: { type: v.credential, label: v.label, validity: { kind: "DURATION", duration: v.duration, citation } },
        }
      : { needs: "A lei não diz de qual credencial é esta validade: escreva-a na credencial, no texto." },
  QUOTA: (v, doc) => {
    const categories = Array.isArray(v.categories) ? (v.categories as string[]) : [];
    const offers = objectsIn(doc.categories).filter((c) => categories.includes(String(c.code)));
    // The modes whose act the vagas count (a permissão's), else every mode of the category; a draft
    // typed by hand may hold anything, so only strings count as modes.
    const ofAct = offers
      .flatMap((c) => objectsIn(c.acts))
      .filter((a) => a.kind === v.unit)
      .flatMap((a) => (Array.isArray(a.modes) ? a.modes : []));
    const anyMode = offers.flatMap((c) => objectsIn(c.modes).map((m) => m.mode));
    const modes = [...new Set(ofAct.length ? ofAct : anyMode)].filter((m): m is string => typeof m === "string");
    if (!categories.length || !v.unit)
      return { needs: "A lei não diz de qual serviço são as vagas: escreva-as no texto." };
    if (!modes.length) return { needs: "Marque antes, em “Quem a lei credencia”, o serviço de que são estas vagas." };
    return {
      list: ["quotas"],
      scoped: false,
      id: `vagas_${categories.join("_").toLowerCase()}`,
      rule: { unit: v.unit, categories, modes, inhabitantsPerUnit: v.inhabitantsPerUnit, rounding: "FLOOR" },
    };
  },
  PENALTIES: (v) => ({ at: ["infractions", "penaltyScale"], id: "penaltyScale", rule: { penalties: v.penalties } }),
};

/** The objects of a list in a draft's text (anything else there is skipped). */
export const objectsIn = (list: unknown): Doc[] =>
  Array.isArray(list) ? list.filter((e): e is Doc => Boolean(e) && typeof e === "object" && !Array.isArray(e)) : [];

/** The law's words under each citation, from entries that carry both (strings only). */
const quotesOf = (entries: readonly { citation?: unknown; quote?: unknown }[]): Record<string, string> =>
  Object.fromEntries(
    entries.flatMap((e) =>
      typeof e.citation === "string" && typeof e.quote === "string" ? [[e.citation, e.quote]] : [],
    ),
  );

/** The draft's fiscal unit when it reads as one (the town's), else `fallback`. */
const fiscalUnitOf = (doc: Doc, fallback: unknown) =>
  (zFiscalUnit.safeParse(doc.fiscalUnit).success ? doc.fiscalUnit : fallback) ?? null;

/**
 * The law's penalties as an infraction's own (every one the law lists, applied by gravity), citing
 * the unit that lists them; a fine with no unit in the law's words is in the draft's fiscal unit.
 */
function penaltyOf(read: Doc, doc: Doc, citation: unknown): Doc {
  const fine = read.fine as Doc | undefined;
  return { ...read, ...(fine ? { fine: { ...fine, unit: fine.unit ?? fiscalUnitOf(doc, null) } } : {}), citation };
}

/** Whether a list's entry is the one a placement makes: by its unique field, or by its kind. */
export const sameEntry = (placed: Extract<Placed, { list: readonly string[] }>, entry: Doc | null) =>
  placed.unique ? entry?.[placed.unique] === placed.rule[placed.unique] : entry?.kind === placed.rule.kind;
