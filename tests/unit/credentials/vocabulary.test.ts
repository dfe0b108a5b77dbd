import { describe, expect, it } from "vitest";
import { CATEGORIES as TOKEN_CATEGORIES, CREDENTIAL_TYPES as TOKEN_TYPES } from "~/credentials/claims";
import { CATEGORIES, CREDENTIAL_TYPES } from "~/domain/rule-packs";

describe("credential vocabulary", () => {
  it("is the same in the token and in the rule packs", () => {
    expect([...TOKEN_TYPES].sort()).toEqual([...CREDENTIAL_TYPES].sort());
    expect([...TOKEN_CATEGORIES].sort()).toEqual([...CATEGORIES].sort());
  });
});
