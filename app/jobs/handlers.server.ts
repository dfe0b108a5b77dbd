// What each background job runs (its kind, schedule and lease: kinds.server.ts). The server's
// entry hands this to startJobs(); a model that enqueues names the job and never imports this.
import { reissueRevokedKeyCredentials } from "~/models/credentials/reissue.server";
import { runDailyJobs } from "~/models/daily-jobs.server";
import { purgeGovbrLogins } from "~/models/govbr.server";
import { sweepStorage } from "~/models/storage-sweep.server";
import { flushOutbox } from "~/utils/mail.server";
import type { JobHandlers } from "./kinds.server";

export const JOB_HANDLERS: JobHandlers = {
  outbox: () => flushOutbox(),
  daily: () => runDailyJobs(),
  "storage-sweep": () => sweepStorage(),
  reissue: () => reissueRevokedKeyCredentials(),
  "govbr-purge": () => purgeGovbrLogins(),
};
