// ADR 048: Prisma's SQLite adapter holds one connection, on which a query outside a transaction
// used to run inside whichever transaction was open. These hold on both databases (PostgreSQL's
// pool gives them for free); the last case is the SQLite gate's own safety net.
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db, type PrismaClient, type Tx } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { projectRoot } from "~/utils/project-root.server";
import { safeForConcurrentRequests } from "~/utils/sqlite-adapter.server";
import { createMunicipality } from "../../support/factories";

/** Keeps the transaction busy with queries of its own until the outside query has run, or 50
 *  of them: without the gate the outside query runs within a few, on the one connection, inside
 *  the transaction; with it, it cannot run before the transaction ends. */
const busyUntil = async (tx: Tx, outside: Promise<unknown>) => {
  let ran = false;
  outside.then(
    () => (ran = true),
    () => (ran = true),
  );
  for (let i = 0; i < 50 && !ran; i++) await tx.municipality.count();
};

describe("a query outside an open transaction", () => {
  it("is not undone when that transaction rolls back", async () => {
    const m = await createMunicipality();
    let outside!: Promise<unknown>;
    await expect(
      db.$transaction(async (tx) => {
        await tx.municipality.update({ where: { id: m.id }, data: { name: "desfeito" } });
        outside = db.municipality.update({ where: { id: m.id }, data: { uf: "ZZ" } });
        await busyUntil(tx, outside);
        throw new Error("desistiu");
      }),
    ).rejects.toThrow("desistiu");
    await outside;
    const after = await db.municipality.findUniqueOrThrow({ where: { id: m.id } });
    expect({ name: after.name, uf: after.uf }).toEqual({ name: m.name, uf: "ZZ" });
  });

  it("does not read the transaction's uncommitted rows", async () => {
    const m = await createMunicipality();
    let outside!: Promise<{ name: string }>;
    await expect(
      db.$transaction(async (tx) => {
        await tx.municipality.update({ where: { id: m.id }, data: { name: "nunca gravado" } });
        outside = db.municipality.findUniqueOrThrow({ where: { id: m.id } });
        await busyUntil(tx, outside);
        throw new Error("desistiu");
      }),
    ).rejects.toThrow("desistiu");
    expect((await outside).name).toBe(m.name);
  });
});

// On PostgreSQL `db` inside a transaction's callback takes another pooled connection: no wait.
describe.runIf(!isPostgres())("the SQLite gate's safety net", () => {
  it("a query through `db` inside a transaction's own callback fails, naming the mistake, instead of hanging", async () => {
    const require = createRequire(path.join(projectRoot(), "package.json"));
    const { PrismaClient: Client } = require(path.join(projectRoot(), "prisma/generated/sqlite/index.js"));
    const { PrismaBetterSQLite3 } = require("@prisma/adapter-better-sqlite3");
    const file = path.resolve(projectRoot(), process.env.DATABASE_URL!.replace(/^file:/, ""));
    const adapter = safeForConcurrentRequests(new PrismaBetterSQLite3({ url: file, timeout: 10_000 }), {
      outsideWaitMs: 200,
    });
    const client: PrismaClient = new Client({ adapter });
    try {
      await expect(
        client.$transaction(async () => {
          await client.municipality.findFirst();
        }),
      ).rejects.toThrow(/inside a \$transaction callback instead of `tx`/);
      // and the client goes on working afterwards
      expect(await client.municipality.count()).toBeGreaterThan(0);
    } finally {
      await client.$disconnect();
    }
  });
});
