// The two statements every scan runs (credential lookup, log INSERT) on the raw driver, prepared once
// per process: through Prisma, preparing took ~4 % of CPU under load and its engine ~15 %
// (bench/README.md; ADR 011, 034). Everything else stays on Prisma.
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { env, isPostgres } from "~/utils/env.server";
import { projectRoot } from "~/utils/project-root.server";
import { SQLITE_LOCK_WAIT_MS } from "~/utils/sqlite-adapter.server";

/** A verdict's columns: the credential's public fields, status and key, and its municipality's. */
export type CredentialSqlRow = {
  id: string;
  serial: string;
  type: string;
  category: string;
  status: string;
  kid: string;
  holderPersonId: string | null;
  holderDisplayName: string;
  plate: string | null;
  operatorName: string | null;
  validFrom: string;
  validUntil: string;
  ibgeCode: string;
  municipalityName: string;
  uf: string;
  timeZone: string;
  /** The holder's photo the credential was issued with, while that document stands accepted; else null. */
  photoDocumentId: string | null;
};

type LogSqlRow = { credentialId: string; channel: string; verdict: string; client: string | null; at: Date };

/**
 * The credential behind a serial with its municipality and still-accepted photo in one statement
 * (issue #31: two queries fewer per scan). `photoId` reads the JSON member in each engine's dialect.
 */
const selectCredential = (photoId: string, param: string) => `
  SELECT c."id", c."serial", c."type", c."category", c."status", c."kid", c."holderPersonId", c."holderDisplayName",
         c."plate", c."operatorName", c."validFrom", c."validUntil", m."ibgeCode", m."name" AS "municipalityName", m."uf", m."timeZone",
         d."id" AS "photoDocumentId"
  FROM "Credential" c JOIN "Municipality" m ON m."id" = c."municipalityId"
  LEFT JOIN "Document" d ON d."id" = ${photoId} AND d."personId" = c."holderPersonId" AND d."reviewStatus" = 'ACCEPTED'
  WHERE c."serial" = ${param}`;
const LOG_COLUMNS = `"VerificationLog" ("id", "credentialId", "channel", "verdict", "client", "at")`;

type HotSql = {
  credentialBySerial(serial: string): Promise<CredentialSqlRow | undefined>;
  insertLogs(rows: LogSqlRow[]): Promise<void>;
};

function sqlite(): HotSql {
  const require = createRequire(path.join(projectRoot(), "package.json"));
  const Database = require("better-sqlite3");
  const file = path.resolve(projectRoot(), env().DATABASE_URL.replace(/^file:/, ""));
  // A second connection beside Prisma's, with the same busy timeout (db.server.ts), for the reads.
  const conn = new Database(file, { timeout: SQLITE_LOCK_WAIT_MS });
  // A third for the log, which must never wait for the lock: better-sqlite3 would block the event loop
  // that the holder (a Prisma transaction of this process) needs. It fails at once and retries (ADR 048).
  const writer = new Database(file, { timeout: 0 });
  // The server runs SQLite in WAL mode with NORMAL sync (db.server.ts prepareDatabase); the sync
  // level is per connection, so the writer follows — else every log batch would wait for an fsync.
  if (writer.pragma("journal_mode", { simple: true }) === "wal") writer.pragma("synchronous = NORMAL");
  const byserial = conn.prepare(
    selectCredential(
      `CASE WHEN json_valid(c."renderDataJson") THEN json_extract(c."renderDataJson", '$.photoDocumentId') END`,
      "?",
    ),
  );
  const insert = writer.prepare(`INSERT INTO ${LOG_COLUMNS} VALUES (?, ?, ?, ?, ?, ?)`);
  // One transaction per batch: one commit for all the rows of a loop turn (verification-log.server.ts).
  const insertAll = writer.transaction((rows: LogSqlRow[]) => {
    // Stored as Prisma's SQLite adapter stores a DateTime: ISO text with "+00:00".
    for (const r of rows)
      insert.run(
        randomUUID(),
        r.credentialId,
        r.channel,
        r.verdict,
        r.client,
        r.at.toISOString().replace("Z", "+00:00"),
      );
  });
  return {
    credentialBySerial: async (serial) => byserial.get(serial) as CredentialSqlRow | undefined,
    insertLogs: (rows) => whenUnlocked(() => insertAll(rows)),
  };
}

/** Retries a write while SQLite's lock is held (2 ms doubling to 100 ms): a busy timeout that frees the event loop. */
async function whenUnlocked(write: () => void): Promise<void> {
  const until = Date.now() + SQLITE_LOCK_WAIT_MS;
  for (let pause = 2; ; pause = Math.min(pause * 2, 100)) {
    try {
      return write();
    } catch (e) {
      const busy = String((e as { code?: unknown }).code ?? "").startsWith("SQLITE_BUSY");
      if (!busy || Date.now() + pause > until) throw e;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/** The application_name of the verification pool's sessions, as pg_stat_activity shows them. */
export const HOT_POOL_NAME = "credencia-verificacao";

function postgres(): HotSql {
  const require = createRequire(path.join(projectRoot(), "package.json"));
  const pg = require("pg");
  // A small pool beside Prisma's (max 10): each connection prepares the two statements once.
  const pool = new pg.Pool({ connectionString: env().DATABASE_URL, max: 4, application_name: HOT_POOL_NAME });
  // An idle session that dies (a restart, a failover, a killed backend) is dropped by the pool; without
  // a listener its error would end the process.
  pool.on("error", (e: Error) => console.error("verificação: conexão ociosa perdida:", e.message));
  return {
    credentialBySerial: async (serial) =>
      (
        await pool.query({
          name: "hot_credential_by_serial",
          text: selectCredential(`(c."renderDataJson"::json ->> 'photoDocumentId')`, "$1"),
          values: [serial],
        })
      ).rows[0],
    // A whole batch as one statement of fixed text (arrays unnested), so it is prepared once.
    insertLogs: async (rows) => {
      await pool.query({
        name: "hot_insert_verification_logs",
        text: `INSERT INTO ${LOG_COLUMNS} SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamp(3)[])`,
        values: [
          rows.map(() => randomUUID()),
          rows.map((r) => r.credentialId),
          rows.map((r) => r.channel),
          rows.map((r) => r.verdict),
          rows.map((r) => r.client),
          // timestamp(3) without zone holds UTC, as Prisma writes it; the "Z" is ignored by the cast.
          rows.map((r) => r.at.toISOString()),
        ],
      });
    },
  };
}

const globalForHot = globalThis as unknown as { __hotSql?: { url: string; sql: HotSql } };

/** The prepared statements for this process's DATABASE_URL (opened on first use). */
export function hotSql(): HotSql {
  const url = env().DATABASE_URL;
  if (globalForHot.__hotSql?.url !== url) globalForHot.__hotSql = { url, sql: isPostgres() ? postgres() : sqlite() };
  return globalForHot.__hotSql.sql;
}
