// A proposal read from the law (ADR 068) accepted into a draft (ADR 069): the person chose it, so it
// becomes a rule of the draft's document with the citation of the unit it was read from and, in
// `quotes`, that unit's words. Only kinds whose rule the proposal fully determines are accepted
// here (a fee in the draft's fiscal unit, the appeal's term, a document with its validity among
// them); the others (a quota, a vistoria, a validity, a course) need choices the text does not make
// (which category, which credential, which document), and are written in the document by hand.
import type { Proposal, ProposalKind } from "~/domain/laws/proposals";
import { zFiscalUnit } from "./vocabulary";

type Doc = Record<string, unknown>;
/**
 * Where an accepted proposal goes: appended to a list of rules (`scoped`: with the draft's modes,
 * as person and vehicle rules are; a fee is not), or set at one place of the document (`at`).
 */
type Placed =
  | {
      list: "personRules" | "vehicleRules" | "fees";
      scoped: boolean;
      id: string;
      rule: Record<string, unknown>;
    }
  | {
      /** A document is told apart by its type (one requirement per type), not by an id. */
      list: "documents";
      scoped: true;
      id: string;
      rule: Record<string, unknown>;
      /** The parameter a "recent" document's days are read from, added when the draft lacks it. */
      parameters: Record<string, Record<string, unknown>>;
    }
  | { at: readonly string[]; id: string; rule: Record<string, unknown> };

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
    list: "documents",
    scoped: true,
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

const PLACES: Partial<Record<ProposalKind, (value: Proposal["value"], doc: Doc, citation: string) => Placed>> = {
  MIN_AGE: (v) => ({ list: "personRules", scoped: true, id: "min_age", rule: { kind: "MIN_AGE", years: v.years } }),
  CNH_CATEGORY: (v) => ({
    list: "personRules",
    scoped: true,
    id: "cnh_category",
    rule: { kind: "CNH_CATEGORY", anyOf: v.anyOf, label: (v.anyOf as string[]).join(", ") },
  }),
  CNH_MIN_YEARS: (v) => ({
    list: "personRules",
    scoped: true,
    id: "cnh_min_years",
    rule: { kind: "CNH_MIN_YEARS", years: v.years },
  }),
  CNH_EAR: () => ({ list: "personRules", scoped: true, id: "cnh_ear", rule: { kind: "CNH_EAR" } }),
  RESIDENCE_IN_MUNICIPALITY: () => ({
    list: "personRules",
    scoped: true,
    id: "residence",
    rule: { kind: "RESIDENCE_IN_MUNICIPALITY" },
  }),
  VEHICLE_MAX_AGE: (v) => ({
    list: "vehicleRules",
    scoped: true,
    id: "vehicle_age",
    rule: { kind: "MAX_AGE", years: v.years, basis: v.basis },
  }),
  MIN_DISPLACEMENT: (v) => ({
    list: "vehicleRules",
    scoped: true,
    id: "min_cc",
    rule: { kind: "MIN_DISPLACEMENT", cc: v.cc },
  }),
  MAX_DISPLACEMENT: (v) => ({
    list: "vehicleRules",
    scoped: true,
    id: "max_cc",
    rule: { kind: "MAX_DISPLACEMENT", cc: v.cc },
  }),
  MIN_DOORS: (v) => ({
    list: "vehicleRules",
    scoped: true,
    id: "min_doors",
    rule: { kind: "MIN_DOORS", doors: v.doors },
  }),
  MAX_PASSENGERS: (v) => ({
    list: "vehicleRules",
    scoped: true,
    id: "max_passengers",
    rule: { kind: "MAX_PASSENGERS", seats: v.seats },
  }),
  // In the draft's fiscal unit (the town's), else the one the law names; no unit is a problem the check names.
  FEE: (v, doc, citation) => ({
    list: "fees",
    scoped: false,
    id: "taxa",
    rule: {
      label: `Taxa (${unitOfCitation(citation)})`,
      amount: v.amount,
      unit: (zFiscalUnit.safeParse(doc.fiscalUnit).success ? doc.fiscalUnit : v.unit) ?? null,
    },
  }),
  APPEAL_DEADLINE: (v) => ({ at: ["infractions", "enforcement", "appeal"], id: "appeal", rule: { within: v.within } }),
  DOCUMENT: (v, _doc, citation) => documentPlace(v, citation),
};

/** The field that tells a list's entries apart: a document's type, any other rule's kind. */
const sameEntry = (placed: Extract<Placed, { list: string }>, entry: Record<string, unknown> | null) =>
  placed.list === "documents" ? entry?.type === placed.rule.type : entry?.kind === placed.rule.kind;

/** Sets `value` at `path` of the document, making the objects on the way that are missing. */
function setAt(doc: Doc, path: readonly string[], value: unknown) {
  let node = doc;
  for (const key of path.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== "object" || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Doc;
  }
  node[path[path.length - 1]] = value;
}

/** What is at `path` of the document, if anything. */
const getAt = (doc: Doc, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Doc)[key] : undefined), doc);

/** Whether a proposal of this kind can be accepted into a draft as it stands. */
export const acceptable = (kind: ProposalKind): boolean => kind in PLACES;

