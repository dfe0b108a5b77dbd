// Issue #13 security suite: forged credential tokens. Each forgery is refused three times over:
// by the verifier, for the reason ADR 002 names (so it is refused by the check meant for it, not
// by luck further on); by verifyCredentialToken, with the one INVALID body every invalid token
// gets; and by the public routes — the JSON verdict and the QR page answer byte for byte what
// they answer to any other invalid token (200 INVALID for anything shaped like a token, 400
// malformed_token for anything that is not: api.md), never VALID, never a 500.
import { createHmac, createPublicKey } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { highSTwin } from "~/credentials/ecdsa";
import { type Signer, type VerifyFailure, verifyToken } from "~/credentials/token";
import { resolveKey, signerFor } from "~/models/signing-key.server";
import { verifyCredentialToken } from "~/models/verification.server";
import { loader as jsonLoader } from "~/routes/api.v1.verify.$token";
import { loader as pageLoader } from "~/routes/v.$token";
import { createMunicipality, createSignedCredential, IN_FORCE_IN_2026, testActor } from "../support/factories";
import { answerOf, attackerKey, b64bytes, b64json, getRoute, rawToDer, signJws, withSigner } from "./public-routes";

const now = new Date("2026-06-01T15:00:00Z");

let token: string;
let header: { alg: string; kid: string; typ: string };
let claims: Record<string, unknown>;
let signer: Signer;
let publicJwk: { kty: string; crv?: string; x?: string; y?: string };
let otherIssuer: { ibgeCode: string; signer: Signer };
let attacker: Awaited<ReturnType<typeof attackerKey>>;

const parts = () => token.split(".");
const rawSignature = () => new Uint8Array(Buffer.from(parts()[2], "base64url"));
const bySigner = (h: unknown, p: unknown) => signJws(h, p, withSigner(signer));
const hs256 = (secret: Uint8Array | string) => {
  const input = `${b64json({ ...header, alg: "HS256" })}.${parts()[1]}`;
  return `${input}.${createHmac("sha256", secret).update(input).digest("base64url")}`;
};

beforeAll(async () => {
  const m = await createMunicipality();
  ({ token } = await createSignedCredential(m, IN_FORCE_IN_2026));
  signer = await signerFor(m.id, testActor);
  header = JSON.parse(Buffer.from(parts()[0], "base64url").toString());
  claims = JSON.parse(Buffer.from(parts()[1], "base64url").toString());
  publicJwk = (await resolveKey(header.kid))!.key;
  const other = await createMunicipality("Outra Cidade");
  otherIssuer = { ibgeCode: other.ibgeCode, signer: await signerFor(other.id, testActor) };
  attacker = await attackerKey();
  // Only Date is faked, and only after the fixtures (factories name things by Date.now()): every
  // answer's checkedAt is the same instant, so answers compare byte for byte.
  vi.useFakeTimers({ toFake: ["Date"], now });
});

afterAll(() => {
  vi.useRealTimers();
});

type Forgery = { name: string; reason: VerifyFailure; shaped: boolean; make: () => string | Promise<string> };

