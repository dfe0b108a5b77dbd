// Pack drafts (ADR 069): a gestor writes a new text of the rules in the portal, checks it, and
// submits it; another person with the same power publishes it with the day it takes effect. One
// open draft per municipality: two texts written side by side would silently undo each other.
import { OPEN_STATUSES } from "~/domain/applications/status";
import { exampleProblems } from "~/domain/eligibility/examples";
import { citedDraftFromLaw } from "~/domain/laws/proposals";
import { conflict, forbidden, invalid, notFound } from "~/domain/refusal";
import { checkPackDocument, nextMajorVersion, type PackProblem, type RulePack } from "~/domain/rule-packs";
import { acceptProposal, skeletonDocument } from "~/domain/rule-packs/accept-proposal";
import { RULE_PACK_SCHEMA_PATH } from "~/domain/rule-packs/json-schema";
import { lawTextProblems } from "~/domain/rule-packs/law-check";
import { withRuleValues } from "~/domain/rule-packs/rule-values";
import { civilDate, instantAt } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { lawOf } from "./law-text.server";
import {
  activePack,
  activePackDocument,
  freeVersion,
  hasPackInForce,
  latestVersionRow,
  publishedVersions,
} from "./rule-pack.server";

type MunicipalityPack = { id: string; rulePackId: string; timeZone: string };

export type DraftStatus = "EDITING" | "SUBMITTED" | "PUBLISHED" | "DISCARDED";
const OPEN: DraftStatus[] = ["EDITING", "SUBMITTED"];

/**
 * What a new version changes for the applications in flight: nothing — each keeps the version it was
 * started under until its decision (`Application.packVersion`). Counted by that version, for the
 * publisher to read before choosing the day.
 */
export async function applicationsInFlight(municipalityId: string) {
  const rows = await db.application.groupBy({
    by: ["packVersion"],
    where: { municipalityId, status: { in: [...OPEN_STATUSES] } },
    _count: { _all: true },
    orderBy: { packVersion: "asc" },
  });
  return rows.map((r) => ({ version: r.packVersion, count: r._count._all }));
}

