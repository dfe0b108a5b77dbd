import { describe, expect, it } from "vitest";
import { ofThe, ruleText } from "~/components/back-office/pack-text";
import { lavrasMg } from "~/domain/rule-packs/shipped";

describe("the rules in Portuguese", () => {
  it("contracts 'de' with an article and keeps it before a word without one", () => {
    expect(ofThe("o próprio titular")).toBe("do próprio titular");
    expect(ofThe("a operadora")).toBe("da operadora");
    expect(ofThe("outra pessoa")).toBe("de outra pessoa");
  });

  it("says whose name the vehicle may be in, as Lavras' law reads (art. 10, § 5º)", () => {
    const rule = lavrasMg.vehicleRules.find((r) => r.kind === "OWNERSHIP");
    expect(rule).toBeDefined();
    expect(ruleText(rule!)).toBe(
      "Veículo em nome do próprio titular ou de outra pessoa; locado, da operadora ou de outra empresa.",
    );
  });
});
