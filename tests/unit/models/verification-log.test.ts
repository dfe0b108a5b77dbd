import { describe, expect, it } from "vitest";
import { recordVerification, verificationSummary, verificationSummaryText } from "~/models/verification-log.server";
import { db } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { createMunicipality, createSignedCredential, createUser } from "../../support/factories";

describe("the holder's verification summary", () => {
  it("counts checks of all the person's credentials since a moment, by channel, with the last one", async () => {
    const m = await createMunicipality();
    const user = await createUser();
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    const badge = (await createSignedCredential(m, { holderPersonId: person.id })).credential;
    const seal = (await createSignedCredential(m, { holderPersonId: person.id })).credential;
    const someoneElse = (await createSignedCredential(m)).credential;
    const monday = new Date("2026-06-08T03:00:00Z");
    const log = (credentialId: string, channel: string, at: string) =>
      db.verificationLog.create({ data: { credentialId, channel, verdict: "VALID", at: new Date(at) } });
    await log(badge.id, "QR", "2026-06-05T12:00:00Z"); // last week: not counted
    await log(badge.id, "QR", "2026-06-08T10:00:00Z");
    await log(badge.id, "FISCAL", "2026-06-09T10:00:00Z");
    await log(seal.id, "CODIGO", "2026-06-10T18:30:00Z");
    await log(someoneElse.id, "QR", "2026-06-10T19:00:00Z");
    const summary = await verificationSummary(person.id, monday);
    expect(summary).toEqual({
      since: monday,
      total: 3,
      byChannel: { QR: 1, FISCAL: 1, CODIGO: 1 },
      byFiscal: 1,
      lastAt: new Date("2026-06-10T18:30:00Z"),
    });
    expect(verificationSummaryText(summary)).toBe("Seu crachá foi verificado 3 vezes nesta semana.");
  });

  it("says so when nobody checked", async () => {
    const user = await createUser();
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    const summary = await verificationSummary(person.id, new Date("2026-06-08T03:00:00Z"));
    expect(summary).toMatchObject({ total: 0, byChannel: {}, lastAt: null });
    expect(verificationSummaryText(summary, "hoje")).toBe("Seu crachá não foi verificado hoje.");
    expect(verificationSummaryText({ total: 1 })).toBe("Seu crachá foi verificado 1 vez nesta semana.");
  });

  it("stores every row of concurrent checks (written together), each call resolving once its row is stored", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        recordVerification({
          credentialId: credential.id,
          channel: i % 2 ? "QR" : "API",
          verdict: "VALID",
          client: null,
        }),
      ),
    );
    expect(await db.verificationLog.count({ where: { credentialId: credential.id } })).toBe(40);
    await recordVerification({
      credentialId: credential.id,
      channel: "FISCAL",
      verdict: "SUSPENDED",
      client: "celular/Chrome",
    });
    expect(await db.verificationLog.count({ where: { credentialId: credential.id, channel: "FISCAL" } })).toBe(1);
  });

  it("stores each row with the moment of its check, readable by Prisma's own queries and counted by the summary", async () => {
    const m = await createMunicipality();
    const user = await createUser();
    const person = await db.person.create({ data: { userId: user.id, fullName: user.name, cpf: user.cpf } });
    const { credential } = await createSignedCredential(m, { holderPersonId: person.id });
    const before = new Date();
    await recordVerification({
      credentialId: credential.id,
      channel: "QR",
      verdict: "SUSPENDED",
      client: "celular/Firefox",
    });
    const after = new Date();
    const [row] = await db.verificationLog.findMany({ where: { credentialId: credential.id } });
    expect(row).toMatchObject({ channel: "QR", verdict: "SUSPENDED", client: "celular/Firefox" });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.at.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(row.at.getTime()).toBeLessThanOrEqual(after.getTime());
    // Range filters compare the stored value: a row written here must fall inside [before, after].
    expect(
      await db.verificationLog.count({ where: { credentialId: credential.id, at: { gte: before, lte: after } } }),
    ).toBe(1);
    expect((await verificationSummary(person.id, before)).total).toBe(1);
    expect((await verificationSummary(person.id, new Date(after.getTime() + 1))).total).toBe(0);
  });

  it("fails the checks whose row could not be stored, and keeps writing the next ones", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    await expect(
      recordVerification({ credentialId: "nao-existe", channel: "QR", verdict: "VALID", client: null }),
    ).rejects.toThrow();
    await recordVerification({ credentialId: credential.id, channel: "QR", verdict: "VALID", client: null });
    expect(await db.verificationLog.count({ where: { credentialId: credential.id } })).toBe(1);
  });
});

// ADR 048: on SQLite the log writes on a connection of its own, beside Prisma's. A scan logged
// while a staff transaction is open must neither break that transaction nor be lost. Each case
// lets the log's batch run (one setImmediate: it was queued first) inside the transaction.
describe("scans logged while a transaction is open", () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it("a transaction that read before a scan was logged still writes and commits; the scan's row is stored", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    let logged!: Promise<void>;
    await db.$transaction(async (tx) => {
      const read = await tx.municipality.findUniqueOrThrow({ where: { id: m.id } });
      logged = recordVerification({ credentialId: credential.id, channel: "QR", verdict: "VALID", client: null });
      await turn();
      await tx.municipality.update({ where: { id: m.id }, data: { name: `${read.name} (renomeado)` } });
    });
    await logged;
    expect((await db.municipality.findUniqueOrThrow({ where: { id: m.id } })).name).toBe(`${m.name} (renomeado)`);
    expect(await db.verificationLog.count({ where: { credentialId: credential.id } })).toBe(1);
  });

  it("a scan logged after a transaction wrote waits for its commit, then is stored", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    let logged!: Promise<void>;
    let settled = false;
    let settledInside: boolean | undefined;
    await db.$transaction(async (tx) => {
      await tx.municipality.update({ where: { id: m.id }, data: { name: `${m.name} (renomeado)` } });
      logged = recordVerification({ credentialId: credential.id, channel: "QR", verdict: "VALID", client: null });
      logged.then(
        () => (settled = true),
        () => (settled = true),
      );
      await turn();
      await tx.municipality.findUniqueOrThrow({ where: { id: m.id } });
      settledInside = settled;
    });
    await logged;
    expect(await db.verificationLog.count({ where: { credentialId: credential.id } })).toBe(1);
    // On PostgreSQL the row needs no lock the transaction holds; on SQLite it waited for the commit.
    if (!isPostgres()) expect(settledInside).toBe(false);
  });
});
