// The verification pool's idle sessions can die under it (a PostgreSQL restart, a failover, a killed
// backend): the pool drops them and the next scan opens a new one. Without an error listener on the
// pool, node ends the whole process on the first such death — a server, or this test's worker.
import pg from "pg";
import { expect, it, vi } from "vitest";
import { HOT_POOL_NAME, hotSql } from "~/models/verification-sql.server";
import { env, isPostgres } from "~/utils/env.server";
import { createMunicipality, createSignedCredential } from "../../support/factories";

// Skipped on SQLite, with reason: SQLite has no server sessions; its statements run in-process.
it.skipIf(!isPostgres())("a killed idle session is dropped and the next scan answers", async () => {
  const m = await createMunicipality();
  const { credential } = await createSignedCredential(m);
  expect((await hotSql().credentialBySerial(credential.serial))?.serial).toBe(credential.serial);

  const lost = vi.spyOn(console, "error").mockImplementation(() => undefined);
  const admin = new pg.Client({ connectionString: env().DATABASE_URL });
  await admin.connect();
  try {
    const { rowCount } = await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()",
      [HOT_POOL_NAME],
    );
    expect(rowCount).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
  await vi.waitFor(() => expect(lost).toHaveBeenCalledWith("verificação: conexão ociosa perdida:", expect.any(String)));
  lost.mockRestore();

  expect((await hotSql().credentialBySerial(credential.serial))?.serial).toBe(credential.serial);
});
