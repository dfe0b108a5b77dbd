// Issue #14: the caches a change must reach on every app server. Another server's message (as
// utils/invalidation.server.ts delivers it) drops this server's status-list snapshot and resolved
// keys at once; a change made here is published to the others (PostgreSQL: NOTIFY).
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { verifyStatusList } from "~/credentials/status-list";
import { forgetStatusList, statusListFor } from "~/models/credentials/status-list.server";
import { forgetResolvedKeys, resolveKey } from "~/models/signing-key.server";
import { db } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { deliverAs, postgresTransport, stopInvalidation, type Transport } from "~/utils/invalidation.server";
import { createMunicipality, createSignedCredential } from "../../support/factories";

const fromPeer = (topic: string, key: string) =>
  deliverAs("este-servidor", JSON.stringify({ origin: `outro-servidor-${randomUUID()}`, topic, key }));

const opened: Transport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
  await stopInvalidation();
});

describe("caches dropped by another server's message", () => {
  it("status list: a suspension made on another server is listed at once, not a minute later", async () => {
    const m = await createMunicipality();
    const at = new Date();
    const before = await statusListFor(m.ibgeCode, at);
    const { credential } = await createSignedCredential(m, { validUntil: "2099-12-31" });
    // The other server suspends (its own cache it drops itself) and publishes.
    await db.credential.update({ where: { id: credential.id }, data: { status: "SUSPENDED" } });
    const soon = new Date(at.getTime() + 1_000);
    expect((await statusListFor(m.ibgeCode, soon))!.jws).toBe(before!.jws);
    fromPeer("status-list", m.ibgeCode);
    const after = await statusListFor(m.ibgeCode, soon);
    const verified = await verifyStatusList(after!.jws, { resolveKey, now: soon, expectedIssuer: m.ibgeCode });
    expect(verified.ok && verified.list.suspended).toEqual([credential.serial]);
  });

  it("status list: a message for all municipalities drops every snapshot", async () => {
    const m = await createMunicipality();
    const at = new Date();
    const before = await statusListFor(m.ibgeCode, at);
    const { credential } = await createSignedCredential(m, { validUntil: "2099-12-31" });
    await db.credential.update({ where: { id: credential.id }, data: { status: "REVOKED" } });
    fromPeer("status-list", "*");
    expect((await statusListFor(m.ibgeCode, new Date(at.getTime() + 1_000)))!.jws).not.toBe(before!.jws);
  });

  it("resolved keys: a key revoked on another server stops being trusted here at once", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m);
    expect((await resolveKey(credential.kid))?.status).toBe("ACTIVE");
    await db.signingKey.update({ where: { kid: credential.kid }, data: { status: "REVOKED" } });
    // Still the cached answer: nothing told this server yet.
    expect((await resolveKey(credential.kid))?.status).toBe("ACTIVE");
    fromPeer("signing-keys", "*");
    expect((await resolveKey(credential.kid))?.status).toBe("REVOKED");
  });
});

// Only PostgreSQL has another server to tell: on SQLite (one server) nothing is sent.
describe.runIf(isPostgres())("changes made here are published (PostgreSQL NOTIFY)", () => {
  it("forgetStatusList and forgetResolvedKeys each send one message the other servers receive", async () => {
    const listener = postgresTransport(process.env.DATABASE_URL!);
    opened.push(listener);
    const got: Array<{ topic: string; key: string }> = [];
    let wake: () => void = () => undefined;
    await listener.listen(
      (payload) => {
        got.push(JSON.parse(payload));
        if (got.length === 2) wake();
      },
      () => undefined,
    );
    const both = new Promise<void>((resolve) => (wake = resolve));
    forgetStatusList("3133808");
    forgetResolvedKeys();
    await both;
    expect(got.map(({ topic, key }) => ({ topic, key }))).toEqual([
      { topic: "status-list", key: "3133808" },
      { topic: "signing-keys", key: "*" },
    ]);
  });
});
