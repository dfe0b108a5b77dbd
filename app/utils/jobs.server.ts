// Background work started with the server: the mail outbox, the daily jobs (reminders,
// expiries) and the storage sweep (crash leftovers). Each job is safe to run twice and on
// several servers. Every job runs once a second after start, then at its interval.
import { env } from "./env.server";
import { flushOutbox } from "./mail.server";
import { runDailyJobs } from "~/models/daily-jobs.server";
import { sweepStorage } from "~/models/storage-sweep.server";

export type BackgroundJob = { name: string; everyMs: number; run: () => Promise<unknown> };

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  { name: "outbox", everyMs: 10_000, run: () => flushOutbox() },
  // Hourly is enough for a daily job: each run does only what is due and is idempotent.
  { name: "daily", everyMs: 3_600_000, run: () => runDailyJobs() },
  // Spool files, interrupted writes and orphaned objects a crash left behind (storage-sweep.server.ts):
  // at start (what the last crash left) and hourly.
  { name: "storage-sweep", everyMs: 3_600_000, run: () => sweepStorage() },
];

let started = false;

export function startJobs(): void {
  if (started || env().JOBS_DISABLED) return;
  started = true;
  for (const job of BACKGROUND_JOBS) {
    const run = () => job.run().catch((e) => console.error(`tarefa em segundo plano "${job.name}" falhou:`, e));
    setTimeout(run, 1_000).unref();
    setInterval(run, job.everyMs).unref();
  }
}
