// Which database a test run uses. The suite runs against SQLite by default and against
// PostgreSQL when DATABASE_URL is a postgresql:// URL (CI runs both): fresh databases on that
// server, never the one DATABASE_URL points at. Names carry the run's process id, so two runs
// at once (a developer and a helper, say) never share a database. Test files run in
// TEST_WORKERS workers at once (2 by default), each with a database and data folder of its own
// (`forWorker`), copied from the run's migrated one by global-db.ts.
const RUN_ID = process.env.TEST_RUN_ID ?? String(process.pid);
process.env.TEST_RUN_ID = RUN_ID;

export const TEST_WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 2));

export function testDatabaseUrl(outer = process.env.DATABASE_URL): string {
  if (outer && /^postgres(ql)?:\/\//.test(outer) && !outer.includes("/credencia_test_")) {
    const u = new URL(outer);
    u.pathname = `/credencia_test_${RUN_ID}`;
    return u.toString();
  }
  if (outer && outer.includes("/credencia_test_")) return outer;
  return `file:./tmp/test-${RUN_ID}.db`;
}

/** Worker `worker`'s (1…TEST_WORKERS, Vitest's VITEST_POOL_ID) copy of the run's database. */
export function forWorker(runDatabaseUrl: string, worker: number): string {
  if (runDatabaseUrl.startsWith("file:")) return runDatabaseUrl.replace(/\.db$/, `-w${worker}.db`);
  const u = new URL(runDatabaseUrl);
  u.pathname = `${u.pathname}_w${worker}`;
  return u.toString();
}
