// The platform admin's view of the background jobs (/admin/tarefas): runs, failures (personal data
// masked when stored and again here), retries, and credentials still on a revoked key.
import { redactPersonalData } from "~/domain/jobs/redact";
import { conflict, notFound } from "~/domain/refusal";
import { BACKGROUND_JOBS, backgroundJob, enqueueJob } from "~/jobs/kinds.server";
import { parseWorker } from "~/jobs/worker.server";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { awaitingReissueByMunicipality } from "./credentials/reissue.server";

export type JobKindView = {
  name: string;
  label: string;
  everyMs: number | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastOk: boolean | null;
  runs: number;
  failures: number;
  nextRunAt: string | null;
  /** The runs in progress now: since when, which attempt, on which server (its host name). */
  running: { since: string; attempt: number; server: string }[];
};

export type JobFailureView = {
  id: string;
  name: string;
  label: string;
  attempt: number;
  final: boolean;
  error: string;
  failedAt: string;
  retriedAt: string | null;
};

/** Every kind of job (also those that never ran) and the latest failed attempts, newest first. */
export async function jobsOverview(take = 50) {
  const [statuses, failures, running] = await Promise.all([
    db.jobStatus.findMany(),
    db.jobFailure.findMany({ orderBy: { failedAt: "desc" }, take }),
    db.runningJob.findMany({ orderBy: { startedAt: "asc" } }),
  ]);
  const byName = new Map(statuses.map((s) => [s.name, s]));
  const kinds: JobKindView[] = BACKGROUND_JOBS.map((job) => {
    const s = byName.get(job.name);
    return {
      running: running
        .filter((r) => r.name === job.name)
        .map((r) => ({
          since: r.startedAt.toISOString(),
          attempt: r.attempt,
          server: parseWorker(r.worker)?.host ?? "—",
        })),
      name: job.name,
      label: job.label,
      everyMs: job.everyMs,
      lastStartedAt: s?.lastStartedAt?.toISOString() ?? null,
      lastFinishedAt: s?.lastFinishedAt?.toISOString() ?? null,
      lastOk: s?.lastOk ?? null,
      runs: s?.runs ?? 0,
      failures: s?.failures ?? 0,
      nextRunAt: s?.nextRunAt?.toISOString() ?? null,
    };
  });
  return {
    engine: isPostgres() ? ("pg-boss" as const) : ("local" as const),
    kinds,
    failures: failures.map((f): JobFailureView => ({
      id: f.id,
      name: f.name,
      label: backgroundJob(f.name)?.label ?? f.name,
      attempt: f.attempt,
      final: f.final,
      error: redactPersonalData(f.error),
      failedAt: f.failedAt.toISOString(),
      retriedAt: f.retriedAt?.toISOString() ?? null,
    })),
  };
}

export type ReissueView = {
  /** Credentials in force still signed by a revoked key: they verify NÃO RECONHECIDO until re-issued. */
  awaiting: number;
  byMunicipality: { municipality: string; count: number }[];
};

/** What the key-revocation re-issue still has to do. */
export async function reissueOverview(): Promise<ReissueView> {
  const byMunicipality = await awaitingReissueByMunicipality();
  return { awaiting: byMunicipality.reduce((n, m) => n + m.count, 0), byMunicipality };
}

export type MailFailureView = {
  id: string;
  to: string;
  status: "PENDING" | "FAILED";
  attempts: number;
  error: string;
  nextAttemptAt: string | null;
};

/** E-mails the SMTP server refused or could not take (retrying, or given up), recipients masked. */
export async function undeliveredMail(take = 50): Promise<MailFailureView[]> {
  const rows = await db.outboxMessage.findMany({
    where: { status: { in: ["PENDING", "FAILED"] }, lastError: { not: null } },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, to: true, status: true, attempts: true, lastError: true, nextAttemptAt: true },
  });
  return rows.map((m) => ({
    id: m.id,
    to: redactPersonalData(m.to),
    status: m.status as "PENDING" | "FAILED",
    attempts: m.attempts,
    error: redactPersonalData(m.lastError ?? ""),
    nextAttemptAt: m.status === "PENDING" ? m.nextAttemptAt.toISOString() : null,
  }));
}

/** Gives an e-mail that ran out of attempts one more, at the next pass of the outbox; audited. */
export async function retryMail(messageId: string, actor: Actor) {
  const { count } = await db.outboxMessage.updateMany({
    where: { id: messageId, status: "FAILED" },
    data: { status: "PENDING", nextAttemptAt: new Date() },
  });
  if (count !== 1) {
    const exists = await db.outboxMessage.findUnique({ where: { id: messageId }, select: { id: true } });
    throw exists ? conflict("Este e-mail já está na fila de envio.") : notFound("E-mail não encontrado.");
  }
  await db.$transaction((tx) =>
    audit(tx, actor, {
      action: "mail.retry",
      subjectType: "OutboxMessage",
      subjectId: messageId,
      municipalityId: null,
    }),
  );
}

/** Runs a job whose retries ran out once more, with the same data; audited. */
export async function retryFailedJob(failureId: string, actor: Actor, now = new Date()) {
  const failure = await db.jobFailure.findUnique({ where: { id: failureId } });
  if (!failure || !backgroundJob(failure.name)) throw notFound("Falha não encontrada.");
  if (!failure.final) throw conflict("Esta tarefa ainda será tentada de novo automaticamente.");
  // Marked first (only if nobody did): two clicks, or two admins, enqueue it once.
  const { count } = await db.jobFailure.updateMany({
    where: { id: failure.id, retriedAt: null },
    data: { retriedAt: now },
  });
  if (count !== 1) throw conflict("Esta tarefa já foi enviada para nova execução.");
  try {
    await enqueueJob(failure.name, JSON.parse(failure.data));
  } catch (e) {
    await db.jobFailure.update({ where: { id: failure.id }, data: { retriedAt: null } });
    throw e;
  }
  await db.$transaction((tx) =>
    audit(tx, actor, {
      action: "job.retry",
      subjectType: "JobFailure",
      subjectId: failure.id,
      municipalityId: null,
      after: { name: failure.name, attempt: failure.attempt },
    }),
  );
}
