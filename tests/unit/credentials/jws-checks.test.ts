import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { calculateJwkThumbprint } from "jose";
import { describe, expect, it } from "vitest";
import { highSTwin } from "~/credentials/ecdsa";
import {
  base64urlDecode,
  checkEs256Jws,
  jwkThumbprint,
  type JwsCheckOptions,
  keyImporter,
  parseJson,
  type VerificationKey,
  verifyEs256Jws,
} from "~/credentials/jws-checks";
import { negative, resolverFor, vectors } from "./fixtures";

const TYP = "cred+jws";
const [badge] = vectors.valid;
const [, payloadB64, signatureB64] = badge.token.split(".");
const issuerKid = vectors.keys.find((k) => k.name === "issuer")!.publicJwk.kid;
const b64 = (bytes: string | Uint8Array) => Buffer.from(bytes).toString("base64url");
const withHeader = (header: unknown, signature = signatureB64) =>
  `${b64(JSON.stringify(header))}.${payloadB64}.${signature}`;
const options = (extra: Partial<JwsCheckOptions<VerificationKey>> = {}): JwsCheckOptions<VerificationKey> => ({
  typ: TYP,
  resolveKey: resolverFor(),
  maxLength: 1024,
  importKey: keyImporter(),
  ...extra,
});
const reason = async (token: unknown, extra: Partial<JwsCheckOptions<VerificationKey>> = {}) => {
  const checked = await checkEs256Jws(token, options(extra));
  return checked.ok ? "ok" : checked.reason;
};

describe("checkEs256Jws: every check but the signature", () => {
  it("hands back what WebCrypto needs to verify the signature, and nothing is verified yet", async () => {
    const checked = await checkEs256Jws(badge.token, options());
    if (!checked.ok) throw new Error(checked.reason);
    expect(checked.kid).toBe(issuerKid);
    expect(checked.signingInput).toBe(badge.signingInput);
    expect(JSON.parse(new TextDecoder().decode(checked.payload))).toEqual(badge.wire);
    const ecdsa = { name: "ECDSA", hash: "SHA-256" };
    expect(
      await crypto.subtle.verify(
        ecdsa,
        checked.cryptoKey,
        checked.signature,
        new TextEncoder().encode(checked.signingInput),
      ),
    ).toBe(true);
    // A forged payload passes the checks: only the caller's signature verification refuses it.
    const forged = negative.find((n) => n.name === "forged-payload")!.token;
    expect(await reason(forged)).toBe("ok");
    expect(await verifyEs256Jws(forged, options())).toEqual({ ok: false, reason: "bad_signature" });
  });

  it("checks the length before anything else and the shape before the header", async () => {
    expect(await reason("!".repeat(1025))).toBe("too_long");
    expect(await reason(badge.token, { maxLength: badge.token.length - 1 })).toBe("too_long");
    expect(await reason(badge.token, { maxLength: badge.token.length })).toBe("ok");
    for (const junk of [undefined, 42, "a.b", "a.b.c.d", `${badge.token}=`, badge.token.replace(".", "+")])
      expect(await reason(junk)).toBe("malformed");
  });

  it.each([
    ["crit before alg", { alg: "none", crit: ["b64"] }, "crit_unsupported"],
    ["an empty crit", { alg: "ES256", kid: issuerKid, typ: TYP, crit: [] }, "crit_unsupported"],
    ["key references before alg", { alg: "HS256", jwk: {} }, "bad_header"],
    ["x5t#S256", { alg: "ES256", kid: issuerKid, typ: TYP, "x5t#S256": "x" }, "bad_header"],
    ["a non-string alg", { alg: 256, kid: issuerKid, typ: TYP }, "bad_header"],
    ["ES384", { alg: "ES384", kid: issuerKid, typ: TYP }, "unsupported_alg"],
    ["kid before typ", { alg: "ES256", typ: "JWT" }, "missing_kid"],
    ["a kid that is not a thumbprint", { alg: "ES256", kid: "key-1", typ: TYP }, "bad_header"],
    ["another typ", { alg: "ES256", kid: issuerKid, typ: "statuslist+jws" }, "bad_header"],
    ["no typ", { alg: "ES256", kid: issuerKid }, "bad_header"],
    ["an extra member", { alg: "ES256", kid: issuerKid, typ: TYP, zip: "DEF" }, "bad_header"],
    ["an array", [], "bad_header"],
    ["null", null, "bad_header"],
  ])("header with %s", async (_name, header, expected) => {
    expect(await reason(withHeader(header))).toBe(expected);
  });

  it("refuses a header that is not UTF-8 JSON, and non-canonical base64url anywhere", async () => {
    expect(await reason(`${b64(new Uint8Array([0xff, 0x7b, 0x7d]))}.${payloadB64}.${signatureB64}`)).toBe("malformed");
    expect(await reason(`${b64("{")}.${payloadB64}.${signatureB64}`)).toBe("malformed");
    const spareBits = negative.find((n) => n.name === "non-canonical-base64url")!.token;
    expect(await reason(spareBits)).toBe("malformed");
  });

  it("wants a 64-byte low-S signature with r and s in range", async () => {
    const header = { alg: "ES256", kid: issuerKid, typ: TYP };
    expect(await reason(withHeader(header, ""))).toBe("malformed");
    expect(await reason(withHeader(header, signatureB64.slice(1)))).toBe("malformed");
    expect(await reason(withHeader(header, b64(new Uint8Array(64))))).toBe("bad_signature");
    expect(await reason(withHeader(header, b64(new Uint8Array(64).fill(0xff))))).toBe("bad_signature");
    expect(await reason(withHeader(header, b64(highSTwin(base64urlDecode(signatureB64)!))))).toBe(
      "non_canonical_signature",
    );
  });
});

