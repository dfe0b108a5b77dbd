// The administrative process of an auto de infração: notice, defence, decision, appeal term and
// appeal (ruled in ./infraction-appeal.server.ts). The step table is app/domain/infractions/status.ts;
// each step is one transaction with its audit event, kept in `decisionJson`. Written notice, fine and
// removal: ./infraction-enforcement.server.ts; list and priors: ./infraction-review.server.ts.
import { addDays, compareDates, type IsoDate } from "~/domain/eligibility/calendar";
import { formatDate } from "~/domain/format";
import {
  appealDeadline,
  type ChosenPenalty,
  credentialReasonPrefix,
  type InfractionAction,
  type InfractionStatus,
  parseProcess,
  penaltyProblem,
  penaltySummary,
  type ProcessRecord,
  requireInfractionTransition,
} from "~/domain/infractions";
import { conflict, invalid } from "~/domain/refusal";
import { civilDate, localDateTime } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Prisma, type Tx } from "~/utils/db.server";
import { changeCredentialStatusInTx } from "./credentials/status.server";
import { forgetStatusList } from "./credentials/status-list.server";
import { loadInfraction, proposalFor } from "./infraction-review.server";
import { activePack } from "./rule-pack.server";

// ---- the process -----------------------------------------------------------------------------

/** Which auto a step acts on, who takes it and when. */
type StepTarget = { id: string; municipalityId: string; actor: Actor; now: Date };

type StepChange = (
  i: Awaited<ReturnType<typeof loadInfraction>>,
  process: ProcessRecord,
  tx: Tx,
  to: InfractionStatus,
) => Promise<{ data: Prisma.InfractionUpdateManyMutationInput; action: string; after: Record<string, unknown> }>;

/** One step: 409 unless the table allows `move`; change, optimistic status update and audit in one transaction. */
export async function step({ id, municipalityId, actor, now }: StepTarget, move: InfractionAction, change: StepChange) {
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
  // A step may have changed the credential's status: the offline status list is rebuilt once committed.
  forgetStatusList();
}

/** A defence or appeal filed by the offender: refused (409) after the term's last day. */
function recordFiling(
  target: StepTarget,
  move: "defence" | "appeal",
  input: { receivedOn: IsoDate; summary: string },
  check: (p: ProcessRecord) => void = () => {},
) {
  const what = move === "defence" ? "Defesa" : "Recurso";
  return step(target, move, async (i, p, _tx, to) => {
    check(p);
    const deadline = move === "defence" ? i.defenceDeadline : i.appealDeadline;
    if (deadline && compareDates(input.receivedOn, deadline) > 0)
      throw conflict(`${what} fora do prazo: o prazo terminou em ${formatDate(deadline)}.`);
    return {
      data: { decisionJson: JSON.stringify({ ...p, [move]: input }) },
      action: `infraction.${move}`,
      after: { ...(move === "appeal" ? { status: to } : {}), receivedOn: input.receivedOn, summary: input.summary },
    };
  });
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
  return step({ id, municipalityId, actor, now }, "notify", async (_i, p, _tx, to) => ({
    data: {
      defenceDeadline: input.defenceDeadline,
      decisionJson: JSON.stringify({ ...p, notifiedOn: input.notifiedOn }),
    },
    action: "infraction.notify",
    after: { status: to, notifiedOn: input.notifiedOn, defenceDeadline: input.defenceDeadline },
  }));
}

/** The defence, once: a second one is refused (409), the first stays on file. */
export function recordDefence(
  id: string,
  municipalityId: string,
  input: { receivedOn: IsoDate; summary: string },
  actor: Actor,
  now = new Date(),
) {
  return recordFiling({ id, municipalityId, actor, now }, "defence", input, (p) => {
    // The page offers the form once; a second post (another tab, a replay) must not replace it.
    if (p.defence)
      throw conflict(`A defesa deste auto já foi registrada (recebida em ${formatDate(p.defence.receivedOn)}).`);
  });
}

type DecisionInput =
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
 * Judges the auto: a penalty needs the defence term over (or a defence on file) and must be within the
 * law's range for the class; a suspension or cassação hits the credential in the same transaction.
 */
export async function decideInfraction(
  id: string,
  municipalityId: string,
  input: DecisionInput,
  actor: Actor,
  now = new Date(),
) {
  if (input.outcome === "ARCHIVE") {
    return step({ id, municipalityId, actor, now }, "archive", async (_i, p, _tx, to) => ({
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
    }));
  }
  const i = await loadInfraction(id, municipalityId);
  const today = civilDate(now, i.municipality.timeZone);
  if (i.status === "REGISTERED")
    throw conflict("Notifique o autuado e abra o prazo de defesa antes de julgar (ampla defesa).");
  const before = parseProcess(i.decisionJson);
  if (i.status === "NOTIFIED" && i.defenceDeadline && compareDates(today, i.defenceDeadline) <= 0 && !before.defence) {
    throw conflict(
      `O prazo de defesa vai até ${formatDate(i.defenceDeadline)}: aguarde o fim do prazo ou registre a defesa apresentada.`,
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
  await step({ id, municipalityId, actor, now }, "decide", async (row, p, tx, to) => {
    if (row.credentialId && input.applyToCredential !== false) {
      const credential = await tx.credential.findUnique({ where: { id: row.credentialId } });
      const reason = `${credentialReasonPrefix(row.number)} ${summary}`;
      const days = input.penalty.suspensionDays ?? 0;
      // A cassação revokes a credential in force; a suspension suspends an active one from today.
      const change =
        input.penalty.cassacao && credential && ["ACTIVE", "SUSPENDED"].includes(credential.status)
          ? ({ action: "revoke", details: { reason, citation } } as const)
          : days > 0 && credential?.status === "ACTIVE"
            ? ({ action: "suspend", details: { reason, citation, until: addDays(today, days - 1) } } as const)
            : null;
      if (change)
        await changeCredentialStatusInTx(
          tx,
          row.credentialId,
          municipalityId,
          change.action,
          change.details,
          actor,
          now,
        );
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
  });
}

export function recordAppeal(
  id: string,
  municipalityId: string,
  input: { receivedOn: IsoDate; summary: string },
  actor: Actor,
  now = new Date(),
) {
  return recordFiling({ id, municipalityId, actor, now }, "appeal", input, (p) => {
    if (p.decision?.outcome !== "PENALTY") throw conflict("Só cabe recurso de uma penalidade.");
  });
}
