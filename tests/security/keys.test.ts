// Issue #13 item 8: the master key is never used raw. Each use has its own HKDF sub-key, and a
// signing key stored before sub-keys existed (v1: AES-GCM under the raw master key) still signs
// after the upgrade, and is re-encrypted under the signing-keys sub-key on first use.
import { createCipheriv, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import { describe, expect, it } from "vitest";
import { decryptPrivateKey, deriveSubKey, type IssuerPrivateJwk, toPublicJwk } from "~/credentials/keys";
import { photoUrl, photoUrlIsValid } from "~/models/credentials/photo.server";
import { signerFor } from "~/models/signing-key.server";
import { db } from "~/utils/db.server";
import { masterKey, subKey } from "~/utils/master-key.server";
import { createMunicipality, testActor } from "../support/factories";

/** The format every database held before sub-keys: AES-256-GCM under the raw master key, AAD "v1.<kid>". */
function legacyV1Blob(jwk: IssuerPrivateJwk, master: Uint8Array, kid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", master, iv, { authTagLength: 16 });
  cipher.setAAD(Buffer.from(`v1.${kid}`));
  const ct = Buffer.concat([cipher.update(JSON.stringify(jwk)), cipher.final()]);
  return ["v1", iv.toString("base64url"), ct.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(
    ".",
  );
}

describe("master key: one sub-key per purpose", () => {
  it("derives distinct 32-byte sub-keys, none equal to the master key", () => {
    const master = new Uint8Array(randomBytes(32));
    const keys = (["signing-keys", "photo-links", "serial-check"] as const).map((p) =>
      Buffer.from(deriveSubKey(master, p)).toString("hex"),
    );
    expect(new Set([...keys, Buffer.from(master).toString("hex")]).size).toBe(4);
    for (const k of keys) expect(k).toHaveLength(64);
    // Deterministic: the same master gives the same sub-key (links and blobs survive restarts).
    expect(Buffer.from(deriveSubKey(master, "photo-links")).toString("hex")).toBe(keys[1]);
  });

  it("photo links are MACed with the photo-links sub-key, not with the raw master key", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const url = new URL(photoUrl("credencial-x", now), "http://localhost");
    const e = url.searchParams.get("e")!;
    const s = url.searchParams.get("s")!;
    const withRaw = createHmac("sha256", masterKey()).update(`foto:credencial-x:${e}`).digest("base64url").slice(0, 32);
    const withSub = createHmac("sha256", subKey("photo-links"))
      .update(`foto:credencial-x:${e}`)
      .digest("base64url")
      .slice(0, 32);
    expect(s).not.toBe(withRaw);
    expect(s).toBe(withSub);
    expect(photoUrlIsValid("credencial-x", e, s, now)).toBe(true);
    expect(photoUrlIsValid("credencial-x", e, withRaw, now)).toBe(false);
  });

  it("new signing keys are stored under the signing-keys sub-key (v2), not the raw master key", async () => {
    const m = await createMunicipality();
    const signer = await signerFor(m.id, testActor);
    const row = await db.signingKey.findUniqueOrThrow({ where: { kid: signer.kid } });
    expect(row.privateKeyEnc).toMatch(/^v2\./);
    // Relabelled as a raw-master-key blob, it does not decrypt: the raw key was not used.
    expect(() => decryptPrivateKey(row.privateKeyEnc.replace(/^v2/, "v1"), masterKey(), row.kid)).toThrow(
      /authentication/,
    );
  });
});

describe("a signing key from before the upgrade (v1, raw master key)", () => {
  it("still signs, and is re-encrypted under the sub-key on first use (audited)", async () => {
    const m = await createMunicipality();
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    const j = await exportJWK(privateKey);
    const jwk: IssuerPrivateJwk = { kty: "EC", crv: "P-256", x: j.x!, y: j.y!, d: j.d! };
    const publicJwk = await toPublicJwk(jwk);
    const oldBlob = legacyV1Blob(jwk, masterKey(), publicJwk.kid);
    const row = await db.signingKey.create({
      data: { municipalityId: m.id, kid: publicJwk.kid, publicJwk: JSON.stringify(publicJwk), privateKeyEnc: oldBlob },
    });

    const signer = await signerFor(m.id, testActor);
    expect(signer.kid).toBe(publicJwk.kid);
    const message = new TextEncoder().encode("header.payload");
    const signature = await signer.sign(message);
    const pub = createPublicKey({ key: { kty: "EC", crv: "P-256", x: publicJwk.x, y: publicJwk.y }, format: "jwk" });
    expect(verify("sha256", message, { key: pub, dsaEncoding: "ieee-p1363" }, signature)).toBe(true);

    const after = await db.signingKey.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.privateKeyEnc).toMatch(/^v2\./);
    expect(after.privateKeyEnc).not.toBe(oldBlob);
    expect(decryptPrivateKey(after.privateKeyEnc, masterKey(), row.kid)).toEqual(jwk);
    const events = await db.auditEvent.findMany({ where: { subjectId: row.id, action: "signing_key.reencrypt" } });
    expect(events).toHaveLength(1);
  });
});
