// A proposal read from the law (ADR 068) accepted into a draft (ADR 069): the person chose it, so it
// becomes a rule of the draft's document with the citation of the unit it was read from and, in
// `quotes`, that unit's words. Only kinds whose rule the proposal fully determines are accepted
// here (a fee in the draft's fiscal unit, the appeal's term, a document with its validity, an
// infraction with the law's penalties, the scale of penalties, the crachá's fields, the vehicle's
// registration, the vistoria's period and its seal among them; what each becomes is in
// proposal-places.ts). A quota or a credential's validity is accepted when the unit names its
// service or credential and the draft offers that service; those whose unit names neither need
// choices the text does not make, and are written by hand.
import type { Proposal } from "~/domain/laws/proposals";
import { documentObject } from "./document";
import { objectsIn, type Placed, PLACES, sameEntry } from "./proposal-places";
import { zFiscalUnit } from "./vocabulary";

type Doc = Record<string, unknown>;

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

/** The entries of the list a placement appends to (none when the draft has no such list yet). */
function listAt(doc: Doc, placed: Extract<Placed, { list: readonly string[] }>): Doc[] {
  const list = getAt(doc, placed.list);
  return Array.isArray(list) ? (list as Doc[]) : [];
}

/** Why an entry the pack keys by a field cannot be placed twice, naming the one there. */
function alreadyThere(placed: Extract<Placed, { list: readonly string[] }>, there: Doc): string {
  if (placed.unique === "code")
    return placed.list[0] === "infractions"
      ? `O rascunho já tem a infração ${placed.id}: ajuste-a no texto.`
      : `O rascunho já pede “${String(there.label ?? placed.id)}” em serviço (${placed.id}): ajuste-o no texto.`;
  if (placed.unique === "label") return `O rascunho já tem o “${placed.id}”: ajuste-o no texto.`;
  if (placed.unique === "id") return `O rascunho já tem a regra “${placed.id}”: ajuste-a no texto.`;
  return `O rascunho já pede “${String(there.label ?? placed.id)}” (${placed.id}): ajuste-o no texto.`;
}

/**
 * Whether a proposal can be accepted into this draft as it stands, the text read once for all the
 * proposals: its kind has a place, and the law's words (and the draft) make every choice it needs —
 * which credential a validity is of, which service's vagas.
 */
export function acceptableIn(text: string): (proposal: Pick<Proposal, "kind" | "value">) => boolean {
  const doc = documentObject(text);
  return (proposal) => {
    const place = PLACES[proposal.kind];
    return Boolean(place && doc && !("needs" in place(proposal.value, doc, "")));
  };
}

type Accepted = { ok: true; text: string; ruleId: string } | { ok: false; problem: string };
type Placing = { ok: true; ruleId: string } | { ok: false; problem: string };

/**
 * The draft's text with the proposal as a rule (for every mode the draft's categories offer) and
 * the law's words under its citation. A draft that is not a JSON object is left as it is.
 */
export function acceptProposal(text: string, proposal: Proposal, citation: string): Accepted {
  if (!PLACES[proposal.kind])
    return { ok: false, problem: "Esta proposta precisa de escolhas que a lei não faz: escreva a regra no texto." };
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, problem: "O texto do rascunho não é JSON válido: corrija e salve antes de incluir propostas." };
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc))
    return { ok: false, problem: "O texto do rascunho não é um objeto JSON." };
  const placing = placeInto(doc, proposal, citation);
  return placing.ok ? { ...placing, text: JSON.stringify(doc, null, 2) } : placing;
}

