// Pack drafts (ADR 069), the second half of their life: the author sends a draft without problems;
// another person who may manage the rules returns it, discards it, or publishes it as the next
// version from the day it takes effect. Writing the draft is in rule-pack-draft.server.ts.
import { OPEN_STATUSES } from "~/domain/applications/status";
import { conflict, forbidden, invalid } from "~/domain/refusal";
import { nextMajorVersion } from "~/domain/rule-packs";
import { civilDate, instantAt } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { freeVersion, latestVersionRow, publishedVersions } from "./rule-pack.server";
import { draftOf, draftProblems, type DraftStatus, OPEN_DRAFT } from "./rule-pack-draft.server";

type MunicipalityPack = { id: string; rulePackId: string; timeZone: string };

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
  if (!OPEN_DRAFT.includes(draft.status as DraftStatus)) throw conflict("Este rascunho já foi encerrado.");
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
