// What each background job runs (its kind, schedule and lease: utils/jobs.server.ts). The server's
// entry hands this to startJobs(); a model that enqueues names the job and never imports this.
import { flushOutbox } from "~/utils/mail.server";
import type { JobHandlers } from "~/utils/jobs.server";
import { runDailyJobs } from "./daily-jobs.server";
import { sweepStorage } from "./storage-sweep.server";
import { reissueRevokedKeyCredentials } from "./credentials/reissue.server";
import { purgeGovbrLogins } from "./govbr.server";

export const JOB_HANDLERS: JobHandlers = {
  outbox: () => flushOutbox(),
  daily: () => runDailyJobs(),
  "storage-sweep": () => sweepStorage(),
  reissue: () => reissueRevokedKeyCredentials(),
  "govbr-purge": () => purgeGovbrLogins(),
};
