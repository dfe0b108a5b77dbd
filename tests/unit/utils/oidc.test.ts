// The OpenID client (app/utils/oidc.server.ts) against a fake provider on loopback whose token
// endpoint answers what each test asks: a good ID token, one signed by another key, with the
// wrong iss, aud or nonce, expired; a provider that fails, is slow, or is down. Each bad answer
// is refused ("rejected") or reported as unavailable, and nothing of the token reaches the log.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

const PORT = 3761;
vi.hoisted(() => {
  process.env.GOVBR_ISSUER = "http://127.0.0.1:3761";
  process.env.GOVBR_CLIENT_ID = "portal-teste";
  process.env.GOVBR_CLIENT_SECRET = "segredo-de-teste";
  process.env.GOVBR_TIMEOUT_MS = "800";
});

import { parseEnv } from "~/utils/env.server";
import {
  authorizationRequest,
  endSessionUrl,
  exchangeCode,
  forgetGovbrConfiguration,
  GovbrError,
} from "~/utils/oidc.server";

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
  it("accepts a good answer and returns the verified claims", async () => {
    const claims = await callback({});
    expect(claims).toMatchObject({ sub: SUB, iss: ISSUER, aud: "portal-teste", reliability_info: { level: "silver" } });
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

  it("offers the provider's end-session address", async () => {
    const url = new URL((await endSessionUrl("http://localhost:3000/"))!);
    expect(url.origin + url.pathname).toBe(`${ISSUER}/logout`);
    expect(url.searchParams.get("post_logout_redirect_uri")).toBe("http://localhost:3000/");
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
