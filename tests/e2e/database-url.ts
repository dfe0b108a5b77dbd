// The e2e server's database: SQLite by default; with DATABASE_URL on PostgreSQL (CI's second
// run), a fresh credencia_e2e database on that server.
export function e2eDatabaseUrl(): string {
  const outer = process.env.DATABASE_URL;
  if (!outer || !/^postgres(ql)?:\/\//.test(outer)) return "file:./tmp/e2e.db";
  const u = new URL(outer);
  u.pathname = "/credencia_e2e";
  return u.toString();
}
export const E2E_DATA_DIR = "./tmp/e2e-data";
