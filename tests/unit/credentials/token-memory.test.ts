// The verified-token memory (ADR 046): a token remembered with its kid and claims skips what
// depends only on its bytes, and is still judged on its key, issuer and dates on every scan.
import { describe, expect, it } from "vitest";
import { type VerifiedToken, verifyToken } from "~/credentials/token";
import { resolverFor, vectors, verifyOptions } from "./fixtures";

const [badgeVector] = vectors.valid;

describe("a remembered token (ADR 046) is still judged on its key, issuer and dates", () => {
  const retiredVector = vectors.valid.find((v) => v.key === "retired")!;
  /** A cache as signing-key.server.ts keeps one, by the token itself. */
  function memory() {
    const map = new Map<string, VerifiedToken>();
    return {
      map,
      has: (t: string) => map.has(t),
      get: (t: string) => map.get(t),
      add: (t: string, v: VerifiedToken) => void map.set(t, v),
    };
  }

  it("remembers a verified token with its kid and claims, and answers the same from memory", async () => {
    const verifiedSignatures = memory();
    const first = await verifyToken(retiredVector.token, verifyOptions({ verifiedSignatures }));
    expect(first).toMatchObject({ ok: true });
    expect(verifiedSignatures.get(retiredVector.token)).toEqual({
      kid: (first as { kid: string }).kid,
      claims: retiredVector.claims,
    });
    expect(await verifyToken(retiredVector.token, verifyOptions({ verifiedSignatures }))).toEqual(first);
  });

  it("a token that failed is not remembered", async () => {
    const verifiedSignatures = memory();
    const [head, payload, sig] = badgeVector.token.split(".");
    const forged = `${head}.${payload}.${sig.slice(0, -2)}${sig.endsWith("AA") ? "BA" : "AA"}`;
    expect((await verifyToken(forged, verifyOptions({ verifiedSignatures }))).ok).toBe(false);
    expect(verifiedSignatures.map.size).toBe(0);
  });

  it("from memory, a key revoked since is key_revoked and a failing lookup key_unavailable", async () => {
    const verifiedSignatures = memory();
    await verifyToken(retiredVector.token, verifyOptions({ verifiedSignatures }));
    const revoked = verifyOptions({ verifiedSignatures, resolveKey: resolverFor({ retired: "REVOKED" }) });
    expect(await verifyToken(retiredVector.token, revoked)).toEqual({ ok: false, reason: "key_revoked" });
    const down = verifyOptions({
      verifiedSignatures,
      resolveKey: () => {
        throw new Error("banco fora do ar");
      },
    });
    expect(await verifyToken(retiredVector.token, down)).toEqual({ ok: false, reason: "key_unavailable" });
  });

  it("from memory, the dates are judged against the clock of this scan and the issuer against the key", async () => {
    const verifiedSignatures = memory();
    await verifyToken(badgeVector.token, verifyOptions({ verifiedSignatures }));
    const nextDay = verifyOptions({ verifiedSignatures, now: new Date("2026-03-01T00:00:00-04:00") });
    expect(await verifyToken(badgeVector.token, nextDay)).toMatchObject({ ok: false, reason: "expired" });
    const elsewhere = verifyOptions({ verifiedSignatures, expectedIssuer: "3138203" });
    expect(await verifyToken(badgeVector.token, elsewhere)).toEqual({ ok: false, reason: "wrong_issuer" });
    const moved = (kid: string) => ({ ...resolverFor()(kid)!, issuer: "3138203" });
    expect(await verifyToken(badgeVector.token, verifyOptions({ verifiedSignatures, resolveKey: moved }))).toEqual({
      ok: false,
      reason: "wrong_issuer",
    });
  });

  it("a token longer than this call allows is refused before memory is asked", async () => {
    const verifiedSignatures = memory();
    await verifyToken(badgeVector.token, verifyOptions({ verifiedSignatures }));
    expect(await verifyToken(badgeVector.token, verifyOptions({ verifiedSignatures, maxLength: 100 }))).toEqual({
      ok: false,
      reason: "too_long",
    });
  });
});
