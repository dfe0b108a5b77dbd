import { describe, expect, it } from "vitest";
import { cpfConfirmedAt, govbrIdentityFromClaims } from "~/domain/auth/govbr-identity";
import { assertTrustLevel, meetsTrustLevel, trustLevelFromClaims, TrustLevelRequired } from "~/domain/auth/trust-level";
import { cpfWithCheckDigits } from "~/domain/br/cpf";

describe("gov.br reliability level from the ID token's claims", () => {
  it("reads reliability_info.level in gov.br's English and in Portuguese", () => {
    expect(trustLevelFromClaims({ reliability_info: { level: "gold" } })).toBe("ouro");
    expect(trustLevelFromClaims({ reliability_info: { level: "silver" } })).toBe("prata");
    expect(trustLevelFromClaims({ reliability_info: { level: "bronze" } })).toBe("bronze");
    expect(trustLevelFromClaims({ reliability_info: { level: "Prata" } })).toBe("prata");
  });

  it("falls back to the amr methods, taking the highest one proved", () => {
    expect(trustLevelFromClaims({ amr: ["passwd"] })).toBe("bronze");
    expect(trustLevelFromClaims({ amr: ["passwd", "bank"] })).toBe("prata");
    expect(trustLevelFromClaims({ amr: ["app", "x509"] })).toBe("ouro");
  });

  it("never raises a level from an unknown or malformed claim", () => {
    expect(trustLevelFromClaims({})).toBe("bronze");
    expect(trustLevelFromClaims({ reliability_info: { level: "platinum" }, amr: ["otp"] })).toBe("bronze");
    expect(trustLevelFromClaims({ reliability_info: "gold", amr: "x509" })).toBe("bronze");
    expect(trustLevelFromClaims({ acr: "ouro" })).toBe("bronze");
  });

  it("orders the levels: a minimum is met by it or a higher one; a password sign-in meets none", () => {
    expect(meetsTrustLevel("prata", "prata")).toBe(true);
    expect(meetsTrustLevel("ouro", "prata")).toBe(true);
    expect(meetsTrustLevel("bronze", "prata")).toBe(false);
    expect(meetsTrustLevel(null, "bronze")).toBe(false);
    expect(meetsTrustLevel(null, null)).toBe(true);
  });

  it("refuses an action below the municipality's minimum with a typed refusal naming the level", () => {
    const policy = { govbrDriverLevel: null, govbrStaffLevel: "prata" };
    expect(() => assertTrustLevel(policy, "driver", null)).not.toThrow();
    expect(() => assertTrustLevel(policy, "staff", "prata")).not.toThrow();
    try {
      assertTrustLevel(policy, "staff", "bronze");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(TrustLevelRequired);
      expect((e as TrustLevelRequired).required).toBe("prata");
      expect((e as TrustLevelRequired).kind).toBe("forbidden");
      expect((e as Error).message).toContain("nível prata");
    }
  });
});

describe("gov.br identity", () => {
  const cpf = cpfWithCheckDigits("123456789");

  it("takes the CPF from sub, the name and e-mail from the standard claims", () => {
    expect(
      govbrIdentityFromClaims({
        sub: cpf,
        name: " Maria Souza ",
        email: "Maria@Exemplo.com.br",
        email_verified: true,
        reliability_info: { level: "silver" },
      }),
    ).toEqual({ cpf, name: "Maria Souza", email: "maria@exemplo.com.br", emailVerified: true, level: "prata" });
  });

  it("refuses a subject that is not a valid CPF", () => {
    expect(govbrIdentityFromClaims({ sub: "12345678900" })).toBeNull();
    expect(govbrIdentityFromClaims({ sub: "d3b07384-d9a0-4c9b-8f2d-1a2b3c4d5e6f" })).toBeNull();
    expect(govbrIdentityFromClaims({ sub: 12345678909 })).toBeNull();
  });

  it("treats an e-mail as unverified unless the provider says true, and drops a malformed one", () => {
    expect(govbrIdentityFromClaims({ sub: cpf, email: "a@b.co", email_verified: "true" })?.emailVerified).toBe(false);
    expect(govbrIdentityFromClaims({ sub: cpf, email: "não é e-mail" })?.email).toBeNull();
  });
});

describe("the CPF confirmed by gov.br on staff screens", () => {
  it("is the account's confirmation, only for the account's own CPF", () => {
    const at = new Date("2026-12-01T12:00:00Z");
    expect(cpfConfirmedAt("52998224725", { cpf: "52998224725", cpfConfirmedAt: at })).toBe(at);
    expect(cpfConfirmedAt("52998224725", { cpf: "52998224725", cpfConfirmedAt: null })).toBeNull();
    // A record whose CPF differs from its account's is not marked by that account's confirmation.
    expect(cpfConfirmedAt("11144477735", { cpf: "52998224725", cpfConfirmedAt: at })).toBeNull();
    expect(cpfConfirmedAt("52998224725", null)).toBeNull();
  });
});
