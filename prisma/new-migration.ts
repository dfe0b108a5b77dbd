// `npm run db:new-migration -- <name>`: after editing prisma/schema.prisma, writes the migration
// for both databases. `prisma migrate dev` is not used (ADR 001): SQLite's migration is diffed
// from the existing migrations, PostgreSQL's from the last committed PostgreSQL schema.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("Uso: npm run db:new-migration -- nome_em_snake_case");
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const folder = `${stamp}_${name}`;
const pgUrl = /^postgres/.test(process.env.DATABASE_URL ?? "")
  ? process.env.DATABASE_URL!
  : "postgresql://postgres@127.0.0.1:5432/postgres";

execFileSync("npx", ["tsx", "prisma/sync-schemas.ts"], { stdio: "inherit" });
mkdirSync("tmp", { recursive: true });

const prisma = (args: string[], url: string) =>
  execFileSync("npx", ["prisma", "migrate", "diff", ...args, "--script"], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: "utf8",
  });

const sqlite = prisma(
  ["--from-migrations", "prisma/migrations", "--to-schema-datamodel", "prisma/schema.prisma"],
  "file:./tmp/new-migration.db",
);
const previousPg = execFileSync("git", ["show", "HEAD:prisma/postgres/schema.prisma"], { encoding: "utf8" });
writeFileSync("tmp/previous-postgres.prisma", previousPg);
const postgres = prisma(
  ["--from-schema-datamodel", "tmp/previous-postgres.prisma", "--to-schema-datamodel", "prisma/postgres/schema.prisma"],
  pgUrl,
);

if (!sqlite.trim() || /^-- This is an empty migration/m.test(sqlite)) {
  console.error("Nada mudou no schema desde a última migração.");
  process.exit(1);
}
for (const [dir, sql] of [
  ["prisma/migrations", sqlite],
  ["prisma/postgres/migrations", postgres],
] as const) {
  mkdirSync(path.join(dir, folder), { recursive: true });
  writeFileSync(path.join(dir, folder, "migration.sql"), sql);
}
console.log(
  `Migração ${folder} criada para SQLite e PostgreSQL (${readdirSync("prisma/migrations").length - 1} no total).`,
);
