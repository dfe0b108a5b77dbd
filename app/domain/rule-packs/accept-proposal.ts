// A proposal read from the law (ADR 068) accepted into a draft (ADR 069): the person chose it, so it
// becomes a rule of the draft's document with the citation of the unit it was read from and, in
// `quotes`, that unit's words. Only kinds whose rule the proposal fully determines are accepted
// here; the others (a quota, a vistoria, a validity, a fee, an appeal) need choices the text does
// not make (which category, which credential), and are written in the document by hand.
import type { Proposal, ProposalKind } from "~/domain/laws/proposals";
import { zFiscalUnit } from "./vocabulary";

type Placed = { list: "personRules" | "vehicleRules"; id: string; rule: Record<string, unknown> };

const PLACES: Partial<Record<ProposalKind, (value: Proposal["value"]) => Placed>> = {
  MIN_AGE: (v) => ({ list: "personRules", id: "min_age", rule: { kind: "MIN_AGE", years: v.years } }),
  CNH_CATEGORY: (v) => ({
    list: "personRules",
    id: "cnh_category",
    rule: { kind: "CNH_CATEGORY", anyOf: v.anyOf, label: (v.anyOf as string[]).join(", ") },
  }),
  CNH_MIN_YEARS: (v) => ({ list: "personRules", id: "cnh_min_years", rule: { kind: "CNH_MIN_YEARS", years: v.years } }),
  CNH_EAR: () => ({ list: "personRules", id: "cnh_ear", rule: { kind: "CNH_EAR" } }),
  RESIDENCE_IN_MUNICIPALITY: () => ({
    list: "personRules",
    id: "residence",
    rule: { kind: "RESIDENCE_IN_MUNICIPALITY" },
  }),
  VEHICLE_MAX_AGE: (v) => ({
    list: "vehicleRules",
    id: "vehicle_age",
    rule: { kind: "MAX_AGE", years: v.years, basis: v.basis },
  }),
  MIN_DISPLACEMENT: (v) => ({ list: "vehicleRules", id: "min_cc", rule: { kind: "MIN_DISPLACEMENT", cc: v.cc } }),
  MAX_DISPLACEMENT: (v) => ({ list: "vehicleRules", id: "max_cc", rule: { kind: "MAX_DISPLACEMENT", cc: v.cc } }),
  MIN_DOORS: (v) => ({ list: "vehicleRules", id: "min_doors", rule: { kind: "MIN_DOORS", doors: v.doors } }),
  MAX_PASSENGERS: (v) => ({
    list: "vehicleRules",
    id: "max_passengers",
    rule: { kind: "MAX_PASSENGERS", seats: v.seats },
  }),
};

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
  const { list, id, rule } = place(proposal.value);
  const rules = Array.isArray(doc[list]) ? (doc[list] as Record<string, unknown>[]) : [];
  const taken = new Set(rules.map((r) => r?.id));
  let ruleId = id;
  for (let n = 2; taken.has(ruleId); n++) ruleId = `${id}_${n}`;
  const categories = Array.isArray(doc.categories) ? (doc.categories as { modes?: { mode?: string }[] }[]) : [];
  const modes = [...new Set(categories.flatMap((c) => (c.modes ?? []).map((m) => m.mode)).filter(Boolean))];
  doc[list] = [...rules, { id: ruleId, ...rule, citation, appliesTo: { modes } }];
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
    const { list, rule } = place(proposal.value);
    const rules = Array.isArray(doc[list]) ? (doc[list] as Record<string, unknown>[]) : [];
    return rules.some((r) => r?.kind === rule.kind && r?.citation === citation);
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
