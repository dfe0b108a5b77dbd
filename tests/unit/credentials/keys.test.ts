import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { calculateJwkThumbprint } from "jose";
import { describe, expect, it } from "vitest";
import {
  buildJwks,
  decryptPrivateKey,
  encryptPrivateKey,
  generateIssuerKey,
  parseMasterKey,
  toPublicJwk,
} from "~/credentials/keys";
import { createSigner } from "~/credentials/signer.server";
import { signCredential, verifyToken } from "~/credentials/token";
import { testOnlyKeys, vectors, verifyOptions } from "./fixtures";

const masterKey = new Uint8Array(randomBytes(32));

describe("issuer key generation", () => {
  it("publishes an EC P-256 JWK with kid = RFC 7638 thumbprint, use sig, alg ES256", async () => {
    const key = await generateIssuerKey(masterKey);
    expect(Object.keys(key.publicJwk)).toEqual(["kty", "crv", "x", "y", "kid", "use", "alg"]);
    expect(key.publicJwk).toMatchObject({ kty: "EC", crv: "P-256", use: "sig", alg: "ES256", kid: key.kid });
    expect(key.kid).toBe(
      await calculateJwkThumbprint({ kty: "EC", crv: "P-256", x: key.publicJwk.x, y: key.publicJwk.y }),
    );
    expect(JSON.stringify(key.publicJwk)).not.toContain('"d"');
    expect(key.encryptedPrivateKey).toMatch(/^v2\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
  });

  it("gives a signer whose tokens verify against the published key", async () => {
    const key = await generateIssuerKey(masterKey);
    const signer = await createSigner(
      { kid: key.kid, encryptedPrivateKey: key.encryptedPrivateKey, status: "ACTIVE" },
      masterKey,
    );
    expect(signer.kid).toBe(key.kid);
    const token = await signCredential(vectors.valid[0].claims, signer);
    const result = await verifyToken(
      token,
      verifyOptions({
        resolveKey: (kid) =>
          kid === key.kid
            ? { key: key.publicJwk, issuer: "5005004", status: "ACTIVE", timeZone: vectors.timeZone }
            : null,
      }),
    );
    expect(result.ok).toBe(true);
  });

  it("does not let a RETIRED or REVOKED key sign", async () => {
    const key = await generateIssuerKey(masterKey);
    for (const status of ["RETIRED", "REVOKED"] as const) {
      await expect(
        createSigner({ kid: key.kid, encryptedPrivateKey: key.encryptedPrivateKey, status }, masterKey),
      ).rejects.toThrow(/only an ACTIVE key/);
    }
  });

  it("the JWKS keeps ACTIVE and RETIRED keys and withdraws REVOKED ones", () => {
    const [a, b, c] = vectors.keys;
    expect(buildJwks([a, b, c].map((k) => ({ publicJwk: k.publicJwk, status: k.status })))).toEqual({
      keys: [a.publicJwk, b.publicJwk],
    });
  });

  it("toPublicJwk drops the private member", async () => {
    const pub = await toPublicJwk(testOnlyKeys.issuer);
    expect(pub).toEqual(vectors.keys[0].publicJwk);
  });
});

describe("private key encryption at rest", () => {
  const jwk = testOnlyKeys.issuer;
  const kid = vectors.keys[0].publicJwk.kid;

  it("round-trips", () => {
    expect(decryptPrivateKey(encryptPrivateKey(jwk, masterKey, kid), masterKey, kid)).toEqual(jwk);
  });

  it("uses a fresh IV each time", () => {
    expect(encryptPrivateKey(jwk, masterKey, kid)).not.toBe(encryptPrivateKey(jwk, masterKey, kid));
  });

  it("does not contain the private key in clear", () => {
    expect(encryptPrivateKey(jwk, masterKey, kid)).not.toContain(jwk.d);
  });

  it("fails with a wrong master key", () => {
    const blob = encryptPrivateKey(jwk, masterKey, kid);
    expect(() => decryptPrivateKey(blob, new Uint8Array(randomBytes(32)), kid)).toThrow(/authentication/);
  });

  it("fails when the AAD (kid) changes: a blob copied to another key row is useless", () => {
    const blob = encryptPrivateKey(jwk, masterKey, kid);
    expect(() => decryptPrivateKey(blob, masterKey, vectors.keys[1].publicJwk.kid)).toThrow(/authentication/);
  });

  it("detects any flipped bit in IV, ciphertext or tag", () => {
    const blob = encryptPrivateKey(jwk, masterKey, kid);
    const parts = blob.split(".");
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i], "base64url");
      bytes[bytes.length >> 1] ^= 0x01;
      const tampered = [...parts];
      tampered[i] = bytes.toString("base64url");
      expect(() => decryptPrivateKey(tampered.join("."), masterKey, kid)).toThrow();
    }
  });

  it("refuses unknown formats and short master keys", () => {
    const blob = encryptPrivateKey(jwk, masterKey, kid);
    expect(() => decryptPrivateKey(blob.replace(/^v2/, "v9"), masterKey, kid)).toThrow(/format/);
    // A v2 blob relabelled v1 is read with the raw master key and the v1 AAD: it fails authentication.
    expect(() => decryptPrivateKey(blob.replace(/^v2/, "v1"), masterKey, kid)).toThrow(/authentication/);
    expect(() => decryptPrivateKey(blob, new Uint8Array(16), kid)).toThrow(/32 bytes/);
    expect(() => encryptPrivateKey(jwk, new Uint8Array(31), kid)).toThrow(/32 bytes/);
  });

  it("createSigner refuses a blob whose key is not the kid's", async () => {
    const blob = encryptPrivateKey(testOnlyKeys.other, masterKey, kid);
    await expect(createSigner({ kid, encryptedPrivateKey: blob }, masterKey)).rejects.toThrow(/does not match/);
  });
});

describe("parseMasterKey", () => {
  const bytes = randomBytes(32);
  it("accepts standard and URL-safe base64, padded or not", () => {
    for (const text of [
      bytes.toString("base64"),
      bytes.toString("base64url"),
      bytes.toString("base64").replace(/=+$/, ""),
      ` ${bytes.toString("base64")}\n`,
    ]) {
      expect(Buffer.from(parseMasterKey(text)).equals(bytes)).toBe(true);
    }
  });
  it("rejects anything that is not exactly 32 bytes of canonical base64", () => {
    for (const text of [
      "",
      "not base64!",
      randomBytes(31).toString("base64"),
      randomBytes(33).toString("base64"),
      "a".repeat(43) + "B",
    ]) {
      expect(() => parseMasterKey(text), text).toThrow();
    }
  });
});

describe("exactly one module reads private keys", () => {
  it("no file under app/ but signer.server.ts calls decryptPrivateKey", () => {
    const root = join(import.meta.dirname, "../../../app");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(ts|tsx|js|mjs)$/.test(name) && /\bdecryptPrivateKey\s*\(/.test(readFileSync(path, "utf8")))
          offenders.push(relative(root, path));
      }
    };
    walk(root);
    // keys.ts defines it; signer.server.ts is the only caller.
    expect(offenders.sort()).toEqual(["credentials/keys.ts", "credentials/signer.server.ts"]);
  });
});
