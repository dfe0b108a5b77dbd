import { describe, expect, it } from "vitest";
import { credentialClaimsSchema } from "~/credentials/claims";
import { classifySignature } from "~/credentials/ecdsa";
import { createSignerFromJwk } from "~/credentials/signer.server";
import { MAX_TOKEN_LENGTH, signCredential, TOKEN_TYP, VERIFY_FAILURES, verifyToken } from "~/credentials/token";
import { negative, resolverFor, testOnlyKeys, vectors, verifyOptions } from "./fixtures";

const [badgeVector] = vectors.valid;

describe("credential token vectors", () => {
  it.each(vectors.valid.map((v) => [v.name, v] as const))(
    "the stored token %s verifies to its claims",
    async (_name, v) => {
      const result = await verifyToken(v.token, verifyOptions());
      expect(result).toEqual({
        ok: true,
        claims: v.claims,
        kid: vectors.keys.find((k) => k.name === v.key)!.publicJwk.kid,
      });
    },
  );

  it.each(vectors.valid.map((v) => [v.name, v] as const))(
    "signing the claims of %s again gives the same header and payload segments",
    async (_name, v) => {
      const signer = await createSignerFromJwk(testOnlyKeys[v.key]);
      const token = await signCredential(v.claims, signer);
      expect(token.split(".").slice(0, 2).join(".")).toBe(v.signingInput);
      expect(token).not.toBe(v.token); // ES256 is randomised: same claims, new signature
      expect((await verifyToken(token, verifyOptions())).ok).toBe(true);
    },
  );

  it("uses exactly the header { alg, kid, typ } and the short claim names", () => {
    const [h, p] = badgeVector.token.split(".");
    const header = JSON.parse(Buffer.from(h, "base64url").toString());
    expect(Object.keys(header)).toEqual(["alg", "kid", "typ"]);
    expect(header).toEqual({ alg: "ES256", kid: vectors.keys[0].publicJwk.kid, typ: TOKEN_TYP });
    expect(JSON.parse(Buffer.from(p, "base64url").toString())).toEqual({
      iss: "5005004",
      sn: "JAR-2025-000123",
      t: "CR",
      c: "MT",
      n: "Maria Aparecida dos Santos Oliveira",
      p: "QAB1C23",
      vf: 20148,
      vu: 20512,
    });
  });
});

describe("each defect has its reason code", () => {
  it.each(negative.map((n) => [n.name, n] as const))("%s", async (_name, n) => {
    const result = await verifyToken(n.token, verifyOptions(n.options));
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ reason: n.reason });
    expect(VERIFY_FAILURES).toContain(n.reason);
  });

  it("returns the claims only for a genuine credential out of its validity period", async () => {
    for (const n of negative) {
      const result = await verifyToken(n.token, verifyOptions(n.options));
      if (!result.ok && (result.reason === "expired" || result.reason === "not_yet_valid")) {
        expect(result.claims.serial).toBe("JAR-2025-000123");
      } else {
        expect(result).not.toHaveProperty("claims");
      }
    }
  });

  it("covers every defect named in the brief", () => {
    const names = negative.map((n) => n.name);
    for (const defect of [
      "forged-payload",
      "truncated",
      "resigned-other-key",
      "alg-none",
      "hs256-public-key-secret",
      "unknown-kid",
      "missing-kid",
      "expired",
      "not-yet-valid",
      "wrong-issuer",
      "oversized",
      "non-base64url-characters",
      "high-s-twin",
      "crit-header",
      "jku-header",
    ]) {
      expect(names).toContain(defect);
    }
  });

  it("the high-S fixture really is the twin of a valid signature", async () => {
    const twin = negative.find((n) => n.name === "high-s-twin")!;
    expect(twin.token.split(".").slice(0, 2).join(".")).toBe(badgeVector.signingInput);
    expect(classifySignature(Buffer.from(twin.token.split(".")[2], "base64url"))).toBe("high_s");
  });
});

