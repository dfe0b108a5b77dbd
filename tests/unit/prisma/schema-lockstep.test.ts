import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db, type Prisma } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { postgresSchemaFrom } from "../../../prisma/sync-schemas";

const migrationNames = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

describe("SQLite and PostgreSQL schemas", () => {
  it("are the same model (the PostgreSQL file is generated from the SQLite one)", () => {
    const sqlite = readFileSync("prisma/schema.prisma", "utf8");
    const postgres = readFileSync("prisma/postgres/schema.prisma", "utf8").split("\n").slice(1).join("\n");
    expect(postgres).toBe(postgresSchemaFrom(sqlite));
  });

  it("have the same migrations, by name, none of them empty", () => {
    const names = migrationNames("prisma/migrations");
    expect(migrationNames("prisma/postgres/migrations")).toEqual(names);
    for (const dir of ["prisma/migrations", "prisma/postgres/migrations"]) {
      for (const n of names) expect(readFileSync(`${dir}/${n}/migration.sql`, "utf8")).toMatch(/CREATE|ALTER|DROP/);
    }
  });

  it("have SQLite migrations that produce exactly the schema (no drift)", () => {
    const run = () =>
      execFileSync(
        "npx",
        [
          "prisma",
          "migrate",
          "diff",
          "--from-migrations",
          "prisma/migrations",
          "--to-schema-datamodel",
          "prisma/schema.prisma",
          "--exit-code",
        ],
        {
          env: { ...process.env, DATABASE_URL: `file:./tmp/drift-check-${process.env.TEST_RUN_ID}.db` },
          stdio: "pipe",
        },
      );
    expect(run).not.toThrow();
  });

  it("give the migrated test database every table and column of the model, on this provider", async () => {
    const { Prisma: P } = (await import(
      isPostgres() ? "../../../prisma/generated/postgres/index.js" : "../../../prisma/generated/sqlite/index.js"
    )) as { Prisma: typeof Prisma };
    for (const model of P.dmmf.datamodel.models) {
      const expected = model.fields
        .filter((f) => f.kind !== "object")
        .map((f) => f.dbName ?? f.name)
        .sort();
      const rows: { name: string }[] = isPostgres()
        ? await db.$queryRawUnsafe(
            `SELECT column_name::text AS name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
            model.name,
          )
        : await db.$queryRawUnsafe(`SELECT name FROM pragma_table_info(?)`, model.name);
      expect({ table: model.name, columns: rows.map((r) => r.name).sort() }).toEqual({
        table: model.name,
        columns: expected,
      });
    }
  });
});
