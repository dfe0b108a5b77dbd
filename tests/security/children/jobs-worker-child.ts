// Child process for outbox-lease.test.ts: one app server's background jobs and nothing else —
// startJobs() with the queue DATABASE_URL selects (pg-boss on PostgreSQL, the LocalJob runner on
// SQLite), exactly as server.js starts them. The test kills it with SIGKILL while it is sending.
import { startJobs } from "~/utils/jobs.server";

startJobs();
process.stdout.write("worker:started\n");
setInterval(() => undefined, 60_000);