const forgeries: Forgery[] = [
  // The algorithm is the signer's, never the token's.
  {
    name: "alg none, no signature",
    reason: "unsupported_alg",
    shaped: true,
    make: () => `${b64json({ ...header, alg: "none" })}.${parts()[1]}.`,
  },
  {
    name: "alg none, genuine signature kept",
    reason: "unsupported_alg",
    shaped: true,
    make: () => `${b64json({ ...header, alg: "none" })}.${parts()[1]}.${parts()[2]}`,
  },
  {
    name: "HS256 keyed with the published JWK's JSON",
    reason: "unsupported_alg",
    shaped: true,
    make: () => hs256(JSON.stringify(publicJwk)),
  },
  {
    name: "HS256 keyed with the public key's PEM",
    reason: "unsupported_alg",
    shaped: true,
    make: () =>
      hs256(
        createPublicKey({ key: publicJwk as never, format: "jwk" }).export({ type: "spki", format: "pem" }) as string,
      ),
  },
  {
    name: "HS256 keyed with the public key's DER",
    reason: "unsupported_alg",
    shaped: true,
    make: () =>
      hs256(createPublicKey({ key: publicJwk as never, format: "jwk" }).export({ type: "spki", format: "der" })),
  },
  {
    name: "RS256 header over the genuine signature",
    reason: "unsupported_alg",
    shaped: true,
    make: () => `${b64json({ ...header, alg: "RS256" })}.${parts()[1]}.${parts()[2]}`,
  },

  // The signature bytes: only the one canonical raw low-S form of a signature over these bytes.
  {
    name: "tampered payload",
    reason: "bad_signature",
    shaped: true,
    make: () => `${parts()[0]}.${b64json({ ...claims, n: "Outra Pessoa" })}.${parts()[2]}`,
  },
  { name: "truncated signature", reason: "malformed", shaped: true, make: () => token.slice(0, -4) },
  {
    name: "signature in DER instead of raw r||s",
    reason: "malformed",
    shaped: true,
    make: () => `${parts()[0]}.${parts()[1]}.${b64bytes(rawToDer(rawSignature()))}`,
  },
  {
    name: "high-S twin (r, n − s) of the genuine signature",
    reason: "non_canonical_signature",
    shaped: true,
    make: () => `${parts()[0]}.${parts()[1]}.${b64bytes(highSTwin(rawSignature()))}`,
  },
  {
    name: "all-zero signature (r = s = 0)",
    reason: "bad_signature",
    shaped: true,
    make: () => `${parts()[0]}.${parts()[1]}.${"A".repeat(86)}`,
  },
  {
    name: "signature of another credential of the same key",
    reason: "bad_signature",
    shaped: true,
    make: async () =>
      `${parts()[0]}.${parts()[1]}.${(await bySigner(header, { ...claims, sn: `${claims.sn}0` })).split(".")[2]}`,
  },

  // Header members that point at a key, or change how the token is read: refused outright,
  // even when the token is otherwise signed correctly (by the real key or the embedded one).
  {
    name: "jku, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, jku: "https://atacante.example/jwks.json" }, claims),
  },
  {
    name: "x5u, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, x5u: "https://atacante.example/cert.pem" }, claims),
  },
  {
    name: "jwk of the real key, signed by it",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, jwk: publicJwk }, claims),
  },
  {
    name: "jwk of the attacker's key, kid its thumbprint, signed by it",
    reason: "bad_header",
    shaped: true,
    make: () => signJws({ ...header, kid: attacker.kid, jwk: attacker.jwk }, claims, attacker.sign),
  },
  {
    name: "jwk of the attacker's key under the real kid, signed by the attacker",
    reason: "bad_header",
    shaped: true,
    make: () => signJws({ ...header, jwk: attacker.jwk }, claims, attacker.sign),
  },
  {
    name: "x5c chain, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, x5c: [b64bytes("certificado")] }, claims),
  },
  {
    name: "x5t#S256, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, "x5t#S256": b64bytes("x".repeat(32)) }, claims),
  },
  {
    name: "crit naming exp, signed by the real key",
    reason: "crit_unsupported",
    shaped: true,
    make: () => bySigner({ ...header, crit: ["exp"], exp: 4102444800 }, claims),
  },
  {
    name: "crit with b64:false, signed by the real key",
    reason: "crit_unsupported",
    shaped: true,
    make: () => bySigner({ ...header, crit: ["b64"], b64: false }, claims),
  },
  {
    name: "b64:false without crit, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, b64: false }, claims),
  },
  {
    name: "typ JWT, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, typ: "JWT" }, claims),
  },
  {
    name: "typ missing, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ alg: header.alg, kid: header.kid }, claims),
  },
  {
    name: "typ in other case, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, typ: "CRED+JWS" }, claims),
  },
  {
    name: "header a JSON array, signed by the real key",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner([header], claims),
  },

  // The kid: a published key's thumbprint or nothing, never a path or a query.
  {
    name: "unknown kid (the attacker's key, signed by it)",
    reason: "unknown_kid",
    shaped: true,
    make: () => signJws({ ...header, kid: attacker.kid }, claims, attacker.sign),
  },
  {
    name: "kid missing",
    reason: "missing_kid",
    shaped: true,
    make: () => bySigner({ alg: header.alg, typ: header.typ }, claims),
  },
  {
    name: "huge kid (10 KB)",
    reason: "too_long",
    shaped: false,
    make: () => bySigner({ ...header, kid: "k".repeat(10_240) }, claims),
  },
  {
    name: "kid with a path",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, kid: "../../../../etc/passwd" }, claims),
  },
  {
    name: "kid with SQL",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, kid: "' OR '1'='1' --" }, claims),
  },
  {
    name: "kid with a NUL",
    reason: "bad_header",
    shaped: true,
    make: () => bySigner({ ...header, kid: `${header.kid.slice(0, 42)}\u0000` }, claims),
  },
  { name: "kid a number", reason: "bad_header", shaped: true, make: () => bySigner({ ...header, kid: 1 }, claims) },

  // Shape and encoding.
  { name: "8 KB token", reason: "too_long", shaped: false, make: () => `${token}${"A".repeat(8192)}` },
  { name: "%00 appended", reason: "malformed", shaped: false, make: () => `${token}%00` },
  { name: "NUL appended", reason: "malformed", shaped: false, make: () => `${token}\u0000` },
  { name: "trailing dot", reason: "malformed", shaped: false, make: () => `${token}.` },
  {
    name: "extra dot inside",
    reason: "malformed",
    shaped: false,
    make: () => `${parts()[0]}..${parts()[1]}.${parts()[2]}`,
  },
  {
    name: "JWE-shaped 5-part token",
    reason: "malformed",
    shaped: false,
    make: () =>
      [
        b64json({ alg: "RSA-OAEP-256", enc: "A256GCM", kid: header.kid }),
        b64bytes("k".repeat(32)),
        b64bytes("iv-iv-iv-iv"),
        parts()[1],
        b64bytes("t".repeat(16)),
      ].join("."),
  },
  {
    name: "base64 (not url) characters",
    reason: "malformed",
    shaped: false,
    make: () => token.replace(/-/g, "+").replace(/_/g, "/") + "+/",
  },
  {
    name: "padding characters",
    reason: "malformed",
    shaped: false,
    make: () => `${parts()[0]}==.${parts()[1]}.${parts()[2]}`,
  },
  {
    name: "non-ASCII characters",
    reason: "malformed",
    shaped: false,
    make: () => `${parts()[0]}ç.${parts()[1]}.${parts()[2]}`,
  },
  {
    name: "non-canonical base64url (spare bits set) in the signature",
    reason: "malformed",
    shaped: true,
    make: () => {
      // 64 bytes are 86 characters: the last one carries 4 spare bits, which must be zero.
      const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
      const s = parts()[2];
      return `${parts()[0]}.${parts()[1]}.${s.slice(0, -1)}${alphabet[alphabet.indexOf(s.at(-1)!) | 1]}`;
    },
  },

  // Signed by the real key, but not a credential.
  { name: "payload not JSON", reason: "bad_claims", shaped: true, make: () => bySigner(header, "isto não é JSON") },
  { name: "payload a JSON array", reason: "bad_claims", shaped: true, make: () => bySigner(header, [claims]) },
  {
    name: "claims with a smuggled CPF",
    reason: "bad_claims",
    shaped: true,
    make: () => bySigner(header, { ...claims, cpf: "12345678909" }),
  },
  {
    name: "claims without a serial",
    reason: "bad_claims",
    shaped: true,
    make: () => bySigner(header, { ...claims, sn: undefined }),
  },
  {
    name: "claims with dates as strings",
    reason: "bad_claims",
    shaped: true,
    make: () => bySigner(header, { ...claims, vf: "2026-01-01" }),
  },
  {
    name: "claims with an unknown category",
    reason: "bad_claims",
    shaped: true,
    make: () => bySigner(header, { ...claims, c: "XX" }),
  },
  {
    name: "claims with digits in the name",
    reason: "bad_claims",
    shaped: true,
    make: () => bySigner(header, { ...claims, n: "Joana 123.456.789-09" }),
  },
  {
    name: "claims valid until before valid from",
    reason: "bad_claims",
    shaped: true,
    make: () => bySigner(header, { ...claims, vu: (claims.vf as number) - 1 }),
  },
  {
    name: "claims of another municipality, signed by this one's key",
    reason: "wrong_issuer",
    shaped: true,
    make: () => bySigner(header, { ...claims, iss: otherIssuer.ibgeCode }),
  },
  {
    name: "claims of this municipality, signed by another municipality's key",
    reason: "wrong_issuer",
    shaped: true,
    make: () => signJws({ ...header, kid: otherIssuer.signer.kid }, claims, withSigner(otherIssuer.signer)),
  },
];

