// A key revoked while a verification is resolving it is never remembered as active (issue #29):
// resolveKey reads the key, the revocation commits and forgets the resolved keys, and only then
// does the read finish. The interleaving is forced with a gate on the read, not with timing.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetResolvedKeys, resolveKey, revokeKey, signerFor } from "~/models/signing-key.server";
import { db } from "~/utils/db.server";
import { deliverAs } from "~/utils/invalidation.server";
import { createMunicipality, testActor } from "../../support/factories";

afterEach(() => vi.restoreAllMocks());

/** Holds the next key read after the database answered, until `release()`; `read` settles when it answered. */
function holdNextKeyRead() {
  const real = db.signingKey.findUnique.bind(db.signingKey);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let answered!: () => void;
  const read = new Promise<void>((r) => (answered = r));
  const spy = vi.spyOn(db.signingKey, "findUnique").mockImplementationOnce((async (args: never) => {
    const row = await real(args);
    answered();
    await gate;
    return row;
  }) as never);
  return { read, release, spy };
}

async function freshActiveKey() {
  const m = await createMunicipality();
  const signer = await signerFor(m.id, testActor);
  forgetResolvedKeys();
  return { m, kid: signer.kid };
}

describe("a revocation that lands while a key is being resolved", () => {
  it("on this server: the read that started before is answered, but not remembered", async () => {
    const { m, kid } = await freshActiveKey();
    const hold = holdNextKeyRead();
    const inFlight = resolveKey(kid);
    await hold.read; // the database said ACTIVE
    await revokeKey(m.id, kid, "chave vazada", testActor); // commits, then forgets the resolved keys
    hold.release();
    expect((await inFlight)?.status).toBe("ACTIVE"); // began before the revocation
    expect(hold.spy).toHaveBeenCalledTimes(1);
    expect((await resolveKey(kid))?.status).toBe("REVOKED");
  });

  it("on another server: the peer's message arrives while the read is in flight", async () => {
    const { kid } = await freshActiveKey();
    const hold = holdNextKeyRead();
    const inFlight = resolveKey(kid);
    await hold.read;
    // The other server revokes (its own commit) and its message reaches this one.
    await db.signingKey.update({ where: { kid }, data: { status: "REVOKED", revokedAt: new Date() } });
    deliverAs(
      "este-servidor",
      JSON.stringify({ origin: `outro-servidor-${randomUUID()}`, topic: "signing-keys", key: "*" }),
    );
    hold.release();
    expect((await inFlight)?.status).toBe("ACTIVE");
    expect((await resolveKey(kid))?.status).toBe("REVOKED");
  });

  it("a read with no revocation in between is remembered as before (one database read for two scans)", async () => {
    const { kid } = await freshActiveKey();
    const spy = vi.spyOn(db.signingKey, "findUnique");
    expect((await resolveKey(kid))?.status).toBe("ACTIVE");
    expect((await resolveKey(kid))?.status).toBe("ACTIVE");
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
