import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { CREDENTIAL_TYP, type OfflineTrust, verifyOffline } from "~/components/fiscal/offline-verify";
import { fiscalViewUrl, parseScan } from "~/components/fiscal/qr-text";
import { highSTwin } from "~/credentials/ecdsa";
import { createSignerFromJwk } from "~/credentials/signer.server";
import {
  base64urlDecode,
  base64urlEncode,
  deflateRaw,
  signEs256Jws,
  signStatusList,
  STATUS_LIST_FAILURES,
  STATUS_LIST_TYP,
  statusOf,
  verifyStatusList,
} from "~/credentials/status-list";
import { TOKEN_TYP, verifyToken } from "~/credentials/token";
import { forgetStatusList, statusListFor } from "~/models/credentials/status-list.server";
import { resolveKey } from "~/models/signing-key.server";
import { loader as statusListRoute } from "~/routes/api.v1.status-list.$municipality";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential } from "../../support/factories";
import { negative, now, resolverFor, testOnlyKeys, vectors, verifyOptions } from "./fixtures";

const ISSUER = "5005004"; // the issuer of the committed test-only keys
const issuerKid = vectors.keys.find((k) => k.name === "issuer")!.publicJwk.kid;
const signer = () => createSignerFromJwk(testOnlyKeys.issuer);
const nowSeconds = Math.floor(now.getTime() / 1000);
const options = (extra: Partial<Parameters<typeof verifyStatusList>[1]> = {}) => ({
  resolveKey: resolverFor(),
  now,
  ...extra,
});
const segments = (jws: string) => jws.split(".");
const json = (segment: string) => JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));

// Signed once with the test-only "issuer" key at vectors.now (2025-06-15T15:00:00Z), TTL 24 h.
const FIXED_VECTOR =
  "eyJhbGciOiJFUzI1NiIsImtpZCI6IkJLTm1jUnVKNHV4REx4MnR4ZFhPWGI3NDJYTUUzVk45c09zWTBCNGgtWHMiLCJ0eXAiOiJzdGF0dXNsaXN0K2p3cyJ9." +
  "eyJpc3MiOiI1MDA1MDA0IiwiaWF0IjoxNzQ5OTk5NjAwLCJ0dGwiOjg2NDAwLCJleHAiOjE3NTAwODYwMDAsInMiOiJxMVlxTGkwdVNNMUxTVTFSc29wVzhuSU0walV5TURMVk5UQXdNRFF5VnRKQkVURXlNRkNLMVZFcVNpM0x6OFpVYjJscHFSUmJDd0EifQ." +
  "Q44iK8wj1fxXEA6LawK6X7KTmjhB6_Bvi8fuUbjXVLYBjJW-_fFwEh_2lPxugk1cvbOuE112vlOm4Myod5fUCA";

