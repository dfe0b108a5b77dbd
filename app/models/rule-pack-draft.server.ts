// Pack drafts (ADR 069): a gestor writes a new text of the rules in the portal, checks it, and
// submits it; another person with the same power publishes it with the day it takes effect. One
// open draft per municipality: two texts written side by side would silently undo each other.
// Writing it is here; sending, returning and publishing it are in rule-pack-publication.server.ts.
import { exampleProblems } from "~/domain/eligibility/examples";
import { citableUnits, quoteOf } from "~/domain/laws/citation";
import { citedDraftFromLaw } from "~/domain/laws/proposals";
import { conflict, forbidden, notFound } from "~/domain/refusal";
import { checkPackDocument, type PackProblem, type RulePack } from "~/domain/rule-packs";
import { acceptAllProposals, acceptProposal, skeletonDocument } from "~/domain/rule-packs/accept-proposal";
import { withCategories } from "~/domain/rule-packs/category-offers";
import { documentObject } from "~/domain/rule-packs/document";
import { removeFromDraft } from "~/domain/rule-packs/draft-entries";
import { RULE_PACK_SCHEMA_PATH } from "~/domain/rule-packs/json-schema";
import { lawTextProblems } from "~/domain/rule-packs/law-check";
import { LIST_EDITORS, type ListName } from "~/domain/rule-packs/list-editors";
import { withListFields } from "~/domain/rule-packs/list-fields";
import { civilDate } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { lawOf } from "./law-text.server";
import { activePack, activePackDocument, hasPackInForce, latestVersionRow } from "./rule-pack.server";

type MunicipalityPack = { id: string; rulePackId: string; timeZone: string };

export type DraftStatus = "EDITING" | "SUBMITTED" | "PUBLISHED" | "DISCARDED";
export const OPEN_DRAFT: DraftStatus[] = ["EDITING", "SUBMITTED"];

/** The open draft of a municipality, if any. */
export function openDraft(municipalityId: string) {
  return db.rulePackDraft.findFirst({
    where: { municipalityId, status: { in: OPEN_DRAFT } },
    orderBy: { createdAt: "desc" },
  });
}

/**
 * The document's problems against the municipality: its own checks, that it is this city's pack,
 * and, when the law's text is attached, that every citation is a unit of it and every quote its words;
 * then its example applicants, each judged by the engine with the outcome its author wrote.
 */
export async function draftProblems(
  municipality: MunicipalityPack,
  text: string,
): Promise<{ pack: RulePack | null; problems: PackProblem[] }> {
  const checked = checkPackDocument(text);
  if (!checked.pack) return checked;
  if (checked.pack.id !== municipality.rulePackId)
    return {
      pack: null,
      problems: [
        {
          rule: "id",
          problem: `o pacote deste município se chama "${municipality.rulePackId}", não "${checked.pack.id}".`,
        },
      ],
    };
  const law = await lawOf(municipality.id);
  const problems = [...(law ? lawTextProblems(checked.pack, law) : []), ...exampleProblems(checked.pack)];
  return problems.length ? { pack: null, problems } : checked;
}

/** The text a draft starts from: the pack in force, or for a town with none, what the portal knows of it. */
async function startingText(
  municipality: MunicipalityPack & { ibgeCode: string; name: string; uf: string; fiscalUnitName: string },
) {
  if (await hasPackInForce(municipality)) {
    const [document, latest, current] = await Promise.all([
      activePackDocument(municipality),
      latestVersionRow(municipality),
      activePack(municipality),
    ]);
    return { document, basedOnVersion: latest?.version ?? current.version };
  }
  const law = await lawOf(municipality.id);
  const document = skeletonDocument({
    id: municipality.rulePackId,
    schemaUrl: RULE_PACK_SCHEMA_PATH,
    municipality: { ibge: municipality.ibgeCode, name: municipality.name, uf: municipality.uf },
    law: law ? { label: law.label, title: law.title, date: law.publishedOn } : null,
    fiscalUnit: municipality.fiscalUnitName,
    today: civilDate(new Date(), municipality.timeZone),
  });
  return { document, basedOnVersion: null };
}

/** Begins a draft from the pack in force, or from what the portal knows of a new town (or returns the open one). */
export async function startDraft(
  municipality: MunicipalityPack & { ibgeCode: string; name: string; uf: string; fiscalUnitName: string },
  actor: Actor & { userId: string },
) {
  const open = await openDraft(municipality.id);
  if (open) return open;
  const { document, basedOnVersion } = await startingText(municipality);
  return db.$transaction(async (tx) => {
    const draft = await tx.rulePackDraft.create({
      data: { municipalityId: municipality.id, documentJson: document, basedOnVersion, authorId: actor.userId },
    });
    await audit(tx, actor, {
      action: "rule_pack.draft_start",
      subjectType: "RulePackDraft",
      subjectId: draft.id,
      municipalityId: municipality.id,
      after: { basedOn: draft.basedOnVersion },
    });
    return draft;
  });
}

/**
 * Accepts a proposal read from the municipality's law into its author's draft: recomputed from the
 * saved law (never taken from the form), placed as a rule with its unit's citation and words.
 */
