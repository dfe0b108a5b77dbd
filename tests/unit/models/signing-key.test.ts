import { describe, expect, it } from "vitest";
import { signCredential, verifyToken } from "~/credentials/token";
import {
  activeKeyRow,
  forgetResolvedKeys,
  publishedJwks,
  resolveKey,
  revokeKey,
  rotateKey,
  signerFor,
  verifiedSignatures,
} from "~/models/signing-key.server";
import { db } from "~/utils/db.server";
import { createMunicipality, testActor } from "../../support/factories";

const claimsFor = (issuer: string, serial: string) => ({
  issuer,
  serial,
  type: "CRACHA" as const,
  category: "MOTOTAXI" as const,
  holderName: "Maria Teste",
  plate: "ABC1D23",
  validFrom: "2026-01-01",
  validUntil: "2026-12-31",
});
const now = new Date("2026-06-01T12:00:00Z");

describe("signing keys", () => {
  it("creates one key on first need, even when asked twice at once", async () => {
    const m = await createMunicipality();
    const [a, b] = await Promise.all([activeKeyRow(m.id, testActor), activeKeyRow(m.id, testActor)]);
    expect(a.kid).toBe(b.kid);
    expect(await db.signingKey.count({ where: { municipalityId: m.id } })).toBe(1);
    expect(a.privateKeyEnc).toMatch(/^v2\./);
    expect(a.privateKeyEnc).not.toContain('"d"');
  });

  it("after rotation, a credential signed by the old key still verifies and new ones use the new key", async () => {
    const m = await createMunicipality();
    const oldSigner = await signerFor(m.id, testActor);
    const oldToken = await signCredential(claimsFor(m.ibgeCode, "ABCDE-MT-2026-000001"), oldSigner);
    await db.signingKey.update({ where: { kid: oldSigner.kid }, data: { lastExpiry: "2026-12-31" } });
    await rotateKey(m.id, testActor);
    const newSigner = await signerFor(m.id, testActor);
    expect(newSigner.kid).not.toBe(oldSigner.kid);
    expect(await verifyToken(oldToken, { resolveKey, now })).toMatchObject({ ok: true });
    const kids = (await publishedJwks("2026-06-01")).keys.map((k) => k.kid);
    expect(kids).toEqual(expect.arrayContaining([oldSigner.kid, newSigner.kid]));
    // Once the last credential it signed has expired, the retired key is no longer published.
    expect((await publishedJwks("2027-01-01")).keys.map((k) => k.kid)).not.toContain(oldSigner.kid);
  });

  it("a revoked key's credentials verify INVALID at once and the key leaves the JWKS", async () => {
    const m = await createMunicipality();
    const signer = await signerFor(m.id, testActor);
    const token = await signCredential(claimsFor(m.ibgeCode, "ABCDE-MT-2026-000002"), signer);
    await revokeKey(m.id, signer.kid, "chave vazada", testActor);
    expect(await verifyToken(token, { resolveKey, now })).toEqual({ ok: false, reason: "key_revoked" });
    expect((await publishedJwks("2026-06-01")).keys.map((k) => k.kid)).not.toContain(signer.kid);
    const event = await db.auditEvent.findFirst({ where: { action: "signing_key.revoke", municipalityId: m.id } });
    expect(event?.afterJson).toMatch(/chave vazada/);
  });

  it("publishes only public members", async () => {
    const m = await createMunicipality();
    await activeKeyRow(m.id, testActor);
    for (const k of (await publishedJwks("2026-06-01")).keys) {
      expect(Object.keys(k).sort()).toEqual(["alg", "crv", "kid", "kty", "use", "x", "y"]);
    }
  });

  it("a token's checked signature is remembered until the keys are forgotten, and never outlives a revocation", async () => {
    const m = await createMunicipality();
    const signer = await signerFor(m.id, testActor);
    const token = await signCredential(claimsFor(m.ibgeCode, "ABCDE-MT-2026-000003"), signer);
    expect(verifiedSignatures.has(token)).toBe(false);
    expect(await verifyToken(token, { resolveKey, verifiedSignatures, now })).toMatchObject({ ok: true });
    expect(verifiedSignatures.has(token)).toBe(true);
    // Only the exact token: another signature over the same claims is checked on its own.
    const [head, payload, sig] = token.split(".");
    const forged = `${head}.${payload}.${sig.slice(0, -2)}${sig.endsWith("AA") ? "BA" : "AA"}`;
    expect(verifiedSignatures.has(forged)).toBe(false);
    expect(await verifyToken(forged, { resolveKey, verifiedSignatures, now })).toMatchObject({ ok: false });
    expect(verifiedSignatures.has(forged)).toBe(false);
    forgetResolvedKeys();
    expect(verifiedSignatures.has(token)).toBe(false);
    // Revocation clears the cache, and the key's status is checked before the cache anyway.
    await verifyToken(token, { resolveKey, verifiedSignatures, now });
    await revokeKey(m.id, signer.kid, "chave vazada", testActor);
    expect(verifiedSignatures.has(token)).toBe(false);
    expect(await verifyToken(token, { resolveKey, verifiedSignatures, now })).toEqual({
      ok: false,
      reason: "key_revoked",
    });
  });

  it("rotation clears the remembered signatures", async () => {
    const m = await createMunicipality();
    const signer = await signerFor(m.id, testActor);
    const token = await signCredential(claimsFor(m.ibgeCode, "ABCDE-MT-2026-000004"), signer);
    await verifyToken(token, { resolveKey, verifiedSignatures, now });
    expect(verifiedSignatures.has(token)).toBe(true);
    await rotateKey(m.id, testActor);
    expect(verifiedSignatures.has(token)).toBe(false);
  });
});
