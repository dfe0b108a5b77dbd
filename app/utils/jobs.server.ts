// Background work started with the server: the mail outbox and, later, the daily jobs
// (reminders, expiries). Each job is safe to run twice and on several servers.
import { env } from "./env.server";
import { flushOutbox } from "./mail.server";
import { runDailyJobs } from "~/models/daily-jobs.server";

let started = false;

export function startJobs(): void {
  if (started || env().JOBS_DISABLED) return;
  started = true;
  const every = (ms: number, job: () => Promise<unknown>) => {
    const run = () => job().catch((e) => console.error("tarefa em segundo plano falhou:", e));
    setTimeout(run, 1_000).unref();
    setInterval(run, ms).unref();
  };
  every(10_000, () => flushOutbox());
  // Hourly is enough for a daily job: each run does only what is due and is idempotent.
  every(3_600_000, () => runDailyJobs());
}