export async function acceptProposalIntoDraft(
  municipality: MunicipalityPack,
  draftId: string,
  pick: { anchor: string; kind: string; key?: string },
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  const law = await lawOf(municipality.id);
  const proposal =
    law &&
    citedDraftFromLaw(law.label, law.units).proposals.find(
      (p) => p.anchor === pick.anchor && p.kind === pick.kind && (p.key ?? "") === (pick.key ?? ""),
    );
  if (!law || !proposal) throw notFound("Proposta não encontrada no texto da lei.");
  const accepted = acceptProposal(draft.documentJson, proposal, proposal.citation);
  if (!accepted.ok) throw conflict(accepted.problem);
  await db.rulePackDraft.update({ where: { id: draft.id }, data: { documentJson: accepted.text } });
  return { ruleId: accepted.ruleId };
}

/** "Incluir todas": every proposal of the law the draft lacks, in the law's order (acceptAllProposals). */
export async function acceptAllProposalsIntoDraft(
  municipality: MunicipalityPack,
  draftId: string,
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  const law = await lawOf(municipality.id);
  if (!law) throw notFound("O município não tem texto de lei anexado.");
  const all = acceptAllProposals(draft.documentJson, citedDraftFromLaw(law.label, law.units).proposals);
  if (all.included.length) await db.rulePackDraft.update({ where: { id: draft.id }, data: { documentJson: all.text } });
  return { included: all.included.length, left: all.left };
}

/** "Retirar": the rule at that place of the draft's lists taken out, if it is still the one named. */
export async function removeRuleFromDraft(
  municipality: MunicipalityPack,
  draftId: string,
  at: { list: string; index: number; key: string },
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  const removed = removeFromDraft(draft.documentJson, at.list, at.index, at.key);
  if (!removed.ok) throw conflict(removed.problem);
  await db.rulePackDraft.update({ where: { id: draft.id }, data: { documentJson: removed.text } });
}

/** The draft of this municipality with that id. */
export async function draftOf(municipalityId: string, draftId: string) {
  const draft = await db.rulePackDraft.findFirst({ where: { id: draftId, municipalityId } });
  if (!draft) throw notFound("Rascunho não encontrado.");
  return draft;
}

/** The draft, when the actor is its author and it is being edited. */
async function editableDraft(municipality: MunicipalityPack, draftId: string, actor: Actor & { userId: string }) {
  const draft = await draftOf(municipality.id, draftId);
  if (draft.authorId !== actor.userId) throw forbidden("Só quem começou o rascunho pode alterá-lo.");
  if (draft.status !== "EDITING")
    throw conflict("O rascunho já foi enviado para publicação: peça que o devolvam para editar.");
  return draft;
}

/**
 * Saves the draft's text as written, even with problems (nothing typed is lost), and returns them.
 * Only its author writes it, and only while it is being edited.
 */
export async function saveDraft(
  municipality: MunicipalityPack,
  draftId: string,
  text: string,
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  await db.rulePackDraft.update({ where: { id: draft.id }, data: { documentJson: text } });
  return await draftProblems(municipality, text);
}

type Written = { ok: true; text: string } | { ok: false; errors: Record<string, string> };

/**
 * A form of the draft page (the rules' values, the infractions, the summary) written into the
 * draft's text by `write` (pure), then checked like any save: every field wrong is named at once and
 * nothing is written then. What `write` says besides the text (how many changed) comes back with the
 * problems.
 */
export async function saveDraftForm<W extends Written>(
  municipality: MunicipalityPack,
  draftId: string,
  write: (text: string) => W,
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  const written = write(draft.documentJson);
  if (!written.ok) return { errors: written.errors };
  const { ok: _ok, text, ...said } = written as Extract<W, { ok: true }>;
  const { problems } = await saveDraft(municipality, draftId, text, actor);
  return { ...said, problems };
}

/** One of the draft's lists as typed into its form (list-editors.ts), written and checked like any save. */
export async function saveDraftList(
  municipality: MunicipalityPack,
  draftId: string,
  name: ListName,
  typed: Readonly<Record<string, string>>,
  actor: Actor & { userId: string },
) {
  const law = await lawOf(municipality.id);
  const units = law ? citableUnits(law.label, law.units) : null;
  return saveDraftForm(
    municipality,
    draftId,
    (text) => {
      const written = withListFields(LIST_EDITORS[name], name, documentObject(text), typed, units);
      return written.ok
        ? { ok: true as const, text: JSON.stringify(written.doc, null, 2), changed: written.changed }
        : written;
    },
    actor,
  );
}

/**
 * The categories, modes and acts typed into their form (who the law credentials), written into the
 * draft's text with the law's words under each new citation, then checked like any save; a field
 * wrong is named and nothing is written.
 */
export async function saveDraftCategories(
  municipality: MunicipalityPack,
  draftId: string,
  typed: Readonly<Record<string, string>>,
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  const law = await lawOf(municipality.id);
  const units = law ? new Map(law.units.map((u) => [u.anchor, u])) : null;
  const written = withCategories(
    draft.documentJson,
    typed,
    law && units ? (citation) => quoteOf(citation, law.label, units) : null,
  );
  if (!written.ok) return { errors: written.errors };
  const { problems } = await saveDraft(municipality, draftId, written.text, actor);
  return { problems };
}