type Accepted = { ok: true; text: string; ruleId: string } | { ok: false; problem: string };

/**
 * The draft's text with the proposal as a rule (for every mode the draft's categories offer) and
 * the law's words under its citation. A draft that is not a JSON object is left as it is.
 */
export function acceptProposal(text: string, proposal: Proposal, citation: string): Accepted {
  const place = PLACES[proposal.kind];
  if (!place)
    return { ok: false, problem: "Esta proposta precisa de escolhas que a lei não faz: escreva a regra no texto." };
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, problem: "O texto do rascunho não é JSON válido: corrija e salve antes de incluir propostas." };
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc))
    return { ok: false, problem: "O texto do rascunho não é um objeto JSON." };
  const placed = place(proposal.value, doc, citation);
  let ruleId = placed.id;
  if ("at" in placed) {
    setAt(doc, placed.at, { ...placed.rule, citation });
  } else {
    const rules = Array.isArray(doc[placed.list]) ? (doc[placed.list] as Record<string, unknown>[]) : [];
    const categories = Array.isArray(doc.categories) ? (doc.categories as { modes?: { mode?: string }[] }[]) : [];
    const modes = [...new Set(categories.flatMap((c) => (c.modes ?? []).map((m) => m.mode)).filter(Boolean))];
    const scope = placed.scoped ? { appliesTo: { modes } } : {};
    if (placed.list === "documents") {
      const asked = rules.find((r) => sameEntry(placed, r));
      if (asked)
        return {
          ok: false,
          problem: `O rascunho já pede “${String(asked.label ?? placed.id)}” (${placed.id}): ajuste-o no texto.`,
        };
      const parameters = doc.parameters && typeof doc.parameters === "object" ? (doc.parameters as Doc) : {};
      doc.parameters = { ...placed.parameters, ...parameters };
      doc.documents = [...rules, { ...placed.rule, citation, ...scope }];
    } else {
      const taken = new Set(rules.map((r) => r?.id));
      for (let n = 2; taken.has(ruleId); n++) ruleId = `${placed.id}_${n}`;
      doc[placed.list] = [...rules, { id: ruleId, ...placed.rule, citation, ...scope }];
    }
  }
  const quotes = doc.quotes && typeof doc.quotes === "object" ? (doc.quotes as Record<string, string>) : {};
  doc.quotes = { ...quotes, [citation]: quotes[citation] ?? proposal.quote };
  return { ok: true, text: JSON.stringify(doc, null, 2), ruleId };
}

/**
 * Whether the draft already has what a proposal would place, read once per text: for a kind
 * "Incluir" places, a rule of that kind citing its unit (one inciso may propose two rules — the
 * CNH's category and its years in "categoria A há, pelo menos, 2 anos" — and including one does
 * not include the other); for a kind written by hand, any part of the text citing its unit.
 */
export function proposalsInDraft(
  text: string,
): (proposal: Pick<Proposal, "kind" | "value">, citation: string) => boolean {
  let doc: Record<string, unknown> | null = null;
  try {
    doc = JSON.parse(text);
  } catch {
    // A broken text: only its citations can be read.
  }
  return (proposal, citation) => {
    // JSON-escaped as the document writes it.
    const cited = text.includes(`"citation": ${JSON.stringify(citation)}`);
    const place = PLACES[proposal.kind];
    if (!cited || !place || !doc || typeof doc !== "object" || Array.isArray(doc)) return cited;
    const placed = place(proposal.value, doc, citation);
    if ("at" in placed) return (getAt(doc, placed.at) as Doc | undefined)?.citation === citation;
    const rules = Array.isArray(doc[placed.list]) ? (doc[placed.list] as Record<string, unknown>[]) : [];
    return rules.some((r) => sameEntry(placed, r) && r?.citation === citation);
  };
}

/**
 * The start of a pack for a municipality that has none (a new town): what the portal knows (its
 * identity, its law, its fiscal unit), the rest empty for the author to write or fill from the
 * proposals. It does not load until a category and its modes are written: the problems say so.
 */
export function skeletonDocument(input: {
  id: string;
  schemaUrl: string;
  municipality: { ibge: string; name: string; uf: string };
  law: { label: string; title: string; date: string | null } | null;
  fiscalUnit: string | null;
  today: string;
}): string {
  return JSON.stringify(
    {
      $schema: input.schemaUrl,
      id: input.id,
      version: "1.0.0",
      effectiveDate: input.today,
      summary: `Regras de ${input.municipality.name} (${input.municipality.uf}) para o transporte em motocicleta.`,
      law: input.law
        ? { label: input.law.label, title: input.law.title, date: input.law.date ?? input.today }
        : { label: "Lei 0/0000", title: "", date: input.today },
      municipality: input.municipality,
      // The town's fiscal unit as the admin wrote it, when it reads as one (an acronym in capitals).
      fiscalUnit: zFiscalUnit.safeParse(input.fiscalUnit).success ? input.fiscalUnit : null,
      parameters: {},
      categories: [],
      personRules: [],
      vehicleRules: [],
      documents: [],
      credentials: [],
      infractions: { catalogue: [] },
      silences: [],
      quotes: {},
    },
    null,
    2,
  );
}
