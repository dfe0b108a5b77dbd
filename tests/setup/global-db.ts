// Vitest global setup: a fresh test database with every migration applied, removed afterwards.
import { execFileSync } from "node:child_process";
import { rmSync, mkdirSync } from "node:fs";
import pg from "pg";
import { testDatabaseUrl } from "./test-database";

async function onServer(url: string, sql: string) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function setup() {
  const url = testDatabaseUrl();
  const removeSqlite = () => {
    const file = url.replace(/^file:/, "");
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
  };
  const name = url.startsWith("file:") ? null : new URL(url).pathname.slice(1);
  if (!name) {
    mkdirSync("tmp", { recursive: true });
    removeSqlite();
  } else {
    await onServer(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await onServer(url, `CREATE DATABASE "${name}"`);
  }
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
  return async () => {
    if (!name) removeSqlite();
    else await onServer(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
}
