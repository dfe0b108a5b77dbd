// Child process for outbox-lease.test.ts and job-queue-boot.test.ts: one app server's background
// jobs and nothing else — startJobs() with the queue DATABASE_URL selects (pg-boss on PostgreSQL,
// the LocalJob runner on SQLite), exactly as server.js starts them. Prints "jobs:started" once
// they run. outbox-lease.test.ts kills it with SIGKILL while it is sending.
import { JOB_HANDLERS } from "~/jobs/handlers.server";
import { startJobs } from "~/jobs/start.server";

process.stdout.write("worker:started\n");
void startJobs(JOB_HANDLERS).then(() => process.stdout.write("jobs:started\n"));
setInterval(() => undefined, 60_000);