describe("status list format", () => {
  it("verifies the fixed vector to its issuer, times and serial lists", async () => {
    expect(await verifyStatusList(FIXED_VECTOR, options())).toEqual({
      ok: true,
      kid: issuerKid,
      list: {
        issuer: ISSUER,
        issuedAt: nowSeconds,
        ttl: 86400,
        expiresAt: nowSeconds + 86400,
        suspended: ["JAR-2025-000123", "JAR-2025-000200"],
        revoked: ["JAR-2025-000999"],
      },
    });
  });

  it("is a compact JWS with header exactly { alg, kid, typ: statuslist+jws } and payload { iss, iat, ttl, exp, s }", async () => {
    const jws = await signStatusList(
      { issuer: ISSUER, suspended: ["B-SER-1", "A-SER-2", "B-SER-1"], revoked: [], now, ttlSeconds: 3600 },
      await signer(),
    );
    const [h, p] = segments(jws);
    expect(Object.keys(json(h))).toEqual(["alg", "kid", "typ"]);
    expect(json(h)).toEqual({ alg: "ES256", kid: issuerKid, typ: STATUS_LIST_TYP });
    const payload = json(p);
    expect(payload).toEqual({ iss: ISSUER, iat: nowSeconds, ttl: 3600, exp: nowSeconds + 3600, s: expect.any(String) });
    // `s` is plain deflate-raw of the JSON lists (any zlib can read it), sorted and de-duplicated.
    expect(JSON.parse(inflateRawSync(Buffer.from(payload.s, "base64url")).toString())).toEqual({
      suspended: ["A-SER-2", "B-SER-1"],
      revoked: [],
    });
    expect(segments(FIXED_VECTOR)[0]).toBe(h);
  });

  it("keeps a large municipality's list small: 5,000 serials in well under 100 KB", async () => {
    const serials = Array.from({ length: 5000 }, (_, i) => `ITA-MB-2026-${String(i * 7).padStart(6, "0")}`);
    const jws = await signStatusList(
      { issuer: ISSUER, suspended: serials.slice(0, 1000), revoked: serials.slice(1000), now, ttlSeconds: 3600 },
      await signer(),
    );
    expect(jws.length).toBeLessThan(100_000);
    const result = await verifyStatusList(jws, options());
    expect(result.ok && result.list.revoked.length).toBe(4000);
  });

  it("says expired (still returning the list) from exp on, and refuses an issue time in the future", async () => {
    const expired = await verifyStatusList(FIXED_VECTOR, options({ now: new Date((nowSeconds + 86400) * 1000) }));
    expect(expired).toMatchObject({ ok: false, reason: "expired", list: { issuer: ISSUER } });
    expect((await verifyStatusList(FIXED_VECTOR, options({ now: new Date((nowSeconds + 86399) * 1000) }))).ok).toBe(
      true,
    );
    expect(await verifyStatusList(FIXED_VECTOR, options({ now: new Date((nowSeconds - 301) * 1000) }))).toEqual({
      ok: false,
      reason: "not_yet_valid",
    });
    expect((await verifyStatusList(FIXED_VECTOR, options({ now: new Date((nowSeconds - 299) * 1000) }))).ok).toBe(true);
  });

  it("refuses a tampered list: a serial removed from `s`, a changed time, a swapped signature", async () => {
    const [h, p, s] = segments(FIXED_VECTOR);
    const payload = json(p);
    const lists = { suspended: ["JAR-2025-000200"], revoked: [] };
    const forgedS = base64urlEncode(await deflateRaw(new TextEncoder().encode(JSON.stringify(lists))));
    const forged = (changes: object) =>
      `${h}.${Buffer.from(JSON.stringify({ ...payload, ...changes })).toString("base64url")}.${s}`;
    expect(await verifyStatusList(forged({ s: forgedS }), options())).toEqual({ ok: false, reason: "bad_signature" });
    expect(await verifyStatusList(forged({ exp: payload.exp + 86400 * 6, ttl: 86400 * 7 }), options())).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    const other = await signStatusList(
      { issuer: ISSUER, suspended: [], revoked: [], now, ttlSeconds: 86400 },
      await signer(),
    );
    expect(await verifyStatusList(`${h}.${p}.${segments(other)[2]}`, options())).toEqual({
      ok: false,
      reason: "bad_signature",
    });
    const twin = base64urlEncode(highSTwin(base64urlDecode(s)!));
    expect(await verifyStatusList(`${h}.${p}.${twin}`, options())).toEqual({
      ok: false,
      reason: "non_canonical_signature",
    });
  });

  it("pins the header: ES256 only, the statuslist+jws type, a known and unrevoked kid", async () => {
    const [, p, s] = segments(FIXED_VECTOR);
    const header = (h: object) => Buffer.from(JSON.stringify(h)).toString("base64url");
    expect(
      await verifyStatusList(`${header({ alg: "none", kid: issuerKid, typ: STATUS_LIST_TYP })}.${p}.`, options()),
    ).toEqual({ ok: false, reason: "unsupported_alg" });
    expect(
      await verifyStatusList(`${header({ alg: "HS256", kid: issuerKid, typ: STATUS_LIST_TYP })}.${p}.${s}`, options()),
    ).toEqual({ ok: false, reason: "unsupported_alg" });
    expect(
      await verifyStatusList(`${header({ alg: "ES256", kid: issuerKid, typ: "JWT" })}.${p}.${s}`, options()),
    ).toEqual({ ok: false, reason: "bad_header" });
    expect(
      await verifyStatusList(
        `${header({ alg: "ES256", kid: issuerKid, typ: STATUS_LIST_TYP, jku: "https://x" })}.${p}.${s}`,
        options(),
      ),
    ).toEqual({ ok: false, reason: "bad_header" });
    // A credential token is not a status list, even though the same key signed it.
    expect(await verifyStatusList(vectors.valid[0].token, options())).toEqual({ ok: false, reason: "bad_header" });
    expect(await verifyStatusList(FIXED_VECTOR, options({ resolveKey: () => null }))).toEqual({
      ok: false,
      reason: "unknown_kid",
    });
    expect(await verifyStatusList(FIXED_VECTOR, options({ resolveKey: resolverFor({ issuer: "REVOKED" }) }))).toEqual({
      ok: false,
      reason: "key_revoked",
    });
    expect(
      await verifyStatusList(
        FIXED_VECTOR,
        options({
          resolveKey: () => {
            throw new Error("db down");
          },
        }),
      ),
    ).toEqual({ ok: false, reason: "key_unavailable" });
    expect(await verifyStatusList(FIXED_VECTOR, options({ maxLength: 100 }))).toEqual({
      ok: false,
      reason: "too_long",
    });
    expect(await verifyStatusList("not.a.jws!", options())).toEqual({ ok: false, reason: "malformed" });
  });

  it("refuses another municipality's list: by the key's issuer and by the expected issuer", async () => {
    const otherIssuer = (kid: string) => ({ ...resolverFor()(kid)!, issuer: "3133808" });
    expect(await verifyStatusList(FIXED_VECTOR, options({ resolveKey: otherIssuer }))).toEqual({
      ok: false,
      reason: "wrong_issuer",
    });
    expect(await verifyStatusList(FIXED_VECTOR, options({ expectedIssuer: "3133808" }))).toEqual({
      ok: false,
      reason: "wrong_issuer",
    });
  });

  it("refuses a signed but bad payload: extra members, inconsistent exp, non-serials, a decompression bomb", async () => {
    const sign = async (payload: object) => signEs256Jws(STATUS_LIST_TYP, payload, await signer());
    const s = (lists: unknown) => deflateRaw(new TextEncoder().encode(JSON.stringify(lists))).then(base64urlEncode);
    const base = {
      iss: ISSUER,
      iat: nowSeconds,
      ttl: 60,
      exp: nowSeconds + 60,
      s: await s({ suspended: [], revoked: [] }),
    };
    expect((await verifyStatusList(await sign(base), options())).ok).toBe(true);
    for (const bad of [
      { ...base, extra: 1 },
      { ...base, exp: nowSeconds + 61 },
      { ...base, ttl: 8 * 86400, exp: nowSeconds + 8 * 86400 },
      { ...base, s: await s({ suspended: ["<script>"], revoked: [] }) },
      { ...base, s: await s({ suspended: [], revoked: [], cpf: [] }) },
      { ...base, s: "@@" },
      { ...base, s: base64urlEncode(await deflateRaw(new Uint8Array(17 * 1024 * 1024).fill(32))) },
    ]) {
      expect(await verifyStatusList(await sign(bad), options())).toEqual({ ok: false, reason: "bad_payload" });
    }
    expect(STATUS_LIST_FAILURES).toContain("bad_payload");
  });

  it("tells whether a serial is suspended or revoked", () => {
    const list = { suspended: ["A-SER-1"], revoked: ["B-SER-2"] };
    expect([statusOf(list, "A-SER-1"), statusOf(list, "B-SER-2"), statusOf(list, "C-SER-3")]).toEqual([
      "SUSPENDED",
      "REVOKED",
      null,
    ]);
  });
});

