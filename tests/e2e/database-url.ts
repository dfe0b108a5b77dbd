// The e2e server's database: SQLite by default; with DATABASE_URL on PostgreSQL (CI's second
// run), a fresh database on that server. Names carry the port (E2E_PORT), so two e2e runs at
// once — say, a developer's and a helper's — never share a database.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

export function e2eDatabaseUrl(): string {
  const outer = process.env.DATABASE_URL;
  if (!outer || !/^postgres(ql)?:\/\//.test(outer)) return `file:./tmp/e2e-${E2E_PORT}.db`;
  const u = new URL(outer);
  u.pathname = `/credencia_e2e_${E2E_PORT}`;
  return u.toString();
}
export const E2E_DATA_DIR = `./tmp/e2e-data-${E2E_PORT}`;
