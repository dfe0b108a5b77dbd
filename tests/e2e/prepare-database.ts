// Run by Playwright's webServer command before the server starts (Playwright starts the web
// server before any globalSetup): a fresh database with every migration and the demo data.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import pg from "pg";

const url = process.env.DATABASE_URL ?? "file:./tmp/e2e.db";
mkdirSync("tmp", { recursive: true });
if (url.startsWith("file:")) {
  const file = url.replace(/^file:/, "");
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${s}`, { force: true });
} else {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
}
rmSync(process.env.DATA_DIR ?? "tmp/e2e-data", { recursive: true, force: true });
execFileSync("npx", ["prisma", "migrate", "deploy"], { stdio: "pipe" });
execFileSync("npx", ["tsx", "prisma/seed.ts"], { stdio: "pipe" });
