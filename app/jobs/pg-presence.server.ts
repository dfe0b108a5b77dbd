// A worker's presence on PostgreSQL (ADR 052): a session named after it, open for its whole life;
// when the process dies PostgreSQL ends it, and its jobs are handed back at once.
import pg from "pg";

/** The application_name of a worker's presence session (at most 63 characters are kept). */
const presenceName = (token: string) => `credencia-worker ${token}`;

/** This worker's presence session, reopened at once if it drops; others read pg_stat_activity. */
export async function holdPresence(connectionString: string, token: string) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const open = async () => {
    const c = new pg.Client({ connectionString, application_name: presenceName(token), keepAlive: true });
    c.on("error", (e) => console.error("fila de tarefas: a sessão de presença caiu:", e.message));
    c.on("end", () => {
      // Only the session that was open: a connection that failed is retried by its caller.
      if (client !== c) return;
      client = null;
      if (!closed) reopen();
    });
    await c.connect();
    if (closed) await c.end();
    else client = c;
  };
  const reopen = () => {
    if (retry || closed) return;
    retry = setTimeout(() => {
      retry = null;
      open().catch(() => reopen());
    }, 500);
    retry.unref();
  };
  await open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export type Presence = Awaited<ReturnType<typeof holdPresence>>;

/** Of these workers' presence sessions, the ones PostgreSQL does not have. */
export async function missingPresences(connectionString: string, tokens: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString, application_name: "credencia-jobs-resume" });
  await client.connect();
  try {
    const { rows } = await client.query<{ application_name: string }>(
      "SELECT DISTINCT application_name FROM pg_stat_activity WHERE application_name = ANY($1::text[])",
      [tokens.map(presenceName)],
    );
    const present = new Set(rows.map((r) => r.application_name));
    return new Set(tokens.filter((t) => !present.has(presenceName(t))));
  } finally {
    await client.end();
  }
}
