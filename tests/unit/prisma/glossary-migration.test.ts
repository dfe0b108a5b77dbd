// ADR 065: requests stored as NOVO/RENOVACAO and PERSON/OPERATOR before the rename read as
// NEW/RENEWAL and PESSOA/OPERADORA after it. The migration's DDL runs in every test database; this
// runs its data part on rows of the old spelling.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { startRenewal } from "~/models/renewal.server";
import { db } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { testActor } from "../../support/factories";
import { issuedMototaxi } from "../../support/renewal";

const MIGRATION = "20261206205931_names_of_the_glossary";
const dataPart = (dir: string) =>
  readFileSync(`${dir}/${MIGRATION}/migration.sql`, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("UPDATE "));

it("turns NOVO into NEW, RENOVACAO into RENEWAL, PERSON into PESSOA, and nothing else is left", async () => {
  const { user, credentials, applicationId } = await issuedMototaxi();
  const badge = credentials.find((c) => c.type === "CRACHA")!;
  const now = new Date(`${badge.validUntil}T12:00:00-03:00`);
  const { application: renewal } = await startRenewal(
    badge.id,
    user.id,
    testActor,
    new Date(now.getTime() - 86_400_000),
  );
  await db.application.update({ where: { id: applicationId }, data: { kind: "NOVO", subject: "PERSON" } });
  await db.application.update({ where: { id: renewal.id }, data: { kind: "RENOVACAO", subject: "PERSON" } });

  const statements = dataPart(isPostgres() ? "prisma/postgres/migrations" : "prisma/migrations");
  expect(statements).toHaveLength(4);
  for (const sql of statements) await db.$executeRawUnsafe(sql);

  const kinds = await db.application.findMany({ where: { id: { in: [applicationId, renewal.id] } } });
  expect(Object.fromEntries(kinds.map((a) => [a.id, [a.kind, a.subject]]))).toEqual({
    [applicationId]: ["NEW", "PESSOA"],
    [renewal.id]: ["RENEWAL", "PESSOA"],
  });
  expect(await db.application.count({ where: { kind: { notIn: ["NEW", "RENEWAL"] } } })).toBe(0);
  expect(await db.application.count({ where: { subject: { notIn: ["PESSOA", "OPERADORA"] } } })).toBe(0);
});
