// The staff side of the autos de infração that fiscais write (app/models/infraction.server.ts):
// the list, the pack's classification and the proposed penalty recomputed with every prior
// offence of the holder (repeat-offence escalation), the administrative process — notice to the
// offender with a defence term, the defence, the decision (applied to the credential at once
// when it suspends or revokes), the appeal term and the appeal (ruled on in
// ./infraction-appeal.server.ts) — and, where the pack says so
// (Jardim, Lei 904/1997, arts. 27 and 29), the written notice that turns into a daily fine when
// not remedied in 72 h and the removal of the driver from the 3rd notice on.
// Each step is one transaction with its audit event; the process is kept in `decisionJson`.
import { conflict, invalid, notFound } from "~/domain/refusal";
import { db, type Prisma, type Tx } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { isPostgres } from "~/utils/env.server";
import { civilDate, localDateTime } from "~/domain/time";
import {
  appealDeadline,
  noticeStatus,
  proposePenalty,
  removalStatus,
  type NoticeStatus,
  type PenaltyProposal,
  type RemovalStatus,
} from "~/domain/infractions";
import { addDays, compareDates, formatBr, type IsoDate, type IsoDateTime } from "~/domain/eligibility/calendar";
import type { Penalty, RulePack } from "~/domain/rule-packs";
import { activePack } from "./rule-pack.server";
import { changeCredentialStatusInTx } from "./credential.server";
import { forgetStatusList } from "./status-list.server";
import { INFRACTION_STATUSES, INFRACTION_STATUS_LABELS, type InfractionStatus } from "~/components/back-office/labels";

export { INFRACTION_STATUSES, INFRACTION_STATUS_LABELS, type InfractionStatus };
/** Autos that do not count as offences (mirrors infraction.server's VOID_STATUSES). */
const VOID = ["CANCELLED", "ARCHIVED"];

export type ChosenPenalty = {
  /** Written notice (Jardim's "notificação escrita"), remedied within the pack's term or a daily fine. */
  notice?: boolean;
  warning?: boolean;
  fine?: number | null;
  suspensionDays?: number | null;
  cassacao?: boolean;
};

export type ProcessRecord = {
  notifiedOn?: IsoDate;
  defence?: { receivedOn: IsoDate; summary: string };
  decision?: {
    outcome: "PENALTY" | "ARCHIVE";
    penalty?: ChosenPenalty;
    fineUnit?: string | null;
    reason: string;
    notifiedOn?: IsoDate;
    summary: string;
    appliedClass?: string | null;
    escalated?: boolean;
  };
  notice?: { issuedAt: IsoDateTime; remediedAt?: IsoDateTime | null };
  dailyFine?: { days: number; dailyBrl: number | null; totalBrl: number | null; asOf: IsoDateTime };
  appeal?: { receivedOn: IsoDate; summary: string };
  appealRuling?: AppealRuling;
  removal?: { at: IsoDateTime; credentialId: string };
};

/** The ruling on the appeal (./infraction-appeal.server.ts) and what it did to the credential. */
export type AppealRuling = {
  outcome: "DENIED" | "GRANTED";
  reason: string;
  decidedOn: IsoDate;
  /** GRANTED only, when the decision had changed the credential: undone here, or left to staff and why. */
  credential?: { id: string; serial: string; action: "REINSTATED" | "NOTHING_TO_UNDO" | "REVIEW"; detail: string };
};

/** How the reason a decision writes on the credential it suspends or revokes begins (a granted appeal looks for it). */
export const credentialReasonPrefix = (autoNumber: string) => `Auto de infração ${autoNumber}:`;

/** Statuses in which a penalty stands: decided, under appeal, or upheld on appeal (FINAL). */
export const PENALTY_STATUSES = ["DECIDED", "APPEALED", "FINAL"];

// Local date-times ("YYYY-MM-DDTHH:mm") are on the municipality's clock (Municipality.timeZone):
// the law's "72 horas" and the days of a daily fine run on it (app/domain/time.ts).
export { localDateTime };

export function parseProcess(json: string | null): ProcessRecord {
  if (!json) return {};
  try {
    return JSON.parse(json) as ProcessRecord;
  } catch {
    return {};
  }
}

const offenderWhere = (i: { personId: string | null; credentialId: string | null }): Prisma.InfractionWhereInput =>
  i.personId ? { personId: i.personId } : { credentialId: i.credentialId };

