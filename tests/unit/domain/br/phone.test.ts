import { describe, expect, it } from "vitest";
import { formatPhone, isValidPhone, normalizePhone } from "~/domain/br/phone";

describe("isValidPhone", () => {
  it("accepts a mobile number with DDD, however it is punctuated", () => {
    expect(isValidPhone("(37) 99999-1234")).toBe(true);
    expect(isValidPhone("37999991234")).toBe(true);
    expect(isValidPhone("37 9 9999.1234")).toBe(true);
  });

  it("accepts a landline number with DDD", () => {
    expect(isValidPhone("(37) 3221-1234")).toBe(true);
    expect(isValidPhone("3132211234")).toBe(true);
  });

  it("accepts the +55 / 0055 country code in front", () => {
    expect(isValidPhone("+55 (37) 99999-1234")).toBe(true);
    expect(isValidPhone("0055 37 3221 1234")).toBe(true);
  });

  it("accepts numbers from DDD 55 without mistaking it for the country code", () => {
    expect(isValidPhone("(55) 99999-1234")).toBe(true);
    expect(isValidPhone("(55) 3221-1234")).toBe(true);
  });

  it("rejects a DDD that is not in use", () => {
    expect(isValidPhone("(20) 99999-1234")).toBe(false);
    expect(isValidPhone("(10) 3221-1234")).toBe(false);
    expect(isValidPhone("(00) 99999-1234")).toBe(false);
  });

  it("rejects a 9-digit number that does not start with 9", () => {
    expect(isValidPhone("(37) 89999-1234")).toBe(false);
    expect(isValidPhone("(37) 79999-1234")).toBe(false);
  });

  it("rejects a mobile number written without its leading 9", () => {
    expect(isValidPhone("(37) 9999-1234")).toBe(false);
  });

  it("rejects a landline starting with 0 or 1", () => {
    expect(isValidPhone("(37) 1221-1234")).toBe(false);
    expect(isValidPhone("(37) 0221-1234")).toBe(false);
  });

  it("rejects a number without DDD or with too many digits", () => {
    expect(isValidPhone("99999-1234")).toBe(false);
    expect(isValidPhone("3221-1234")).toBe(false);
    expect(isValidPhone("(37) 99999-12345")).toBe(false);
    expect(isValidPhone("")).toBe(false);
  });

  it("rejects letters and other stray characters instead of stripping them", () => {
    expect(isValidPhone("(37) 99999-123a4")).toBe(false);
    expect(isValidPhone("tel: 37 99999-1234")).toBe(false);
  });
});

describe("normalizePhone", () => {
  it("keeps DDD and number as digits", () => {
    expect(normalizePhone("(37) 99999-1234")).toBe("37999991234");
  });

  it("drops the country code", () => {
    expect(normalizePhone("+55 (37) 99999-1234")).toBe("37999991234");
    expect(normalizePhone("0055 37 3221-1234")).toBe("3732211234");
  });

  it("keeps a leading 55 that is the DDD", () => {
    expect(normalizePhone("(55) 99999-1234")).toBe("55999991234");
    expect(normalizePhone("(55) 3221-1234")).toBe("5532211234");
  });
});

describe("formatPhone", () => {
  it("writes a mobile as (00) 00000-0000", () => {
    expect(formatPhone("37999991234")).toBe("(37) 99999-1234");
    expect(formatPhone("+55 37 99999 1234")).toBe("(37) 99999-1234");
  });

  it("writes a landline as (00) 0000-0000", () => {
    expect(formatPhone("3732211234")).toBe("(37) 3221-1234");
  });

  it("returns other lengths as bare digits", () => {
    expect(formatPhone("99999-1234")).toBe("999991234");
  });
});
