// Vitest global setup: a fresh test database with every migration applied.
import { execFileSync } from "node:child_process";
import { rmSync, mkdirSync } from "node:fs";
import pg from "pg";
import { testDatabaseUrl } from "./test-database";

export default async function setup() {
  const url = testDatabaseUrl();
  if (url.startsWith("file:")) {
    mkdirSync("tmp", { recursive: true });
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`tmp/test.db${suffix}`, { force: true });
  } else {
    const admin = new URL(url);
    admin.pathname = "/postgres";
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query('DROP DATABASE IF EXISTS "credencia_test" WITH (FORCE)');
    await client.query('CREATE DATABASE "credencia_test"');
    await client.end();
  }
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, stdio: "pipe" });
}
