// The administrative process of an auto de infração that a fiscal wrote
// (app/models/infraction.server.ts): notice to the offender with a defence term, the defence,
// the decision (applied to the credential at once when it suspends or revokes), the appeal term
// and the appeal (ruled on in ./infraction-appeal.server.ts). Which step may follow which is the
// domain's table (app/domain/infractions/status.ts); each step is one transaction with its audit
// event, and the process is kept in `decisionJson` (app/domain/infractions/process.ts).
// The written notice, its daily fine and the removal are in ./infraction-enforcement.server.ts;
// the list, the decision page's reading and the offender's priors in ./infraction-review.server.ts.
import { db, type Prisma, type Tx } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { civilDate, localDateTime } from "~/domain/time";
import {
  appealDeadline,
  credentialReasonPrefix,
  parseProcess,
  penaltyProblem,
  penaltySummary,
  requireInfractionTransition,
  type ChosenPenalty,
  type InfractionAction,
  type InfractionStatus,
  type ProcessRecord,
} from "~/domain/infractions";
import { addDays, compareDates, formatBr, type IsoDate } from "~/domain/eligibility/calendar";
import { conflict, invalid } from "~/domain/refusal";
import { activePack } from "./rule-pack.server";
import { changeCredentialStatusInTx } from "./credential.server";
import { forgetStatusList } from "./status-list.server";
import { loadInfraction, proposalFor } from "./infraction-review.server";

// ---- the process -----------------------------------------------------------------------------

/**
 * One step of the process: 409 unless the table lets `move` start from the auto's status; the
 * change, the optimistic update to the table's status and its audit event in one transaction.
 */
export async function step(
  id: string,
  municipalityId: string,
  actor: Actor,
  move: InfractionAction,
  change: (
    i: Awaited<ReturnType<typeof loadInfraction>>,
    process: ProcessRecord,
    tx: Tx,
    to: InfractionStatus,
  ) => Promise<{ data: Prisma.InfractionUpdateManyMutationInput; action: string; after: Record<string, unknown> }>,
  now: Date,
) {
  const i = await loadInfraction(id, municipalityId);
  const to = requireInfractionTransition(i.status, move);
  await db.$transaction(async (tx) => {
    const process = parseProcess(i.decisionJson);
    const { data, action, after } = await change(i, process, tx, to);
    const updated = await tx.infraction.updateMany({
      where: { id: i.id, status: i.status, decisionJson: i.decisionJson },
      data: { ...data, status: to },
    });
    if (updated.count !== 1) throw conflict("Outra pessoa alterou este auto agora há pouco. Recarregue a página.");
    await audit(tx, actor, {
      action,
      subjectType: "Infraction",
      subjectId: i.id,
      municipalityId,
      before: { status: i.status },
      after,
      at: now,
    });
  });
  // A step may have suspended, revoked or reinstated the credential (decision, removal, appeal
  // ruling): once committed, the signed status list for offline checks is built afresh.
  forgetStatusList();
}

/** The offender is notified of the auto; the defence term runs until `defenceDeadline` (inclusive). */
export function notifyOffender(
  id: string,
  municipalityId: string,
  input: { notifiedOn: IsoDate; defenceDeadline: IsoDate },
  actor: Actor,
  now = new Date(),
) {
  if (compareDates(input.defenceDeadline, input.notifiedOn) <= 0)
    throw invalid("O prazo de defesa deve terminar depois da notificação.");
  return step(
    id,
    municipalityId,
    actor,
    "notify",
    async (_i, p, _tx, to) => ({
      data: {
        defenceDeadline: input.defenceDeadline,
        decisionJson: JSON.stringify({ ...p, notifiedOn: input.notifiedOn }),
      },
      action: "infraction.notify",
      after: { status: to, notifiedOn: input.notifiedOn, defenceDeadline: input.defenceDeadline },
    }),
    now,
  );
}

export function recordDefence(
  id: string,
  municipalityId: string,
  input: { receivedOn: IsoDate; summary: string },
  actor: Actor,
  now = new Date(),
) {
  return step(
    id,
    municipalityId,
    actor,
    "defence",
    async (i, p) => {
      if (i.defenceDeadline && compareDates(input.receivedOn, i.defenceDeadline) > 0)
        throw conflict(`Defesa fora do prazo: o prazo terminou em ${formatBr(i.defenceDeadline)}.`);
      return {
        data: { decisionJson: JSON.stringify({ ...p, defence: input }) },
        action: "infraction.defence",
        after: { receivedOn: input.receivedOn, summary: input.summary },
      };
    },
    now,
  );
}

export type DecisionInput =
  | { outcome: "ARCHIVE"; reason: string }
  | {
      outcome: "PENALTY";
      penalty: ChosenPenalty;
      reason: string;
      notifiedOn: IsoDate;
      appealDeadline?: IsoDate | null;
      applyToCredential?: boolean;
    };