/** The open draft of a municipality, if any. */
export function openDraft(municipalityId: string) {
  return db.rulePackDraft.findFirst({
    where: { municipalityId, status: { in: OPEN } },
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
  pick: { anchor: string; kind: string },
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  const law = await lawOf(municipality.id);
  const proposal =
    law &&
    citedDraftFromLaw(law.label, law.units).proposals.find((p) => p.anchor === pick.anchor && p.kind === pick.kind);
  if (!law || !proposal) throw notFound("Proposta não encontrada no texto da lei.");
  const accepted = acceptProposal(draft.documentJson, proposal, proposal.citation);
  if (!accepted.ok) throw conflict(accepted.problem);
  await db.rulePackDraft.update({ where: { id: draft.id }, data: { documentJson: accepted.text } });
  return { ruleId: accepted.ruleId };
}

async function draftOf(municipalityId: string, draftId: string) {
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

/**
 * The values typed into the rules' fields (how old, how long, how big, how many), written into the
 * draft's text and then checked like any save; a value that is not a whole number in range is
 * named and nothing is written.
 */
export async function saveDraftValues(
  municipality: MunicipalityPack,
  draftId: string,
  typed: Readonly<Record<string, string>>,
  actor: Actor & { userId: string },
) {
  const draft = await editableDraft(municipality, draftId, actor);
  const written = withRuleValues(draft.documentJson, typed);
  if (!written.ok) return { errors: written.errors };
  const { problems } = await saveDraft(municipality, draftId, written.text, actor);
  return { changed: written.changed, problems };
}

/** Sends a draft without problems for a second person to publish. */
export async function submitDraft(municipality: MunicipalityPack, draftId: string, actor: Actor & { userId: string }) {
  const draft = await draftOf(municipality.id, draftId);
  if (draft.authorId !== actor.userId) throw forbidden("Só quem escreveu o rascunho pode enviá-lo.");
  if (draft.status !== "EDITING") throw conflict("O rascunho já foi enviado.");
  const { problems } = await draftProblems(municipality, draft.documentJson);
  if (problems.length)
    throw invalid(
      `O rascunho tem ${problems.length === 1 ? "1 problema" : `${problems.length} problemas`}: corrija antes de enviar.`,
    );
  await db.$transaction(async (tx) => {
    await tx.rulePackDraft.update({ where: { id: draft.id }, data: { status: "SUBMITTED", submittedAt: new Date() } });
    await audit(tx, actor, {
      action: "rule_pack.draft_submit",
      subjectType: "RulePackDraft",
      subjectId: draft.id,
      municipalityId: municipality.id,
    });
  });
}

/** Back to its author for changes (by anyone who may publish), or discarded. */
export async function closeOrReturnDraft(
  municipality: MunicipalityPack,
  draftId: string,
  to: "EDITING" | "DISCARDED",
  actor: Actor & { userId: string },
) {
  const draft = await draftOf(municipality.id, draftId);
  if (!OPEN.includes(draft.status as DraftStatus)) throw conflict("Este rascunho já foi encerrado.");
  if (to === "EDITING" && draft.status !== "SUBMITTED") throw conflict("O rascunho ainda está em edição.");
  await db.$transaction(async (tx) => {
    await tx.rulePackDraft.update({
      where: { id: draft.id },
      data:
        to === "DISCARDED"
          ? { status: to, closedById: actor.userId, closedAt: new Date() }
          : { status: to, submittedAt: null },
    });
    await audit(tx, actor, {
      action: to === "DISCARDED" ? "rule_pack.draft_discard" : "rule_pack.draft_return",
      subjectType: "RulePackDraft",
      subjectId: draft.id,
      municipalityId: municipality.id,
    });
  });
}

/**
 * Publishes a submitted draft as the next major version, in effect from 00:00 of `effectiveOn` on
 * the municipality's clock (today or later). Four eyes: its author cannot publish it. Refused when
 * another version was published since the draft began (it would silently undo that one).
 */
export async function publishDraft(
  municipality: MunicipalityPack,
  draftId: string,
  input: { effectiveOn: string; note: string | null },
  actor: Actor & { userId: string },
  now = new Date(),
) {
  const draft = await draftOf(municipality.id, draftId);
  if (draft.status !== "SUBMITTED") throw conflict("Só um rascunho enviado para publicação pode ser publicado.");
  if (draft.authorId === actor.userId)
    throw forbidden("A publicação precisa de outra pessoa: quem escreveu o rascunho não o publica sozinho.");
  const today = civilDate(now, municipality.timeZone);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.effectiveOn))
    throw invalid("Informe a data de início da vigência.", "effectiveOn");
  if (input.effectiveOn < today) throw invalid("A vigência não pode começar antes de hoje.", "effectiveOn");
  const startsAt = input.effectiveOn === today ? now : instantAt(`${input.effectiveOn}T00:00`, municipality.timeZone);
  if (!startsAt) throw invalid("Data de vigência inválida.", "effectiveOn");

  const latest = await latestVersionRow(municipality);
  if (latest && latest.version !== draft.basedOnVersion)
    throw conflict(
      `A versão ${latest.version} foi publicada depois que este rascunho começou (sobre a ${draft.basedOnVersion}): descarte-o e comece outro a partir da versão atual.`,
    );
  const taken = await publishedVersions(municipality);
  const version = freeVersion([...taken].sort(byVersion).at(-1) ?? "0.0.0", nextMajorVersion, taken);
  const document = JSON.parse(draft.documentJson) as Record<string, unknown>;
  document.version = version;
  document.effectiveDate = input.effectiveOn;
  const text = JSON.stringify(document, null, 2);
  const { pack, problems } = await draftProblems(municipality, text);
  if (!pack) throw invalid(`O rascunho tem problemas: ${problems[0].rule} — ${problems[0].problem}`);
  const values = Object.fromEntries(Object.entries(pack.parameters).map(([k, p]) => [k, p.value]));

  return db.$transaction(async (tx) => {
    const row = await tx.rulePackVersion.create({
      data: {
        municipalityId: municipality.id,
        packId: pack.id,
        version,
        parametersJson: JSON.stringify(values),
        documentJson: text,
        effectiveFrom: startsAt,
        note: input.note,
        publishedById: actor.userId,
        authoredById: draft.authorId,
      },
    });
    // A town whose pack was written here opens to drivers with its first publication.
    const opened =
      !latest &&
      (await tx.municipality.updateMany({ where: { id: municipality.id, active: false }, data: { active: true } }));
    if (opened && opened.count)
      await audit(tx, actor, {
        action: "municipality.open",
        subjectType: "Municipality",
        subjectId: municipality.id,
        municipalityId: municipality.id,
        after: { version, effectiveOn: input.effectiveOn },
      });
    await tx.rulePackDraft.update({
      where: { id: draft.id },
      data: { status: "PUBLISHED", closedById: actor.userId, closedAt: now, versionId: row.id, documentJson: text },
    });
    await audit(tx, actor, {
      action: "rule_pack.publish_document",
      subjectType: "RulePackVersion",
      subjectId: row.id,
      municipalityId: municipality.id,
      before: { version: draft.basedOnVersion },
      after: { version, effectiveOn: input.effectiveOn, draft: draft.id, author: draft.authorId },
    });
    return { version, effectiveOn: input.effectiveOn };
  });
}

/** Orders "2.10.0" after "2.9.0". */
function byVersion(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}