describe("offline verification in the fiscal's browser", () => {
  const jwks = { keys: vectors.keys.filter((k) => k.status !== "REVOKED").map((k) => k.publicJwk) };
  const trust = (statusList: OfflineTrust["statusList"] = null): OfflineTrust => ({
    jwks,
    municipality: { ibge: ISSUER, keys: vectors.keys.map((k) => ({ kid: k.publicJwk.kid, status: k.status })) },
    statusList,
    timeZone: vectors.timeZone,
  });
  const serverVerdict = (r: Awaited<ReturnType<typeof verifyToken>>) =>
    r.ok ? "VALID" : r.reason === "expired" ? "EXPIRED" : "INVALID";

  it("uses the credential token's type", () => {
    expect(CREDENTIAL_TYP).toBe(TOKEN_TYP);
  });

  it.each([
    ...vectors.valid.map((v) => [v.name, v.token] as const),
    ...negative.filter((n) => !n.options).map((n) => [n.name, n.token] as const),
  ])("agrees with the server's verifier on %s", async (_name, token) => {
    const server = await verifyToken(token, verifyOptions());
    const offline = await verifyOffline(token, trust(), now);
    // The one deliberate difference: a kid the phone has never seen may be a key published
    // after its cache was filled, so offline it is "not confirmed" rather than "not recognised".
    const expected = !server.ok && server.reason === "unknown_kid" ? "UNCONFIRMED" : serverVerdict(server);
    expect(offline.verdict).toBe(expected);
    if (server.ok) expect(offline.claims).toEqual(server.claims);
    else expect(offline.claims === undefined || ["expired", "not_yet_valid"].includes(offline.reason)).toBe(true);
  });

  it("says SUSPENDED or REVOKED from the cached status list, and how old the list is", async () => {
    const token = vectors.valid[0].token; // JAR-2025-000123, suspended in the fixed vector
    expect(vectors.valid[0].claims.serial).toBe("JAR-2025-000123");
    const listed = await verifyStatusList(FIXED_VECTOR, options());
    expect(listed.ok).toBe(true);
    const result = await verifyOffline(token, trust(listed), now);
    expect(result).toMatchObject({
      verdict: "SUSPENDED",
      reason: "suspended",
      statusList: { issuedAt: nowSeconds, stale: false },
    });
    const revokedList = await signStatusList(
      { issuer: ISSUER, suspended: ["JAR-2025-000123"], revoked: ["JAR-2025-000123"], now, ttlSeconds: 60 },
      await signer(),
    );
    expect(await verifyOffline(token, trust(await verifyStatusList(revokedList, options())), now)).toMatchObject({
      verdict: "REVOKED",
    });
    const stale = await verifyStatusList(FIXED_VECTOR, options({ now: new Date(now.getTime() + 2 * 86_400_000) }));
    const later = new Date(now.getTime() + 2 * 86_400_000);
    expect((await verifyOffline(token, trust(stale), later)).statusList).toMatchObject({ stale: true });
    expect(await verifyOffline(token, trust(null), now)).toMatchObject({ verdict: "VALID", statusList: null });
  });

  it("cannot confirm offline a key the page does not bind to its municipality", async () => {
    const foreign: OfflineTrust = { ...trust(), municipality: { ibge: "3133808", keys: [] } };
    expect(await verifyOffline(vectors.valid[0].token, foreign, now)).toMatchObject({
      verdict: "UNCONFIRMED",
      reason: "other_municipality",
    });
    expect(await verifyOffline(vectors.valid[0].token, { ...trust(), jwks: { keys: [] } }, now)).toMatchObject({
      verdict: "UNCONFIRMED",
      reason: "unknown_kid",
    });
  });
});

