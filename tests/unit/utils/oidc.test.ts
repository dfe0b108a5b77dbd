// The OpenID client (app/utils/oidc.server.ts) against a fake provider on loopback whose token
// endpoint answers what each test asks: a good ID token, one signed by another key, with the
// wrong iss, aud or nonce, expired; a provider that fails, is slow, or is down. Each bad answer
// is refused ("rejected") or reported as unavailable, and nothing of the token reaches the log.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The fake provider's port: 3761 unless OIDC_TEST_PORT says (parallel runs on one machine).
const PORT = Number(process.env.OIDC_TEST_PORT ?? 3761);
vi.hoisted(() => {
  process.env.GOVBR_ISSUER = `http://127.0.0.1:${process.env.OIDC_TEST_PORT ?? 3761}`;
  process.env.GOVBR_CLIENT_ID = "portal-teste";
  process.env.GOVBR_CLIENT_SECRET = "segredo-de-teste";
  process.env.GOVBR_TIMEOUT_MS = "800";
});

import { govbrBackchannelLogout } from "~/http/govbr-logout.server";
import { createSession } from "~/models/session.server";
import { db } from "~/utils/db.server";
import { parseEnv } from "~/utils/env.server";
import {
  authorizationRequest,
  endSessionUrl,
  exchangeCode,
  forgetGovbrConfiguration,
  GovbrError,
  verifyLogoutToken,
} from "~/utils/oidc.server";
import { createUser } from "../../support/factories";

const ISSUER = `http://127.0.0.1:${PORT}`;
const SUB = "52998224725";
type Answer = { status?: number; hang?: boolean; idToken?: () => Promise<string> };
let answer: Answer = {};
let server: Server;
let good: CryptoKey;
let other: CryptoKey;
let jwks: unknown;

async function idToken(claims: Record<string, unknown>, key = good) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: SUB, nonce: current.nonce, reliability_info: { level: "silver" }, ...claims })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer((claims.iss as string) ?? ISSUER)
    .setAudience((claims.aud as string) ?? "portal-teste")
    .setIssuedAt(now)
    .setExpirationTime((claims.exp as number) ?? now + 300)
    .sign(key);
}

let current = { state: "", nonce: "", codeVerifier: "" };