/**
 * Judges the auto. A penalty needs the defence term over (or the defence on file) and must fall
 * within what the law sets for the class after escalation; a suspension or cassação changes the
 * credential in the same transaction, so every verification says it at once.
 */
export async function decideInfraction(
  id: string,
  municipalityId: string,
  input: DecisionInput,
  actor: Actor,
  now = new Date(),
) {
  if (input.outcome === "ARCHIVE") {
    return step(
      id,
      municipalityId,
      actor,
      "archive",
      async (_i, p, _tx, to) => ({
        data: {
          decidedById: actor.userId,
          decidedAt: now,
          decisionJson: JSON.stringify({
            ...p,
            decision: { outcome: "ARCHIVE", reason: input.reason, summary: "arquivado" },
          }),
        },
        action: "infraction.archive",
        after: { status: to, reason: input.reason },
      }),
      now,
    );
  }
  const i = await loadInfraction(id, municipalityId);
  const today = civilDate(now, i.municipality.timeZone);
  if (i.status === "REGISTERED")
    throw conflict("Notifique o autuado e abra o prazo de defesa antes de julgar (ampla defesa).");
  const before = parseProcess(i.decisionJson);
  if (i.status === "NOTIFIED" && i.defenceDeadline && compareDates(today, i.defenceDeadline) <= 0 && !before.defence) {
    throw conflict(
      `O prazo de defesa vai até ${formatBr(i.defenceDeadline)}: aguarde o fim do prazo ou registre a defesa apresentada.`,
    );
  }
  const pack = await activePack(i.municipality);
  const { proposal } = await proposalFor(pack, i);
  const problem = penaltyProblem(pack, proposal, input.penalty);
  if (problem) throw invalid(problem);
  const rule = pack.infractions.enforcement.appeal;
  const appeal = rule ? appealDeadline(pack, input.notifiedOn).lastDay : (input.appealDeadline ?? null);
  const summary = penaltySummary(input.penalty, proposal.penalty.fine?.unit);
  const decision: ProcessRecord["decision"] = {
    outcome: "PENALTY",
    penalty: input.penalty,
    fineUnit: proposal.penalty.fine?.unit ?? null,
    reason: input.reason,
    notifiedOn: input.notifiedOn,
    summary,
    appliedClass: proposal.appliedClass?.code ?? null,
    escalated: proposal.escalated,
  };
  const citation = proposal.citations.join("; ");
  await step(
    id,
    municipalityId,
    actor,
    "decide",
    async (row, p, tx, to) => {
      if (row.credentialId && input.applyToCredential !== false) {
        const credential = await tx.credential.findUnique({ where: { id: row.credentialId } });
        const reason = `${credentialReasonPrefix(row.number)} ${summary}`;
        if (input.penalty.cassacao && credential && ["ACTIVE", "SUSPENDED"].includes(credential.status)) {
          await changeCredentialStatusInTx(
            tx,
            row.credentialId,
            municipalityId,
            "revoke",
            { reason, citation },
            actor,
            now,
          );
        } else if ((input.penalty.suspensionDays ?? 0) > 0 && credential?.status === "ACTIVE") {
          const until = addDays(today, input.penalty.suspensionDays! - 1);
          await changeCredentialStatusInTx(
            tx,
            row.credentialId,
            municipalityId,
            "suspend",
            { reason, citation, until },
            actor,
            now,
          );
        }
      }
      const process: ProcessRecord = {
        ...p,
        decision,
        ...(input.penalty.notice ? { notice: { issuedAt: localDateTime(now, row.municipality.timeZone) } } : {}),
      };
      return {
        data: {
          decidedById: actor.userId,
          decidedAt: now,
          appealDeadline: appeal,
          decisionJson: JSON.stringify(process),
        },
        action: "infraction.decide",
        after: {
          status: to,
          summary,
          appealDeadline: appeal,
          escalated: proposal.escalated,
          appliedClass: proposal.appliedClass?.code ?? null,
        },
      };
    },
    now,
  );
}

export function recordAppeal(
  id: string,
  municipalityId: string,
  input: { receivedOn: IsoDate; summary: string },
  actor: Actor,
  now = new Date(),
) {
  return step(
    id,
    municipalityId,
    actor,
    "appeal",
    async (i, p, _tx, to) => {
      if (p.decision?.outcome !== "PENALTY") throw conflict("Só cabe recurso de uma penalidade.");
      if (i.appealDeadline && compareDates(input.receivedOn, i.appealDeadline) > 0)
        throw conflict(`Recurso fora do prazo: o prazo terminou em ${formatBr(i.appealDeadline)}.`);
      return {
        data: { decisionJson: JSON.stringify({ ...p, appeal: input }) },
        action: "infraction.appeal",
        after: { status: to, receivedOn: input.receivedOn, summary: input.summary },
      };
    },
    now,
  );
}