describe("reading what was scanned", () => {
  const token = vectors.valid[0].token;
  it("takes the QR's URL, a bare token or a typed code, and tells a serial without its check part apart", () => {
    expect(parseScan(`https://credencia.example/v/${token}`)).toEqual({
      kind: "token",
      token,
      serial: "JAR-2025-000123",
    });
    expect(parseScan(` ${token} `)).toEqual({ kind: "token", token, serial: "JAR-2025-000123" });
    // Typed codes have the issued shape PREFIX-CC-YYYY-NNNNNN-CHCK; the server checks the last part.
    expect(parseScan("jar mt 2025 000123 k7q0")).toEqual({
      kind: "code",
      serial: "JAR-MT-2025-000123",
      code: "JAR-MT-2025-000123-K7Q0",
    });
    expect(parseScan("jar-mt-2025-000123")).toEqual({ kind: "serial", serial: "JAR-MT-2025-000123" });
    expect(fiscalViewUrl(parseScan(`https://x/v/${token}`))).toBe(`/fiscal/credencial/JAR-2025-000123?t=${token}`);
    expect(fiscalViewUrl(parseScan("jar mt 2025 000123 k7q0"))).toBe(
      "/fiscal/credencial/JAR-MT-2025-000123?codigo=JAR-MT-2025-000123-K7Q0",
    );
    expect(fiscalViewUrl(parseScan("jar-mt-2025-000123"))).toBeNull();
  });
  it("refuses anything else", () => {
    for (const text of ["", "https://x/entrar", "https://x/v/abc/def", "WIFI:S:rede;T:WPA;P:senha;;", "<script>"])
      expect(parseScan(text)).toEqual({ kind: "invalid" });
  });
});