beforeAll(async () => {
  const a = await generateKeyPair("RS256");
  const b = await generateKeyPair("RS256");
  good = a.privateKey;
  other = b.privateKey;
  jwks = { keys: [{ ...(await exportJWK(a.publicKey)), kid: "k1", alg: "RS256", use: "sig" }] };
  server = createServer(async (req, res) => {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/.well-known/openid-configuration") {
      return json(200, {
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        jwks_uri: `${ISSUER}/jwks`,
        end_session_endpoint: `${ISSUER}/logout`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
      });
    }
    if (req.url === "/jwks") return json(200, jwks);
    if (req.url === "/token") {
      if (answer.hang) return; // never answers
      if (answer.status) return json(answer.status, { error: "server_error" });
      const token = await (answer.idToken ?? (() => idToken({})))();
      return json(200, { access_token: "acesso", token_type: "Bearer", expires_in: 60, id_token: token });
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function callback(a: Answer, state?: string) {
  answer = a;
  const req = await authorizationRequest();
  current = req;
  const url = new URL(req.url);
  expect(url.searchParams.get("code_challenge_method")).toBe("S256");
  expect(url.searchParams.get("nonce")).toBe(req.nonce);
  return exchangeCode(`?code=codigo&state=${state ?? req.state}`, req);
}

async function refusedAs(p: Promise<unknown>, kind: GovbrError["kind"]) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GovbrError);
  expect((error as GovbrError).kind).toBe(kind);
}

describe("the gov.br client", () => {
  it("accepts a good answer and returns the verified claims and the ID token itself", async () => {
    const { claims, idToken: token } = await callback({});
    expect(claims).toMatchObject({ sub: SUB, iss: ISSUER, aud: "portal-teste", reliability_info: { level: "silver" } });
    expect(token.split(".")).toHaveLength(3);
    expect(decodeJwt(token).nonce).toBe(current.nonce);
  });

  it("refuses a callback whose state is not the one sent", async () => {
    await refusedAs(callback({}, "outro"), "rejected");
  });

  it("refuses an ID token signed by another key", async () => {
    await refusedAs(callback({ idToken: () => idToken({}, other) }), "rejected");
  });

  it("refuses an ID token from another issuer, for another client, expired, or with another nonce", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await refusedAs(callback({ idToken: () => idToken({ iss: "http://127.0.0.1:9/outro" }) }), "rejected");
    await refusedAs(callback({ idToken: () => idToken({ aud: "outro-cliente" }) }), "rejected");
    const past = Math.floor(Date.now() / 1000) - 3600;
    await refusedAs(callback({ idToken: () => idToken({ exp: past, iat: past - 60 }) }), "rejected");
    await refusedAs(callback({ idToken: () => idToken({ nonce: "outro-nonce" }) }), "rejected");
    // The log names the failure, never the token or who it was for.
    const logged = warn.mock.calls.flat().join(" ");
    expect(logged).toContain("gov.br: falha de validação");
    expect(logged).not.toContain(SUB);
    expect(logged).not.toMatch(/eyJ/);
    warn.mockRestore();
  });

  it("reports a failing or slow provider as unavailable", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await refusedAs(callback({ status: 503 }), "unavailable");
    await refusedAs(callback({ hang: true }), "unavailable");
    vi.restoreAllMocks();
  });

  it("offers the provider's end-session address, with the ID token as hint when one was kept", async () => {
    const url = new URL((await endSessionUrl("http://localhost:3000/", "o.id.token"))!);
    expect(url.origin + url.pathname).toBe(`${ISSUER}/logout`);
    expect(url.searchParams.get("post_logout_redirect_uri")).toBe("http://localhost:3000/");
    expect(url.searchParams.get("id_token_hint")).toBe("o.id.token");
    expect(url.searchParams.get("client_id")).toBe("portal-teste");
    const without = new URL((await endSessionUrl("http://localhost:3000/", null))!);
    expect(without.searchParams.has("id_token_hint")).toBe(false);
  });

  it("reports a provider that is down as unavailable, and discovers again once it is back", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    forgetGovbrConfiguration();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await refusedAs(authorizationRequest(), "unavailable");
    await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
    expect((await authorizationRequest()).url).toContain(`${ISSUER}/auth?`);
    vi.restoreAllMocks();
  });
});

const BACKCHANNEL = "http://schemas.openid.net/event/backchannel-logout";

/** A logout token as a provider sends it; a claim given as undefined is left out. */
async function logoutToken(claims: Record<string, unknown> = {}, key = good) {
  const now = Math.floor(Date.now() / 1000);
  const { iss = ISSUER, aud = "portal-teste", iat = now, ...rest } = claims;
  return new SignJWT({ sub: SUB, sid: "sid-1", events: { [BACKCHANNEL]: {} }, jti: randomUUID(), ...rest })
    .setProtectedHeader({ alg: "RS256", kid: "k1", typ: "logout+jwt" })
    .setIssuer(iss as string)
    .setAudience(aud as string)
    .setIssuedAt(iat as number)
    .setExpirationTime(now + 120)
    .sign(key);
}

const post = (body: string, type = "application/x-www-form-urlencoded") =>
  govbrBackchannelLogout(
    new Request("http://localhost:3000/entrar/govbr/encerrar", {
      method: "POST",
      body,
      headers: { "Content-Type": type },
    }),
  );

