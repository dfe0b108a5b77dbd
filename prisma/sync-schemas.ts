// Writes prisma/postgres/schema.prisma from prisma/schema.prisma: the two differ only in the
// provider and the generated client's folder. A unit test fails when they drift.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export function postgresSchemaFrom(sqliteSchema: string): string {
  return sqliteSchema
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output     = "./generated/sqlite"', 'output     = "../generated/postgres"');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const source = readFileSync(path.join(here, "schema.prisma"), "utf8");
  mkdirSync(path.join(here, "postgres"), { recursive: true });
  writeFileSync(
    path.join(here, "postgres", "schema.prisma"),
    "// GENERATED from ../schema.prisma by `npm run db:sync-schemas` — do not edit.\n" + postgresSchemaFrom(source),
  );
  console.log("prisma/postgres/schema.prisma written");
}