describe("the municipality's status list endpoint", () => {
  it("lists the suspended and revoked serials in force, signed with the municipality's key", async () => {
    const m = await createMunicipality();
    const suspended = await createSignedCredential(m, { status: "SUSPENDED" });
    const revoked = await createSignedCredential(m, { status: "REVOKED" });
    await createSignedCredential(m, { status: "ACTIVE" });
    await createSignedCredential(m, { status: "REVOKED", validFrom: "2020-01-01", validUntil: "2020-12-31" });
    const at = new Date("2026-06-01T12:00:00Z");
    const snapshot = await statusListFor(m.ibgeCode, at);
    const result = await verifyStatusList(snapshot!.jws, { resolveKey, now: at, expectedIssuer: m.ibgeCode });
    expect(result).toMatchObject({
      ok: true,
      list: {
        issuer: m.ibgeCode,
        ttl: 86400,
        suspended: [suspended.credential.serial],
        revoked: [revoked.credential.serial],
      },
    });
  });

  it("re-signs at most once a minute, even for concurrent requests", async () => {
    const m = await createMunicipality();
    const at = new Date("2026-06-01T12:00:00Z");
    const [a, b] = await Promise.all([statusListFor(m.ibgeCode, at), statusListFor(m.ibgeCode, at)]);
    expect(a!.jws).toBe(b!.jws);
    const { credential } = await createSignedCredential(m);
    await db.credential.update({ where: { id: credential.id }, data: { status: "SUSPENDED" } });
    expect((await statusListFor(m.ibgeCode, new Date(at.getTime() + 59_000)))!.jws).toBe(a!.jws);
    const fresh = await statusListFor(m.ibgeCode, new Date(at.getTime() + 60_000));
    expect(fresh!.jws).not.toBe(a!.jws);
    forgetStatusList(m.ibgeCode);
  });

  it("a suspension that lands while a list is being built is listed by the next request, not a minute later", async () => {
    const m = await createMunicipality();
    const { credential } = await createSignedCredential(m, { validUntil: "2099-12-31" });
    const at = new Date();
    // A build starts; the suspension commits and drops the cache before that build has finished.
    const during = statusListFor(m.ibgeCode, at);
    await db.credential.update({ where: { id: credential.id }, data: { status: "SUSPENDED" } });
    forgetStatusList(m.ibgeCode);
    const next = statusListFor(m.ibgeCode, at);
    expect(next, "a request after the change must not join the build begun before it").not.toBe(during);
    const [before, after] = await Promise.all([during, next]);
    const listed = async (jws: string) => {
      const verified = await verifyStatusList(jws, { resolveKey, now: at, expectedIssuer: m.ibgeCode });
      return verified.ok ? verified.list.suspended : null;
    };
    expect(await listed(after!.jws)).toEqual([credential.serial]);
    // The early build is not kept: the snapshot served for the next minute is the later one.
    const kept = await statusListFor(m.ibgeCode, new Date(at.getTime() + 30_000));
    expect(kept!.jws).toBe(after!.jws);
    expect(kept!.jws).not.toBe(before!.jws);
    forgetStatusList(m.ibgeCode);
  });

  it("answers 404 in api.md's error shape for an unknown municipality, and serves the list with CORS and a short cache", async () => {
    const call = (ibge: string) =>
      statusListRoute({
        request: new Request(`http://localhost/api/v1/status-list/${ibge}`),
        params: { municipality: ibge },
        context: { clientIp: `10.9.${Math.random()}` },
      } as never);
    const missing = await call("0000001");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "unknown_municipality", message: expect.any(String) } });
    const m = await createMunicipality();
    const found = await call(m.ibgeCode);
    expect(found.status).toBe(200);
    expect(found.headers.get("access-control-allow-origin")).toBe("*");
    expect(found.headers.get("cache-control")).toBe("public, max-age=60");
    expect(found.headers.get("content-type")).toBe("application/statuslist+jws");
    expect(
      (await verifyStatusList(await found.text(), { resolveKey, now: new Date(), expectedIssuer: m.ibgeCode })).ok,
    ).toBe(true);
  });
});
