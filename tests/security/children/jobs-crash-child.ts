// Child process for crash-jobs.test.ts: one app server's background jobs — startJobs() with the
// queue DATABASE_URL selects, exactly as server.js starts them — that freezes itself at `point`
// inside a job, says so on stdout ("at:<point>") and waits for SIGKILL. No hook in the
// application: like approve-child.ts, it watches the SQL its own database driver is asked to run
// (better-sqlite3's prepare, pg's Client.query) and blocks its only thread (Atomics.wait) just
// before the statement that marks the point:
//   reissue-commit  the COMMIT of the 2nd credential's re-issue transaction (written, not committed)
//   reissue-pdf     the first statement after that COMMIT has returned (re-issued, PDF not stored)
//   daily           the COMMIT of the daily routine's 2nd reminder (its mail queued, not committed)
//   storage-sweep   the sweep's first look-up of objects among Document rows (spool and .tmp removed,
//                   orphans not)
//   govbr-purge     the purge's statement on GovbrLogoutToken (expired sign-ins deleted, tokens not)
//   upload          none in SQL: an upload to this server stalls mid-spool (a personal document
//                   half on disk)
//   none            runs the jobs until SIGTERM (stopJobs, as server.js does) or SIGKILL
// It prints "jobs:started" once its jobs run.
import { writeSync } from "node:fs";
import { stat } from "node:fs/promises";
import { setImmediate as nextTurn } from "node:timers/promises";
import Database from "better-sqlite3";
import pg from "pg";
import { JOB_HANDLERS } from "~/jobs/handlers.server";
import { startJobs, stopJobs } from "~/jobs/start.server";

const POINTS = ["reissue-commit", "reissue-pdf", "daily", "storage-sweep", "govbr-purge", "upload", "none"];
const point = process.argv[2];
if (!POINTS.includes(point)) throw new Error(`unknown point ${point}`);

function freeze() {
  writeSync(1, `at:${point}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // until SIGKILL
}

const table = (name: string) => new RegExp(`["\`]${name}["\`]`, "i");
const isCommit = (sql: string) => /^\s*commit\b/i.test(sql);
const isReissueUpdate = (sql: string) =>
  /^\s*update\b/i.test(sql) && table("Credential").test(sql) && /["`]kid["`]\s*=/i.test(sql);
const isReminderInsert = (sql: string) => /^\s*insert\s+into\b/i.test(sql) && table("Reminder").test(sql);

// The connection whose transaction is being followed (PostgreSQL: each transaction has its own
// client; SQLite: one connection), how many marked statements it ran, and whether its COMMIT returned.
let marked = 0;
let markedOn: unknown = null;
let committed = false;

/** Before a statement runs on connection `on`. Returns a callback for when it has run (pg). */
function before(sql: string, on: unknown): (() => void) | undefined {
  if (process.env.CRASH_CHILD_TRACE) writeSync(2, `${sql.slice(0, 160)}\n`);
  const orphanLookup =
    /^\s*select\b/i.test(sql) && table("Document").test(sql) && /storageKey["`]?\s+in\s*\(/i.test(sql);
  if (point === "storage-sweep" && orphanLookup) freeze();
  if (point === "govbr-purge" && table("GovbrLogoutToken").test(sql)) freeze();
  if (point === "reissue-pdf" && committed) freeze();
  const marks = point.startsWith("reissue") ? isReissueUpdate(sql) : point === "daily" && isReminderInsert(sql);
  if (marks) {
    marked++;
    markedOn = on;
  }
  if (marked >= 2 && on === markedOn && isCommit(sql)) {
    if (point === "reissue-commit" || point === "daily") freeze();
    if (point === "reissue-pdf") return () => void (committed = true);
  }
  return undefined;
}

const prepare = Database.prototype.prepare;
let sqliteAfter: (() => void) | undefined;
Database.prototype.prepare = function (this: Database.Database, sql: string) {
  // better-sqlite3 runs a statement right after preparing it: the next prepare means it has run.
  sqliteAfter?.();
  sqliteAfter = before(sql, "sqlite");
  return prepare.call(this, sql);
} as typeof prepare;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const sql = typeof config === "string" ? config : ((config as { text?: string })?.text ?? "");
  const after = before(sql, this);
  const result = (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
  if (after && result instanceof Promise) void result.then(after, () => undefined);
  return result;
} as typeof query;

process.on("SIGTERM", () => {
  void stopJobs(10_000).then(() => process.exit(0));
});
setInterval(() => undefined, 1 << 30); // stay alive until told

await startJobs(JOB_HANDLERS);
process.stdout.write("jobs:started\n");

if (point === "upload") {
  // A client that sent the form's head and 2 MiB of a PDF to this server, then went silent.
  const { receiveUpload } = await import("~/http/upload.server");
  const { defaultSpoolDir } = await import("~/models/storage-sweep.server");
  const { createLocalStorage, localStorageRoot } = await import("~/utils/storage/local.server");
  const { listFiles, UPLOAD_URL } = await import("../../fixtures/files/requests");
  const spoolDir = defaultSpoolDir();
  const earlier = new Set(await listFiles(spoolDir));
  const boundary = "----queda";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="cnh.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(head);
      else if (sent <= 32) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
      else return new Promise(() => undefined); // silence: the upload is mid-stream
      sent++;
    },
  });
  const request = new Request(UPLOAD_URL, {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
  } as RequestInit);
  void receiveUpload(request, {
    field: "arquivo",
    storage: createLocalStorage(localStorageRoot(process.env.DATA_DIR!)),
    spoolDir,
    remainingUserBytes: 1 << 30,
  });
  for (;;) {
    const spooled = (await listFiles(spoolDir)).filter((f) => !earlier.has(f));
    const sizes = await Promise.all(
      spooled.map((f) =>
        stat(`${spoolDir}/${f}`).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    if (sizes.some((size) => size >= 2 * 1024 * 1024)) break;
    await nextTurn();
  }
  process.stdout.write(`at:${point}\n`);
}