describe("forged credential tokens", () => {
  it("the genuine token is VALID everywhere, so each refusal below is the forgery's doing", async () => {
    expect(await verifyToken(token, { resolveKey, now })).toMatchObject({ ok: true });
    const json = await getRoute(jsonLoader, `/api/v1/verify/${token}`, { token });
    expect(json.status).toBe(200);
    expect(await json.json()).toMatchObject({ verdict: "VALID", credential: { holderName: "Joana Teste" } });
    const page = await getRoute(pageLoader, `/v/${token}`, { token });
    expect(await page.text()).toContain("Joana Teste");
  });

  it.each(forgeries)(
    "refuses $name ($reason), with the answer any invalid token gets",
    async ({ reason, shaped, make }) => {
      const forged = await make();
      expect(forged).not.toBe(token);

      expect(await verifyToken(forged, { resolveKey, now })).toEqual({ ok: false, reason });
      const { body } = await verifyCredentialToken(forged, { now, channel: "QR", withPhoto: true });
      expect(body).toEqual({ verdict: "INVALID", reason: "not_recognized", checkedAt: now.toISOString() });

      // The routes: byte for byte the answer of a plainly bad signature (or of plain junk).
      const reference = shaped ? `${parts()[0]}.${parts()[1]}.${"B".repeat(86)}` : "isto-nao-e-um-token";
      const json = async (t: string) =>
        answerOf(await getRoute(jsonLoader, `/api/v1/verify/${encodeURIComponent(t)}`, { token: t }));
      const page = async (t: string) =>
        answerOf(await getRoute(pageLoader, `/v/${encodeURIComponent(t)}`, { token: t }));
      const [forgedJson, referenceJson] = [await json(forged), await json(reference)];
      expect(forgedJson).toEqual(referenceJson);
      expect(forgedJson.status).toBe(shaped ? 200 : 400);
      expect(JSON.parse(forgedJson.body)).toEqual(
        shaped
          ? { verdict: "INVALID", reason: "not_recognized", checkedAt: now.toISOString() }
          : { error: { code: "malformed_token", message: expect.any(String) } },
      );
      const [forgedPage, referencePage] = [await page(forged), await page(reference)];
      expect(forgedPage).toEqual(referencePage);
      expect(forgedPage.body).not.toContain("Joana Teste");
      expect(forgedPage.body).not.toContain("VÁLIDO");
    },
  );
});
