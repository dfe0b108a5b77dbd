// Vitest global setup: the run's test database with every migration applied, copied once per
// worker (test-database.ts: files in two workers never share rows, a pg-boss schema or a SQLite
// lock); all removed afterwards.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { maintenanceUrl, withPostgres } from "../support/postgres";
import { forWorker, TEST_WORKERS, testDatabaseUrl } from "./test-database";

const onServer = (url: string, statements: string[]) =>
  withPostgres(maintenanceUrl(url), async (client) => {
    for (const sql of statements) await client.query(sql);
  });

export default async function setup() {
  const url = testDatabaseUrl();
  const workers = Array.from({ length: TEST_WORKERS }, (_, i) => forWorker(url, i + 1));
  const sqliteFile = (u: string) => u.replace(/^file:/, "");
  const removeSqlite = () => {
    for (const u of [url, ...workers])
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${sqliteFile(u)}${suffix}`, { force: true });
  };
  const pgName = (u: string) => new URL(u).pathname.slice(1);
  const dropAll = () =>
    onServer(
      url,
      [url, ...workers].map((u) => `DROP DATABASE IF EXISTS "${pgName(u)}" WITH (FORCE)`),
    );
  const sqlite = url.startsWith("file:");
  if (sqlite) {
    mkdirSync("tmp", { recursive: true });
    removeSqlite();
  } else {
    await dropAll();
    await onServer(url, [`CREATE DATABASE "${pgName(url)}"`]);
  }
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
  if (sqlite) for (const w of workers) copyFileSync(sqliteFile(url), sqliteFile(w));
  else
    await onServer(
      url,
      workers.map((w) => `CREATE DATABASE "${pgName(w)}" TEMPLATE "${pgName(url)}"`),
    );
  return async () => {
    if (sqlite) removeSqlite();
    else await dropAll();
  };
}
