import { describe, expect, it } from "vitest";
import { formatPlate, isValidPlate, normalizePlate, plateFormat } from "~/domain/br/plate";

describe("isValidPlate", () => {
  it("accepts old-format plates in any case, with a hyphen or a space", () => {
    expect(isValidPlate("ABC1234")).toBe(true);
    expect(isValidPlate("abc-1234")).toBe(true);
    expect(isValidPlate("ABC 1234")).toBe(true);
  });

  it("accepts Mercosul plates in any case", () => {
    expect(isValidPlate("ABC1D23")).toBe(true);
    expect(isValidPlate("abc1d23")).toBe(true);
    expect(isValidPlate(" BRA2E19 ")).toBe(true);
  });

  it("rejects a letter in any position but the fifth", () => {
    expect(isValidPlate("ABC12D3")).toBe(false);
    expect(isValidPlate("ABCD123")).toBe(false);
  });

  it("rejects a digit among the first three characters", () => {
    expect(isValidPlate("AB12345")).toBe(false);
    expect(isValidPlate("1BC1234")).toBe(false);
  });

  it("rejects too few or too many characters", () => {
    expect(isValidPlate("ABC123")).toBe(false);
    expect(isValidPlate("ABC12345")).toBe(false);
    expect(isValidPlate("")).toBe(false);
  });

  it("rejects punctuation other than a hyphen or spaces", () => {
    expect(isValidPlate("ABC.1234")).toBe(false);
    expect(isValidPlate("ABC_1D23")).toBe(false);
  });
});

describe("plateFormat", () => {
  it("tells the old format from the Mercosul one", () => {
    expect(plateFormat("abc-1234")).toBe("ANTIGA");
    expect(plateFormat("abc1d23")).toBe("MERCOSUL");
  });

  it("returns null for something that is neither", () => {
    expect(plateFormat("ABC12D3")).toBeNull();
  });
});

describe("normalizePlate", () => {
  it("upper-cases and drops hyphens and spaces", () => {
    expect(normalizePlate(" abc-1234 ")).toBe("ABC1234");
    expect(normalizePlate("bra 2e19")).toBe("BRA2E19");
  });
});

describe("formatPlate", () => {
  it("writes an old-format plate with a hyphen", () => {
    expect(formatPlate("abc1234")).toBe("ABC-1234");
    expect(formatPlate("ABC 1234")).toBe("ABC-1234");
  });

  it("writes a Mercosul plate without a separator", () => {
    expect(formatPlate("abc-1d23")).toBe("ABC1D23");
  });

  it("returns an invalid plate normalised, without inventing a hyphen", () => {
    expect(formatPlate("abc12d3")).toBe("ABC12D3");
  });
});
