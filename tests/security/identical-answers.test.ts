// Issue #13 security suite: the public answers tell an attacker nothing about which check
// failed. A token for an unknown serial, with a bad signature, an unknown or revoked key,
// another municipality's key or serial gets the same status, headers and bytes — from the
// route function, from the QR page and through the real Express server — so probing learns
// nothing; malformed input is a 400, never a 500; and the per-address limit is counted before
// any verification work, answering 429 with Retry-After.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyTokenAnswer } from "~/api/verify.server";
import { highSTwin } from "~/credentials/ecdsa";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { revokeKey, signerFor } from "~/models/signing-key.server";
import { loader as statusLoader } from "~/routes/api.v1.credentials.$serial.status";
import { loader as statusListLoader } from "~/routes/api.v1.status-list.$municipality";
import { loader as jsonLoader } from "~/routes/api.v1.verify.$token";
import { loader as codeLoader } from "~/routes/v._index";
import { loader as pageLoader } from "~/routes/v.$token";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential, IN_FORCE_IN_2026, testActor } from "../support/factories";
import { httpOnly, startApp } from "./http-app";
import { answerOf, attackerKey, getRoute, signJws, someClient, withSigner } from "./public-routes";

const now = new Date("2026-06-01T15:00:00Z");

let genuine: { token: string; credentialId: string; serial: string; ibge: string };
/** Tokens that fail at different checks, by what is wrong with them. */
let invalid: Record<string, string>;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString());
const headerOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[0], "base64url").toString());
const verificationsOf = (credentialId: string) => db.verificationLog.count({ where: { credentialId } });

beforeAll(async () => {
  const m = await createMunicipality();
  const { token, credential } = await createSignedCredential(m, IN_FORCE_IN_2026);
  genuine = { token, credentialId: credential.id, serial: credential.serial, ibge: m.ibgeCode };
  const signer = await signerFor(m.id, testActor);
  const header = headerOf(token);
  const claims = claimsOf(token);

  const other = await createMunicipality("Outra Cidade");
  const { credential: othersCredential } = await createSignedCredential(other, IN_FORCE_IN_2026);
  const otherSigner = await signerFor(other.id, testActor);

  const revoked = await createMunicipality("Cidade Revogada");
  const { token: revokedToken } = await createSignedCredential(revoked, IN_FORCE_IN_2026);
  await revokeKey(revoked.id, headerOf(revokedToken).kid, "chave vazada (teste)", testActor);

  const attacker = await attackerKey();
  invalid = {
    "unknown serial, genuine signature": await signJws(
      header,
      { ...claims, sn: `${m.serialPrefix}-MT-2026-999999` },
      withSigner(signer),
    ),
    "bad signature": `${token.split(".")[0]}.${token.split(".")[1]}.${"B".repeat(86)}`,
    "signature of another token": `${token.split(".")[0]}.${token.split(".")[1]}.${revokedToken.split(".")[2]}`,
    "unknown kid": await signJws({ ...header, kid: attacker.kid }, claims, attacker.sign),
    "revoked key": revokedToken,
    "another municipality's key": await signJws({ ...header, kid: otherSigner.kid }, claims, withSigner(otherSigner)),
    "another municipality's serial, genuine signature": await signJws(
      header,
      { ...claims, sn: othersCredential.serial },
      withSigner(signer),
    ),
    "high-S twin": `${token.split(".")[0]}.${token.split(".")[1]}.${Buffer.from(highSTwin(Buffer.from(token.split(".")[2], "base64url"))).toString("base64url")}`,
  };
  // Only Date is faked, and only after the fixtures (factories name things by Date.now()): every
  // answer's checkedAt is the same instant, so answers compare byte for byte.
  vi.useFakeTimers({ toFake: ["Date"], now });
});

afterAll(() => {
  vi.useRealTimers();
});

