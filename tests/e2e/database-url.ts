// The e2e servers' databases. Playwright runs E2E_WORKERS workers (two by default); each worker
// talks to its own built server on its own port (E2E_PORT + the worker's parallel index) and its
// own database: SQLite by default; with DATABASE_URL on PostgreSQL (CI's second run), a fresh
// database on that server. Names carry the port, so two e2e runs at once — say, a developer's and
// a helper's, with E2E_PORTs at least E2E_WORKERS apart — never share a database.
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** Ports of every e2e server (one per worker), for the config that starts them. */
export const e2ePorts = () => Array.from({ length: E2E_WORKERS }, (_, i) => E2E_BASE_PORT + i);

/** In a Playwright worker, the port of this worker's server; elsewhere the first server's. */
export const E2E_PORT = E2E_BASE_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export function e2eDatabaseUrl(port = E2E_PORT): string {
  const outer = process.env.DATABASE_URL;
  if (!outer || !/^postgres(ql)?:\/\//.test(outer)) return `file:./tmp/e2e-${port}.db`;
  const u = new URL(outer);
  u.pathname = `/credencia_e2e_${port}`;
  return u.toString();
}

export const e2eDataDir = (port = E2E_PORT) => `./tmp/e2e-data-${port}`;
export const E2E_DATA_DIR = e2eDataDir();