describe("verifyToken never throws", () => {
  const junk: unknown[] = [
    undefined,
    null,
    42,
    {},
    [],
    "",
    ".",
    "..",
    "a.b.c",
    "a.b",
    "a.b.c.d",
    "é.é.é",
    "\u0000",
    " ".repeat(5000),
    `${"A".repeat(MAX_TOKEN_LENGTH)}.`,
    "eyJ9.eyJ9.AAAA",
    `${Buffer.from("[]").toString("base64url")}.e30.`,
    `${Buffer.from("null").toString("base64url")}.e30.`,
  ];
  it.each(junk.map((j) => [JSON.stringify(j)?.slice(0, 30), j] as const))(
    "junk %s is an ordinary failure",
    async (_label, token) => {
      const result = await verifyToken(token, verifyOptions());
      expect(result.ok).toBe(false);
      if (!result.ok) expect(VERIFY_FAILURES).toContain(result.reason);
    },
  );

  it("random mutations of a valid token are failures, never exceptions", async () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ";
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 300; i++) {
      const chars = [...badgeVector.token];
      for (let k = 0; k <= rand(3); k++) chars[rand(chars.length)] = alphabet[rand(alphabet.length)];
      const mutated = chars.join("");
      if (mutated === badgeVector.token) continue;
      const result = await verifyToken(mutated, verifyOptions());
      expect(result.ok, mutated).toBe(false);
    }
  });

  it("a failing key lookup is key_unavailable, not a verdict on the token", async () => {
    const result = await verifyToken(
      badgeVector.token,
      verifyOptions({ resolveKey: () => Promise.reject(new Error("db down")) }),
    );
    expect(result).toEqual({ ok: false, reason: "key_unavailable" });
  });

  it("a stored key that does not match the kid is treated as unknown", async () => {
    const other = vectors.keys[1].publicJwk;
    const result = await verifyToken(
      badgeVector.token,
      verifyOptions({
        resolveKey: () => ({ key: other, issuer: "5005004", status: "ACTIVE", timeZone: vectors.timeZone }),
      }),
    );
    expect(result).toEqual({ ok: false, reason: "unknown_kid" });
  });
});

describe("key rotation at the token level", () => {
  const retiredVector = vectors.valid.find((v) => v.key === "retired")!;

  it("a token signed by a RETIRED key still verifies", async () => {
    expect(await verifyToken(retiredVector.token, verifyOptions())).toMatchObject({ ok: true });
  });

  it("once that key is REVOKED its tokens are key_revoked", async () => {
    const result = await verifyToken(
      retiredVector.token,
      verifyOptions({ resolveKey: resolverFor({ retired: "REVOKED" }) }),
    );
    expect(result).toEqual({ ok: false, reason: "key_revoked" });
  });

  it("revoking one key leaves the tokens of the others valid", async () => {
    const result = await verifyToken(
      badgeVector.token,
      verifyOptions({ resolveKey: resolverFor({ retired: "REVOKED" }) }),
    );
    expect(result.ok).toBe(true);
  });
});

describe("validity uses the injected clock and the issuer's civil date", () => {
  const lastDay = badgeVector.claims.validUntil; // 2026-02-28, Jardim (UTC−4)

  it("is still valid at 23:59 on the last day in Jardim", async () => {
    const result = await verifyToken(badgeVector.token, verifyOptions({ now: new Date(`${lastDay}T23:59:00-04:00`) }));
    expect(result.ok).toBe(true);
  });

  it("is expired at 00:00 the next day in Jardim, and says so with its claims", async () => {
    const result = await verifyToken(badgeVector.token, verifyOptions({ now: new Date("2026-03-01T00:00:00-04:00") }));
    expect(result).toMatchObject({ ok: false, reason: "expired", claims: { serial: "JAR-2025-000123" } });
  });

  it("is not yet valid the day before it starts", async () => {
    const result = await verifyToken(badgeVector.token, verifyOptions({ now: new Date("2025-02-28T12:00:00-04:00") }));
    expect(result).toMatchObject({ ok: false, reason: "not_yet_valid" });
  });

  it("honours a smaller maxLength before parsing", async () => {
    expect(await verifyToken(badgeVector.token, verifyOptions({ maxLength: 100 }))).toEqual({
      ok: false,
      reason: "too_long",
    });
  });
});

describe("claims carry nothing personal beyond name and plate", () => {
  it("refuses to sign extra members such as a CPF or a birth date", async () => {
    const signer = await createSignerFromJwk(testOnlyKeys.issuer);
    for (const extra of [{ cpf: "52998224725" }, { birthDate: "1990-01-01" }, { address: "Rua A, 1" }, { rg: "123" }]) {
      await expect(signCredential({ ...badgeVector.claims, ...extra } as never, signer)).rejects.toThrow();
    }
  });

  it("validates names, plates, serials and dates", () => {
    const base = badgeVector.claims;
    expect(credentialClaimsSchema.safeParse(base).success).toBe(true);
    for (const bad of [
      { holderName: "A".repeat(49) },
      { holderName: " Maria" },
      { holderName: "Maria 123" },
      { holderName: "Mar\u0000ia" },
      { plate: "ABC-1234" },
      { plate: "abc1d23" },
      { serial: "jar 1" },
      { issuer: "500500" },
      { validUntil: "2025-02-30" },
      { validFrom: "2026-03-01", validUntil: "2026-02-28" },
    ]) {
      expect(credentialClaimsSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("the signer only ever produces low-S signatures", async () => {
    const signer = await createSignerFromJwk(testOnlyKeys.issuer);
    for (let i = 0; i < 64; i++) {
      const token = await signCredential(badgeVector.claims, signer);
      expect(classifySignature(Buffer.from(token.split(".")[2], "base64url"))).toBe("canonical");
    }
  });
});
