// Which database a test run uses. The suite runs against SQLite by default and against
// PostgreSQL when DATABASE_URL is a postgresql:// URL (CI runs both): a fresh database on that
// server, never the one DATABASE_URL points at. Names carry the run's process id, so two runs
// at once (a developer and a helper, say) never share a database.
const RUN_ID = process.env.TEST_RUN_ID ?? String(process.pid);
process.env.TEST_RUN_ID = RUN_ID;

export function testDatabaseUrl(outer = process.env.DATABASE_URL): string {
  if (outer && /^postgres(ql)?:\/\//.test(outer) && !outer.includes("/credencia_test_")) {
    const u = new URL(outer);
    u.pathname = `/credencia_test_${RUN_ID}`;
    return u.toString();
  }
  if (outer && outer.includes("/credencia_test_")) return outer;
  return `file:./tmp/test-${RUN_ID}.db`;
}
