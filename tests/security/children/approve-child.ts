// Child process for crash-approval.test.ts: approves and issues an application with the real
// model (approveAndIssue) and freezes at `point`, announcing it on stdout ("at:<point>"), so the
// test can kill it with SIGKILL there. No hook in the application: the child watches the SQL its
// own database driver is asked to run (better-sqlite3's prepare, pg's Client.query) and blocks
// the whole process, synchronously, just before the statement that marks the point:
//   credential  the first INSERT of a Credential (inside the issuance transaction)
//   commit      the COMMIT of that transaction (everything written, nothing committed)
//   stored-pdf  the first statement after that COMMIT (the approval is whole; PDFs not stored)
import { writeSync } from "node:fs";
import Database from "better-sqlite3";
import pg from "pg";
import { approveAndIssue } from "~/models/approval.server";

const [applicationId, municipalityId, point] = process.argv.slice(2);
if (!["credential", "commit", "stored-pdf"].includes(point)) throw new Error(`unknown point ${point}`);

let insertedCredential = false;
let committed = false;
function watch(sql: string) {
  if (process.env.CRASH_CHILD_TRACE) writeSync(2, `${sql.slice(0, 120)}\n`);
  const isCredentialInsert = /^\s*insert\s+into\s+(\S+\.)?["`]?Credential["`]?\s*\(/i.test(sql);
  const isCommit = /^\s*commit\b/i.test(sql);
  const freeze =
    (point === "credential" && isCredentialInsert) ||
    (point === "commit" && isCommit && insertedCredential) ||
    (point === "stored-pdf" && committed);
  if (freeze) {
    writeSync(1, `at:${point}\n`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); // until SIGKILL
  }
  if (isCredentialInsert) insertedCredential = true;
  if (isCommit && insertedCredential) committed = true;
}

const prepare = Database.prototype.prepare;
Database.prototype.prepare = function (this: Database.Database, sql: string) {
  watch(sql);
  return prepare.call(this, sql);
} as typeof prepare;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  watch(typeof config === "string" ? config : ((config as { text?: string })?.text ?? ""));
  return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
} as typeof query;

await approveAndIssue(applicationId, municipalityId, {
  userId: null,
  role: "ANALISTA",
  municipalityId,
  requestId: "queda-na-aprovacao",
});
throw new Error(`approveAndIssue finished without reaching ${point}`);