describe("one answer for every invalid token", () => {
  it("the genuine token is VALID, so the sameness below is not of a broken verifier", async () => {
    const answer = await getRoute(jsonLoader, `/api/v1/verify/${genuine.token}`, { token: genuine.token });
    expect(await answer.json()).toMatchObject({ verdict: "VALID" });
  });

  it("the JSON route answers every invalid token with the same status, headers and bytes", async () => {
    const answers = await Promise.all(
      Object.values(invalid).map(async (t) =>
        answerOf(await getRoute(jsonLoader, `/api/v1/verify/${t}`, { token: t })),
      ),
    );
    expect(answers[0].status).toBe(200);
    expect(JSON.parse(answers[0].body)).toEqual({
      verdict: "INVALID",
      reason: "not_recognized",
      checkedAt: now.toISOString(),
    });
    Object.keys(invalid).forEach((name, i) => expect(answers[i], name).toEqual(answers[0]));
  });

  it("the QR page /v/<token> is the same page for every invalid token", async () => {
    const pages = await Promise.all(
      Object.values(invalid).map(async (t) => answerOf(await getRoute(pageLoader, `/v/${t}`, { token: t }))),
    );
    expect(pages[0].status).toBe(200);
    expect(pages[0].body).not.toContain("Joana Teste");
    // The page has no inline script today; should it get one, its nonce is the one allowed difference.
    const withoutNonces = (page: { body: string }) => ({ ...page, body: page.body.replace(/ nonce="[^"]*"/g, "") });
    Object.keys(invalid).forEach((name, i) => expect(withoutNonces(pages[i]), name).toEqual(withoutNonces(pages[0])));
  });

  it("through the real Express server (server.js's fast path) too, but for the CSP nonce", async () => {
    const app = await startApp(httpOnly, undefined, { verifyTokenAnswer });
    try {
      const answers: Array<{ status: number; body: string; headers: string[][] }> = [];
      for (const t of Object.values(invalid)) {
        const response = await app.fetch(`/api/v1/verify/${t}`);
        const { status, headers, body } = await answerOf(response);
        answers.push({
          status,
          body,
          headers: headers.filter(([name]) => !["date", "content-security-policy"].includes(name)),
        });
      }
      expect(answers[0].status).toBe(200);
      expect(answers[0].headers.map(([name]) => name)).toContain("cache-control");
      Object.keys(invalid).forEach((name, i) => expect(answers[i], name).toEqual(answers[0]));
    } finally {
      await app.close();
    }
  });

  it("the precise reason stays out of the public answer (the log keeps it, the body does not)", async () => {
    for (const t of Object.values(invalid)) {
      const body = await (await getRoute(jsonLoader, `/api/v1/verify/${t}`, { token: t })).text();
      expect(body).not.toMatch(/unknown_kid|bad_signature|key_revoked|wrong_issuer|unknown_credential|non_canonical/);
    }
  });
});

describe("malformed input is a 400 (or the route's 404), never a 500", () => {
  const junk = [
    "",
    "a",
    "a.b",
    "a.b.c.d",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "../../etc/passwd",
    "\u0000",
    "ç.ç.ç",
    "x".repeat(10_000),
  ];

  it.each(junk.map((j) => [j.slice(0, 30), j]))(
    "the JSON verdict refuses %j with 400 malformed_token",
    async (_, t) => {
      const response = await getRoute(jsonLoader, `/api/v1/verify/${encodeURIComponent(t)}`, { token: t });
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: { code: "malformed_token", message: expect.any(String) } });
    },
  );

  it.each(junk.map((j) => [j.slice(0, 30), j]))(
    "the status route refuses %j with 400 malformed_serial",
    async (_, s) => {
      const response = await getRoute(statusLoader, `/api/v1/credentials/${encodeURIComponent(s)}/status`, {
        serial: s,
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: "malformed_serial", message: expect.any(String) } });
    },
  );

  it.each(junk.map((j) => [j.slice(0, 30), j]))(
    "the status list answers %j with 404 unknown_municipality",
    async (_, code) => {
      const response = await getRoute(statusListLoader, `/api/v1/status-list/${encodeURIComponent(code)}`, {
        municipality: code,
      });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: "unknown_municipality", message: expect.any(String) } });
    },
  );

  it("the Express fast path answers a broken percent-encoding with 400, not 500", async () => {
    const app = await startApp(httpOnly, undefined, { verifyTokenAnswer });
    try {
      for (const path of ["/api/v1/verify/%ZZ", "/api/v1/verify/%E0%A4%A", `/api/v1/verify/${"A".repeat(5000)}`]) {
        const response = await app.fetch(path);
        expect(response.status, path).toBe(400);
      }
    } finally {
      await app.close();
    }
  });
});

describe("the public limit is counted before any verification work", () => {
  // Each public route with a genuine request, so that without the limit it would verify (and log).
  const genuineRequests = () => [
    {
      name: "JSON verdict",
      logs: true,
      call: (ip: string) => getRoute(jsonLoader, `/api/v1/verify/${genuine.token}`, { token: genuine.token }, ip),
    },
    {
      name: "QR page",
      logs: true,
      call: (ip: string) => getRoute(pageLoader, `/v/${genuine.token}`, { token: genuine.token }, ip),
    },
    {
      name: "typed code",
      logs: true,
      call: (ip: string) => getRoute(codeLoader, `/v?codigo=${typedCodeFor(genuine.serial)}`, {}, ip),
    },
    {
      name: "status by serial",
      logs: true,
      call: (ip: string) =>
        getRoute(statusLoader, `/api/v1/credentials/${genuine.serial}/status`, { serial: genuine.serial }, ip),
    },
    {
      name: "status list",
      logs: false,
      call: (ip: string) =>
        getRoute(statusListLoader, `/api/v1/status-list/${genuine.ibge}`, { municipality: genuine.ibge }, ip),
    },
  ];

  it("a flood of junk from one address exhausts its budget; then even genuine requests get 429 with Retry-After and verify nothing", async () => {
    // Control: from a fresh address each genuine request is answered and each verification is logged.
    for (const r of genuineRequests()) {
      const before = await verificationsOf(genuine.credentialId);
      const response = await r.call(someClient());
      expect(response.status, r.name).toBe(200);
      expect(await verificationsOf(genuine.credentialId), r.name).toBe(before + (r.logs ? 1 : 0));
    }

    const flooder = someClient();
    for (let i = 0; i < 120; i++) {
      const response = await getRoute(jsonLoader, "/api/v1/verify/lixo", { token: "lixo" }, flooder);
      expect(response.status).toBe(400); // junk costs no verification, but counts
    }
    const before = await verificationsOf(genuine.credentialId);
    for (const r of genuineRequests()) {
      const response = await r.call(flooder);
      expect(response.status, r.name).toBe(429);
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(
        Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60,
        `${r.name}: Retry-After ${retryAfter}`,
      ).toBe(true);
      const text = await response.text();
      expect(text, r.name).not.toContain("Joana Teste");
      if (response.headers.get("content-type")?.startsWith("application/json"))
        expect(JSON.parse(text), r.name).toEqual({ error: { code: "rate_limited", message: expect.any(String) } });
    }
    expect(await verificationsOf(genuine.credentialId)).toBe(before);
  });
});
