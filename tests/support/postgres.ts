// One connection to a PostgreSQL database for a test's setup or checks: opened, used, closed.
import pg from "pg";

/** Runs `fn` on a new connection to `url`, closed afterwards whatever happens. */
export async function withPostgres<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `url` with its database replaced by `database` (same server, same user). */
export function otherDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** The same server's "postgres" database: where databases are created and dropped. */
export const maintenanceUrl = (url: string) => otherDatabase(url, "postgres");