/** The proposal written into the draft's document (changed in place), or why it cannot be. */
function placeInto(doc: Doc, proposal: Proposal, citation: string): Placing {
  const placed = PLACES[proposal.kind]!(proposal.value, doc, citation);
  if ("needs" in placed) return { ok: false, problem: placed.needs };
  let ruleId = placed.id;
  if ("at" in placed) {
    setAt(doc, placed.at, { ...placed.rule, citation });
  } else {
    const rules = listAt(doc, placed);
    const offered = objectsIn(doc.categories).flatMap((c) => objectsIn(c.modes).map((m) => m.mode));
    const modes = [...new Set(offered.filter((m): m is string => typeof m === "string"))];
    const scope = placed.scoped
      ? { appliesTo: { modes, ...(placed.categories ? { categories: placed.categories } : {}) } }
      : {};
    const there = placed.unique && rules.find((r) => sameEntry(placed, r));
    if (there) return { ok: false, problem: alreadyThere(placed, there) };
    if (!placed.unique) {
      const taken = new Set(rules.map((r) => r?.id));
      for (let n = 2; taken.has(ruleId); n++) ruleId = `${placed.id}_${n}`;
    }
    const id = placed.unique ? {} : { id: ruleId };
    setAt(doc, placed.list, [
      ...rules,
      { ...id, ...placed.rule, [placed.citationKey ?? "citation"]: citation, ...scope },
    ]);
    const parameters = doc.parameters && typeof doc.parameters === "object" ? (doc.parameters as Doc) : {};
    if (placed.parameters) doc.parameters = { ...placed.parameters, ...parameters };
    const parent = getAt(doc, placed.list.slice(0, -1)) as Doc;
    if (placed.scopeParent && !parent.appliesTo) parent.appliesTo = { modes };
    const quotes = doc.quotes && typeof doc.quotes === "object" ? (doc.quotes as Record<string, string>) : {};
    doc.quotes = { ...placed.quotes, ...quotes };
  }
  const quotes = doc.quotes && typeof doc.quotes === "object" ? (doc.quotes as Record<string, string>) : {};
  doc.quotes = { ...quotes, [citation]: quotes[citation] ?? proposal.quote };
  return { ok: true, ruleId };
}

/** Whether the document has the rule a placement makes, citing that unit. */
function placedAt(doc: Doc, placed: Placed, citation: string): boolean {
  if ("at" in placed) return (getAt(doc, placed.at) as Doc | undefined)?.citation === citation;
  const key = placed.citationKey ?? "citation";
  return listAt(doc, placed).some((r) => sameEntry(placed, r) && r?.[key] === citation);
}

/**
 * Every proposal the draft lacks, included in the law's order ("Incluir todas"), the text read and
 * written once: one is left out when it needs a choice the law does not make, or when the draft
 * already has a rule of its kind, type or code at any citation — a second age or a second vistoria
 * is a person's decision, one at a time.
 */
export function acceptAllProposals(
  text: string,
  proposals: readonly (Proposal & { citation: string })[],
): { text: string; included: string[]; left: number } {
  const doc = documentObject(text);
  const included: string[] = [];
  let left = 0;
  if (!doc) return { text, included, left };
  for (const proposal of proposals) {
    const place = PLACES[proposal.kind];
    if (!place) continue;
    const placed = place(proposal.value, doc, proposal.citation);
    if ("needs" in placed) {
      // Written by hand, or by a rule included above, when the draft cites its unit.
      if (!JSON.stringify(doc).includes(`"citation":${JSON.stringify(proposal.citation)}`)) left++;
      continue;
    }
    if (placedAt(doc, placed, proposal.citation)) continue;
    const taken =
      "at" in placed ? getAt(doc, placed.at) !== undefined : listAt(doc, placed).some((r) => sameEntry(placed, r));
    const placing = taken ? null : placeInto(doc, proposal, proposal.citation);
    if (placing?.ok) included.push(placing.ruleId);
    else left++;
  }
  return { text: included.length ? JSON.stringify(doc, null, 2) : text, included, left };
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
    const place = PLACES[proposal.kind];
    const placed =
      place && doc && typeof doc === "object" && !Array.isArray(doc) ? place(proposal.value, doc, citation) : null;
    const key = placed && "list" in placed ? (placed.citationKey ?? "citation") : "citation";
    // JSON-escaped as the document writes it.
    const cited = text.includes(`"${key}": ${JSON.stringify(citation)}`);
    if (!cited || !placed || "needs" in placed) return cited;
    return placedAt(doc as Doc, placed, citation);
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