/** The pack's proposal for this auto, counting every earlier, non-void offence of the same offender. */
export async function proposalFor(
  pack: RulePack,
  i: {
    id: string;
    code: string;
    occurredAt: Date;
    municipalityId: string;
    personId: string | null;
    credentialId: string | null;
    municipality: { timeZone: string };
  },
) {
  const priors = await db.infraction.findMany({
    where: {
      municipalityId: i.municipalityId,
      ...offenderWhere(i),
      id: { not: i.id },
      status: { notIn: VOID },
      occurredAt: { lt: i.occurredAt },
    },
    select: { id: true, number: true, code: true, occurredAt: true, status: true },
    orderBy: { occurredAt: "desc" },
  });
  const proposal = proposePenalty(pack, {
    code: i.code,
    date: civilDate(i.occurredAt, i.municipality.timeZone),
    priorOffences: priors.map((p) => ({ code: p.code, date: civilDate(p.occurredAt, i.municipality.timeZone) })),
  });
  return { proposal, priors };
}

/** Written notices already given to the offender (for the removal after the 3rd, where the law has it). */
async function noticesIssued(i: { municipalityId: string; personId: string | null; credentialId: string | null }) {
  const rows = await db.infraction.findMany({
    where: { municipalityId: i.municipalityId, ...offenderWhere(i), status: { in: PENALTY_STATUSES } },
    select: { decisionJson: true },
  });
  return rows.filter((r) => parseProcess(r.decisionJson).notice).length;
}

/** Whether the penalty the law sets (after escalation) admits a written notice. */
export const admitsNotice = (pack: RulePack, penalty: Penalty) =>
  Boolean(pack.infractions.enforcement.noticeToDailyFine) && penalty.other.some((o) => /notifica/i.test(o));

/** Checks a chosen penalty against the range the law gives; returns the problem in Portuguese. */
export function penaltyProblem(pack: RulePack, proposal: PenaltyProposal, chosen: ChosenPenalty): string | null {
  const p = proposal.penalty;
  const any =
    chosen.notice || chosen.warning || (chosen.fine ?? 0) > 0 || (chosen.suspensionDays ?? 0) > 0 || chosen.cassacao;
  if (!any) return "Escolha ao menos uma penalidade, ou arquive o auto.";
  if (chosen.notice && !admitsNotice(pack, p))
    return `A lei não prevê notificação escrita para esta infração (${p.citation}).`;
  if (chosen.warning && !p.warning) return `A lei não prevê advertência para esta infração (${p.citation}).`;
  if ((chosen.fine ?? 0) > 0) {
    if (!p.fine) return `A lei não prevê multa para esta infração (${p.citation}).`;
    if (p.fine.max !== undefined && chosen.fine! > p.fine.max)
      return `A multa passa do máximo de ${p.fine.max} ${p.fine.unit} (${p.citation}).`;
    if (p.fine.amount !== undefined && chosen.fine !== p.fine.amount)
      return `A multa é fixada em ${p.fine.amount} ${p.fine.unit} (${p.citation}).`;
  }
  if ((chosen.suspensionDays ?? 0) > 0) {
    if (!p.suspension) return `A lei não prevê suspensão para esta infração (${p.citation}).`;
    if (p.suspension.maxDays !== undefined && chosen.suspensionDays! > p.suspension.maxDays)
      return `A suspensão passa do máximo de ${p.suspension.maxDays} dias (${p.citation}).`;
  }
  if (chosen.cassacao && !p.cassacao) return `A lei não prevê cassação para esta infração (${p.citation}).`;
  return null;
}

export function penaltySummary(chosen: ChosenPenalty, unit: string | null | undefined): string {
  const parts: string[] = [];
  if (chosen.notice) parts.push("notificação escrita");
  if (chosen.warning) parts.push("advertência");
  if ((chosen.fine ?? 0) > 0)
    parts.push(
      `multa de ${String(chosen.fine).replace(".", ",")} ${unit === "SALARIO_MINIMO" ? "salário(s) mínimo(s)" : (unit ?? "")}`.trim(),
    );
  if ((chosen.suspensionDays ?? 0) > 0) parts.push(`suspensão por ${chosen.suspensionDays} dia(s)`);
  if (chosen.cassacao) parts.push("cassação");
  return parts.join(", ");
}

// ---- reading ---------------------------------------------------------------------------------

export type InfractionFilters = { status?: string | null; classCode?: string | null; q?: string | null; page?: number };