describe("checkEs256Jws: the key", () => {
  const published = (kid: string) => resolverFor()(kid)!;

  it("refuses a revoked key before looking at its JWK, and maps a failing lookup to key_unavailable", async () => {
    expect(await reason(badge.token, { resolveKey: () => ({ key: { kty: "EC" }, status: "REVOKED" }) })).toBe(
      "key_revoked",
    );
    expect(await reason(badge.token, { resolveKey: () => Promise.reject(new Error("db down")) })).toBe(
      "key_unavailable",
    );
    expect(await reason(badge.token, { resolveKey: () => undefined })).toBe("unknown_kid");
  });

  it("trusts ACTIVE and RETIRED keys; a key without status only when the caller does not require one", async () => {
    const withStatus = (status?: string) => (kid: string) => ({ ...published(kid), status });
    expect(await reason(badge.token, { resolveKey: withStatus("ACTIVE") })).toBe("ok");
    expect(await reason(badge.token, { resolveKey: withStatus("RETIRED") })).toBe("ok");
    expect(await reason(badge.token, { resolveKey: withStatus("PENDING") })).toBe("unknown_kid");
    expect(await reason(badge.token, { resolveKey: withStatus(undefined) })).toBe("ok");
    expect(await reason(badge.token, { resolveKey: withStatus(undefined), requireStatus: true })).toBe("unknown_kid");
    expect(await reason(badge.token, { resolveKey: withStatus("ACTIVE"), requireStatus: true })).toBe("ok");
  });

  it("wants an EC P-256 JWK, ES256 when it names an alg, whose thumbprint is the kid", async () => {
    const jwk = (changes: object) => (kid: string) => ({
      ...published(kid),
      key: { ...published(kid).key, ...changes },
    });
    expect(await reason(badge.token, { resolveKey: jwk({ alg: "ES256" }) })).toBe("ok");
    expect(await reason(badge.token, { resolveKey: jwk({ alg: undefined }) })).toBe("ok");
    expect(await reason(badge.token, { resolveKey: jwk({ alg: "ES384" }) })).toBe("unknown_kid");
    expect(await reason(badge.token, { resolveKey: jwk({ crv: "P-384" }) })).toBe("unknown_kid");
    expect(await reason(badge.token, { resolveKey: jwk({ kty: "RSA" }) })).toBe("unknown_kid");
    expect(await reason(badge.token, { resolveKey: jwk({ y: vectors.keys[1].publicJwk.y }) })).toBe("unknown_kid");
    expect(await reason(badge.token, { resolveKey: () => ({ key: vectors.keys[1].publicJwk }) })).toBe("unknown_kid");
  });

  it("computes the RFC 7638 thumbprint as jose does: the published kid", async () => {
    for (const { publicJwk } of vectors.keys) {
      expect(await jwkThumbprint(publicJwk)).toBe(publicJwk.kid);
      expect(await jwkThumbprint(publicJwk)).toBe(await calculateJwkThumbprint(publicJwk, "sha256"));
    }
  });
});

describe("bytes", () => {
  it("decodes only the canonical base64url spelling", () => {
    expect(base64urlDecode("")).toEqual(new Uint8Array());
    expect(base64urlDecode("QQ")).toEqual(new Uint8Array([0x41]));
    expect(base64urlDecode("-_8")).toEqual(new Uint8Array([0xfb, 0xff]));
    for (const text of ["QR", "Q", "QQ==", "QQ=", "+_8", "-/8", "Q Q", "é"])
      expect(base64urlDecode(text), text).toBeNull();
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256);
    expect(base64urlDecode(b64(bytes))).toEqual(bytes);
  });

  it("agrees with Node's decoder and its round trip on random text", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=.é\u0000";
    let seed = 11;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 5000; i++) {
      const text = Array.from({ length: rand(14) }, () => alphabet[rand(i % 2 ? 64 : alphabet.length)]).join("");
      const node = Buffer.from(text, "base64url");
      const canonical = /^[A-Za-z0-9_-]*$/.test(text) && text.length % 4 !== 1 && node.toString("base64url") === text;
      expect(base64urlDecode(text), text).toEqual(canonical ? new Uint8Array(node) : null);
    }
  });

  it("parses strict UTF-8 JSON, undefined (not null) on failure", () => {
    expect(parseJson(new TextEncoder().encode("null"))).toBeNull();
    expect(parseJson(new TextEncoder().encode('{"a":"é"}'))).toEqual({ a: "é" });
    expect(parseJson(new Uint8Array([0x22, 0xff, 0x22]))).toBeUndefined();
    expect(parseJson(new TextEncoder().encode("{"))).toBeUndefined();
  });
});

describe("browser safety", () => {
  // The fiscal's page bundles status-list.ts and jws-checks.ts: no Node API may reach them.
  const source = (name: string) =>
    readFileSync(fileURLToPath(new URL(`../../../app/credentials/${name}`, import.meta.url)), "utf8");

  it.each(["jws-checks.ts", "status-list.ts", "ecdsa.ts"])(
    "%s imports no jose or node: module and uses no Buffer",
    (name) => {
      const code = source(name).replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      expect(code).not.toMatch(/\bBuffer\b|from "jose"|from "node:|require\(/);
      const valueImports = [...code.matchAll(/^import (?!type )[^;]*? from "([^"]+)"/gm)].map((m) => m[1]);
      expect(valueImports.every((from) => from === "./ecdsa" || from === "./jws-checks")).toBe(true);
    },
  );
});