describe("gov.br back-channel logout (ADR 044)", () => {
  it("verifies a logout token: signature, iss, aud, iat, the event, sid or sub, no nonce, a jti", async () => {
    const ok = await verifyLogoutToken(await logoutToken({ jti: "j-1" }));
    expect(ok).toMatchObject({ jti: "j-1", sid: "sid-1", sub: SUB });
    expect(ok.keepUntil.getTime()).toBeGreaterThan(Date.now() + 200_000);
    expect((await verifyLogoutToken(await logoutToken({ sid: undefined }))).sid).toBeNull();

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const old = Math.floor(Date.now() / 1000) - 3600;
    for (const bad of [
      await logoutToken({}, other),
      await logoutToken({ iss: "http://127.0.0.1:9/outro" }),
      await logoutToken({ aud: "outro-cliente" }),
      await logoutToken({ iat: old }),
      await logoutToken({ events: undefined }),
      await logoutToken({ events: { [BACKCHANNEL]: "sim" } }),
      await logoutToken({ events: { "http://outro/evento": {} } }),
      await logoutToken({ nonce: "um-nonce" }),
      await logoutToken({ sid: undefined, sub: undefined }),
      await logoutToken({ jti: undefined }),
    ])
      await refusedAs(verifyLogoutToken(bad), "rejected");
    expect(warn.mock.calls.flat().join(" ")).not.toContain(SUB);
    warn.mockRestore();
  });

  it("ends the gov.br sessions the token names, once; a password session stays", async () => {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { govbrSubject: user.cpf } });
    const now = new Date();
    const govbr = (sid: string) => ({ level: "prata", idToken: "o.id.token", sid });
    await createSession("sessao-a", user.id, null, now, govbr("sid-a"));
    await createSession("sessao-b", user.id, null, now, govbr("sid-b"));
    await createSession("sessao-senha", user.id, null, now);
    // The live sessions by their sid ("senha": the password one), in an order both databases agree on.
    const live = async () =>
      (await db.session.findMany({ where: { userId: user.id, revokedAt: null } }))
        .map((s) => s.govbrSid ?? "senha")
        .sort();

    vi.spyOn(console, "warn").mockImplementation(() => {});
    const bySid = await logoutToken({ sub: user.cpf, sid: "sid-a" });
    expect((await post(`logout_token=${bySid}`)).status).toBe(200);
    expect(await live()).toEqual(["senha", "sid-b"]);
    const ended = await db.session.findFirstOrThrow({ where: { govbrSid: "sid-a" } });
    expect(ended.govbrIdToken).toBeNull();

    // The same token again is a replay: refused, as the specification asks, with nothing done.
    const replay = await post(`logout_token=${bySid}`);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_request" });
    expect(replay.headers.get("cache-control")).toBe("no-store");

    // Not a form, no token, a forged token: refused.
    expect((await post(JSON.stringify({ logout_token: bySid }), "application/json")).status).toBe(400);
    expect((await post("")).status).toBe(400);
    const forged = await logoutToken({ sub: user.cpf, sid: undefined }, other);
    expect((await post(`logout_token=${forged}`)).status).toBe(400);
    expect(await live()).toEqual(["senha", "sid-b"]);

    // A token with the subject only ends every gov.br session of that account.
    expect((await post(`logout_token=${await logoutToken({ sub: user.cpf, sid: undefined })}`)).status).toBe(200);
    expect(await live()).toEqual(["senha"]);
    vi.restoreAllMocks();
  });
});

describe("gov.br configuration", () => {
  it("stays off without GOVBR_ISSUER and refuses an issuer without the client's credentials", () => {
    expect(parseEnv({}).GOVBR_ISSUER).toBeUndefined();
    expect(parseEnv({}).GOVBR_SCOPES).toBe("openid email profile govbr_confiabilidades");
    expect(() => parseEnv({ GOVBR_ISSUER: ISSUER })).toThrow(/GOVBR_CLIENT_ID/);
    expect(() => parseEnv({ GOVBR_ISSUER: ISSUER, GOVBR_CLIENT_ID: "x" })).toThrow(/GOVBR_CLIENT_SECRET/);
    expect(() => parseEnv({ GOVBR_ISSUER: ISSUER, GOVBR_CLIENT_ID: "x", GOVBR_PRIVATE_KEY: "abc" })).toThrow(/PKCS#8/);
    expect(parseEnv({ GOVBR_ISSUER: ISSUER, GOVBR_CLIENT_ID: "x", GOVBR_CLIENT_SECRET: "y" }).GOVBR_ISSUER).toBe(
      ISSUER,
    );
  });
});
