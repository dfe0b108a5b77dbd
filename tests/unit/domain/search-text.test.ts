// The staff search box reads what was typed before any query (ADR 063): each kind goes to one
// indexed column, so a wrong reading would search the wrong column and find nothing.
import { describe, expect, it } from "vitest";
import { printedPlateStarts } from "~/domain/br";
import { readSearchText } from "~/domain/search-text";

describe("readSearchText", () => {
  it.each([
    ["529.982.247-25", { kind: "cpf", cpf: "52998224725" }],
    ["52998224725", { kind: "cpf", cpf: "52998224725" }],
    // Eleven digits that are no CPF, and parts of one: matched inside CPFs and numbers.
    ["52998224724", { kind: "digits", digits: "52998224724" }],
    ["529.982", { kind: "digits", digits: "529982" }],
    ["000123", { kind: "digits", digits: "000123" }],
    ["ptc-mt-2026-000002", { kind: "serial", serial: "PTC-MT-2026-000002" }],
    ["PTC MT 2026 000002 K7QX", { kind: "serial", serial: "PTC-MT-2026-000002" }],
    ["SPO-MB-2026-123456", { kind: "serial", serial: "SPO-MB-2026-123456" }],
    ["req-ptc-2026-000012", { kind: "number", number: "REQ-PTC-2026-000012" }],
    ["REQ PTC 2026 000012", { kind: "number", number: "REQ-PTC-2026-000012" }],
    ["ptc-9b87", { kind: "plate", plate: "PTC9B87" }],
    ["ABC-1234", { kind: "plate", plate: "ABC1234" }],
    ["PTC1J", { kind: "plate", plate: "PTC1J" }],
    ["abc1", { kind: "plate", plate: "ABC1" }],
    ["PTC-MT-2026", { kind: "code", code: "PTC-MT-2026" }],
    ["REQ-PTC-2026-0000", { kind: "code", code: "REQ-PTC-2026-0000" }],
    ["Joana Darc", { kind: "name", name: "Joana Darc" }],
    ["  joana   darc ", { kind: "name", name: "joana darc" }],
    ["Pessoa 1", { kind: "name", name: "Pessoa 1" }],
    ["ab", { kind: "name", name: "ab" }],
    ["12", { kind: "name", name: "12" }],
  ])("%j is read as %j", (typed, read) => {
    expect(readSearchText(typed)).toEqual(read);
  });

  it("has nothing to search in blanks, and reads at most 80 characters", () => {
    expect(readSearchText("   ")).toBeNull();
    expect(readSearchText("")).toBeNull();
    expect(readSearchText("a".repeat(200))).toEqual({ kind: "name", name: "a".repeat(80) });
  });
});

describe("printedPlateStarts", () => {
  it.each([
    ["ABC1", ["ABC1", "ABC-1"]],
    ["ABC12", ["ABC-12"]],
    ["abc-1234", ["ABC-1234"]],
    ["ABC1D", ["ABC1D"]],
    ["ABC1D23", ["ABC1D23"]],
  ])("a plate beginning %s is printed beginning %j", (start, printed) => {
    expect(printedPlateStarts(start)).toEqual(printed);
  });
});