export async function listInfractions(municipalityId: string, f: InfractionFilters, pageSize = 25) {
  const and: Prisma.InfractionWhereInput[] = [{ municipalityId }];
  if (f.classCode) and.push({ class: f.classCode });
  if (f.q) {
    const q = f.q.trim();
    const mode = isPostgres() ? { mode: "insensitive" as const } : {};
    and.push({
      OR: [
        { number: { contains: q.toUpperCase() } },
        { credential: { serial: { contains: q.toUpperCase() } } },
        { credential: { holderDisplayName: { contains: q, ...mode } } },
        { credential: { plate: { contains: q.toUpperCase().replace(/[^A-Z0-9]/g, "") } } },
      ],
    });
  }
  const where: Prisma.InfractionWhereInput = { AND: and };
  const page = Math.max(f.page ?? 1, 1);
  const [rows, counts] = await Promise.all([
    db.infraction.findMany({
      where: f.status ? { AND: [where, { status: f.status }] } : where,
      orderBy: [{ occurredAt: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      include: {
        credential: { select: { id: true, serial: true, holderDisplayName: true, plate: true, status: true } },
      },
    }),
    db.infraction.groupBy({ by: ["status"], where, _count: { _all: true } }),
  ]);
  const countByStatus = Object.fromEntries(counts.map((c) => [c.status, c._count._all])) as Record<string, number>;
  const total = f.status ? (countByStatus[f.status] ?? 0) : Object.values(countByStatus).reduce((a, b) => a + b, 0);
  return { rows, countByStatus, total, page, pages: Math.max(Math.ceil(total / pageSize), 1) };
}

async function loadInfraction(id: string, municipalityId: string) {
  const i = /^[a-z0-9]{20,40}$/.test(id)
    ? await db.infraction.findUnique({ where: { id }, include: { credential: true, municipality: true } })
    : null;
  if (!i || i.municipalityId !== municipalityId) throw notFound("Auto de infração não encontrado.");
  return i;
}

export type NoticeView = NoticeStatus & { issuedAt: IsoDateTime; remediedAt: IsoDateTime | null };

/** Everything the decision page shows: the auto, its classification and proposal, its deadlines and where its notice stands. */
export async function infractionForDecision(id: string, municipalityId: string, now = new Date()) {
  const i = await loadInfraction(id, municipalityId);
  const pack = await activePack(i.municipality);
  const { proposal, priors } = await proposalFor(pack, i);
  const process = parseProcess(i.decisionJson);
  const nowLocal = localDateTime(now, i.municipality.timeZone);
  const rules = pack.infractions.enforcement;
  let notice: NoticeView | null = null;
  // An annulled penalty (appeal granted) leaves no notice running.
  if (process.notice && rules.noticeToDailyFine && !VOID.includes(i.status)) {
    notice = {
      ...noticeStatus(pack, process.notice, nowLocal),
      issuedAt: process.notice.issuedAt,
      remediedAt: process.notice.remediedAt ?? null,
    };
  }
  let removal: RemovalStatus | null = null;
  if (rules.removalAfterNotices) removal = removalStatus(pack, await noticesIssued(i));
  return {
    infraction: i,
    pack,
    proposal,
    priors,
    process,
    notice,
    removal,
    appealRule: rules.appeal ?? null,
    processNote: rules.process ?? null,
    reclassification: pack.infractions.reclassification ?? null,
    canNotice: admitsNotice(pack, proposal.penalty),
    today: civilDate(now, i.municipality.timeZone),
  };
}

// ---- the process -----------------------------------------------------------------------------

/** One step of the process: 409 unless the auto is in `from`; the change, the optimistic update and its audit event in one transaction. */
export async function step(
  id: string,
  municipalityId: string,
  actor: Actor,
  from: readonly string[],
  change: (
    i: Awaited<ReturnType<typeof loadInfraction>>,
    process: ProcessRecord,
    tx: Tx,
  ) => Promise<{ data: Prisma.InfractionUpdateManyMutationInput; action: string; after: Record<string, unknown> }>,
  now: Date,
) {
  const i = await loadInfraction(id, municipalityId);
  if (!from.includes(i.status))
    throw conflict(`Não é possível fazer isso com um auto "${INFRACTION_STATUS_LABELS[i.status] ?? i.status}".`);
  await db.$transaction(async (tx) => {
    const process = parseProcess(i.decisionJson);
    const { data, action, after } = await change(i, process, tx);
    const updated = await tx.infraction.updateMany({
      where: { id: i.id, status: i.status, decisionJson: i.decisionJson },
      data,
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
    ["REGISTERED"],
    async (_i, p) => ({
      data: {
        status: "NOTIFIED",
        defenceDeadline: input.defenceDeadline,
        decisionJson: JSON.stringify({ ...p, notifiedOn: input.notifiedOn }),
      },
      action: "infraction.notify",
      after: { status: "NOTIFIED", notifiedOn: input.notifiedOn, defenceDeadline: input.defenceDeadline },
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
    ["NOTIFIED"],
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
      ["REGISTERED", "NOTIFIED"],
      async (_i, p) => ({
        data: {
          status: "CANCELLED",
          decidedById: actor.userId,
          decidedAt: now,
          decisionJson: JSON.stringify({
            ...p,
            decision: { outcome: "ARCHIVE", reason: input.reason, summary: "arquivado" },
          }),
        },
        action: "infraction.archive",
        after: { status: "CANCELLED", reason: input.reason },
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
    ["NOTIFIED"],
    async (row, p, tx) => {
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
          status: "DECIDED",
          decidedById: actor.userId,
          decidedAt: now,
          appealDeadline: appeal,
          decisionJson: JSON.stringify(process),
        },
        action: "infraction.decide",
        after: {
          status: "DECIDED",
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
    ["DECIDED"],
    async (i, p) => {
      if (p.decision?.outcome !== "PENALTY") throw conflict("Só cabe recurso de uma penalidade.");
      if (i.appealDeadline && compareDates(input.receivedOn, i.appealDeadline) > 0)
        throw conflict(`Recurso fora do prazo: o prazo terminou em ${formatBr(i.appealDeadline)}.`);
      return {
        data: { status: "APPEALED", decisionJson: JSON.stringify({ ...p, appeal: input }) },
        action: "infraction.appeal",
        after: { status: "APPEALED", receivedOn: input.receivedOn, summary: input.summary },
      };
    },
    now,
  );
}

/** The irregularity named in the written notice was corrected: the daily fine stops here. */
export function recordRemedy(id: string, municipalityId: string, actor: Actor, now = new Date()) {
  return step(
    id,
    municipalityId,
    actor,
    PENALTY_STATUSES,
    async (i, p) => {
      if (!p.notice) throw conflict("Este auto não tem notificação a atender.");
      if (p.notice.remediedAt) throw conflict("A notificação já foi atendida.");
      const remediedAt = localDateTime(now, i.municipality.timeZone);
      return {
        data: { decisionJson: JSON.stringify({ ...p, notice: { ...p.notice, remediedAt } }) },
        action: "infraction.remedy",
        after: { remediedAt },
      };
    },
    now,
  );
}

/** Applies the daily fine a notice not remedied in time has become, counted up to now. */
export async function applyDailyFine(id: string, municipalityId: string, actor: Actor, now = new Date()) {
  const i = await loadInfraction(id, municipalityId);
  const pack = await activePack(i.municipality);
  return step(
    id,
    municipalityId,
    actor,
    PENALTY_STATUSES,
    async (_i, p) => {
      if (!p.notice || !pack.infractions.enforcement.noticeToDailyFine)
        throw conflict("Este auto não tem notificação que se converta em multa diária.");
      const asOf = localDateTime(now, i.municipality.timeZone);
      const s = noticeStatus(pack, p.notice, asOf);
      if (s.state !== "DAILY_FINE")
        throw conflict(
          `A notificação ainda não virou multa diária: o prazo para corrigir vai até ${s.remedyBy.replace("T", " às ").replace(/^(\d{4})-(\d{2})-(\d{2})/, "$3/$2/$1")}.`,
        );
      const dailyFine = { days: s.fineDays, dailyBrl: s.dailyFineBrl, totalBrl: s.totalFineBrl, asOf };
      const money =
        s.totalFineBrl === null
          ? "valor do salário mínimo não definido"
          : `R$ ${s.totalFineBrl.toFixed(2).replace(".", ",")}`;
      return {
        data: { decisionJson: JSON.stringify({ ...p, dailyFine }) },
        action: "infraction.daily_fine",
        after: {
          ...dailyFine,
          summary: `${s.fineDays} dia(s) de multa diária de ${Math.round(s.dailyFineFraction * 100)}% do salário mínimo: ${money} (${s.citation})`,
        },
      };
    },
    now,
  );
}

/** Removal of the driver from the 3rd notice on (Jardim art. 27, c): the credential is suspended until reinstated. */
export async function applyRemoval(id: string, municipalityId: string, actor: Actor, now = new Date()) {
  const i = await loadInfraction(id, municipalityId);
  const pack = await activePack(i.municipality);
  if (!pack.infractions.enforcement.removalAfterNotices)
    throw conflict("A lei deste município não prevê afastamento após notificações.");
  const status = removalStatus(pack, await noticesIssued(i));
  if (!status.mayRequestRemoval)
    throw conflict(
      `O afastamento cabe a partir da ${status.threshold}ª notificação; há ${status.notices} (${status.citation}).`,
    );
  if (!i.credentialId) throw conflict("O auto não está ligado a uma credencial.");
  await step(
    id,
    municipalityId,
    actor,
    PENALTY_STATUSES,
    async (row, p, tx) => {
      if (p.removal) throw conflict("O afastamento já foi aplicado.");
      await changeCredentialStatusInTx(
        tx,
        row.credentialId!,
        municipalityId,
        "suspend",
        {
          reason: `Afastamento do condutor após ${status.notices} notificações (auto ${row.number})`,
          citation: status.citation,
          until: null,
        },
        actor,
        now,
      );
      return {
        data: {
          decisionJson: JSON.stringify({
            ...p,
            removal: { at: localDateTime(now, row.municipality.timeZone), credentialId: row.credentialId! },
          }),
        },
        action: "infraction.removal",
        after: { notices: status.notices, citation: status.citation },
      };
    },
    now,
  );
}
