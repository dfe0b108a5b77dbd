// The kinds of background job, as data, and how to enqueue one by name. It imports no model (the
// handlers are in handlers.server.ts), so a model that enqueues sits in no import circle.
import { TEMP_GRACE_MS } from "~/utils/storage.server";
import { type JobData, type JobKindOptions, jobQueue, type QueueRole } from "./queue.server";

export type BackgroundJob = JobKindOptions & {
  name: string;
  /** pt-BR, for the back office. */
  label: string;
  /** Run every this many milliseconds (once per period across servers); null: only when enqueued. */
  everyMs: number | null;
  /** Also run by every server that starts, this long after its start (0: at once) — whatever the
   * schedule's slot says: the period's run may have been taken before a crash and restart. */
  atStartMs?: readonly number[];
};

/** What each kind of job runs (handlers.server.ts). */
export type JobHandlers = Readonly<
  Record<(typeof BACKGROUND_JOBS)[number]["name"], (data: JobData) => Promise<unknown>>
>;

export const BACKGROUND_JOBS = [
  {
    name: "outbox",
    label: "Envio de e-mails (caixa de saída)",
    everyMs: 10_000,
    // Each message has its own lease (OutboxMessage.leaseUntil): a run that dies costs nothing,
    // the next tick takes over. The job's own lease only bounds one pass.
    leaseSeconds: 300,
    retryLimit: 0,
  },
  {
    // Hourly is enough for a daily job: each run does only what is due and is idempotent.
    name: "daily",
    label: "Rotina diária (vencimentos, fim de suspensões, lembretes)",
    everyMs: 3_600_000,
    leaseSeconds: 1_800,
    retryLimit: 2,
    oneAtATime: true,
  },
  {
    // What a crash left in storage: at every start, once the spool's grace period has passed, and hourly.
    name: "storage-sweep",
    label: "Limpeza do armazenamento (sobras de envios interrompidos)",
    everyMs: 3_600_000,
    atStartMs: [0, TEMP_GRACE_MS + 60_000],
    leaseSeconds: 1_800,
    retryLimit: 1,
    oneAtATime: true,
  },
  {
    // Re-signs what a revoked key signed and is in force (and renders a PDF a crash left missing):
    // enqueued by the revocation, and at every start and hourly in case that enqueue was lost.
    name: "reissue",
    label: "Reemissão das credenciais de chave revogada",
    everyMs: 3_600_000,
    atStartMs: [0],
    leaseSeconds: 1_800,
    retryLimit: 3,
    oneAtATime: true,
  },
  {
    // gov.br sign-ins in flight, held links and remembered logout tokens past their time (ADR 044).
    name: "govbr-purge",
    label: "Limpeza das entradas com gov.br vencidas",
    everyMs: 86_400_000,
    leaseSeconds: 600,
    retryLimit: 2,
    oneAtATime: true,
  },
] as const satisfies readonly BackgroundJob[];

export const backgroundJob = (name: string): BackgroundJob | undefined => BACKGROUND_JOBS.find((j) => j.name === name);

export async function definedQueue(role: QueueRole = "enqueue") {
  const queue = await jobQueue(role);
  const g = globalThis as unknown as { __jobsDefined?: WeakSet<object> };
  g.__jobsDefined ??= new WeakSet();
  if (!g.__jobsDefined.has(queue)) {
    for (const job of BACKGROUND_JOBS) await queue.define(job.name, job);
    g.__jobsDefined.add(queue);
  }
  return queue;
}

/** Puts one job of a known kind in the queue (enqueue-only where startJobs() never ran). */
export async function enqueueJob(name: string, data: JobData = {}) {
  if (!backgroundJob(name)) throw new Error(`tarefa "${name}" desconhecida`);
  return (await definedQueue()).enqueue(name, data);
}
