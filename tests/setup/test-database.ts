// Which database a test run uses. The suite runs against SQLite by default and against
// PostgreSQL when DATABASE_URL is a postgresql:// URL (CI runs both): a fresh database named
// credencia_test on that server, never the one DATABASE_URL points at.
export function testDatabaseUrl(outer = process.env.DATABASE_URL): string {
  if (outer && /^postgres(ql)?:\/\//.test(outer)) {
    const u = new URL(outer);
    u.pathname = "/credencia_test";
    return u.toString();
  }
  return "file:./tmp/test.db";
}
