// The values of a draft's rules as fields (issue #30's editor): read with what each number means,
// its citation and the law's words; written back only when every typed value is a whole number in
// range, each wrong one named; everything else in the text kept as it was.
import { describe, expect, it } from "vitest";
import { documentOfPack } from "~/domain/rule-packs";
import { ruleValueFields, withRuleValues } from "~/domain/rule-packs/rule-values";
import { getPack } from "~/domain/rule-packs/shipped";

const lavras = documentOfPack(getPack("lavras-mg")!, "/schemas/rule-pack.json");

describe("a draft's rule values", () => {
  it("are read as fields that say what they mean, with the rule's citation and the law's words", () => {
    const fields = ruleValueFields(lavras)!;
    const age = fields.find((f) => f.name === "vehicleRules.vehicle_age.years")!;
    expect(age).toMatchObject({
      label: "Idade máxima do veículo",
      unit: "anos",
      value: 8,
      citation: "Lei 4.544/2019, art. 10, I",
    });
    expect(age.quote).toMatch(/8 \(oito\) anos/);
    expect(fields.find((f) => f.name === "vehicleRules.vehicle_min_doors.doors")?.value).toBe(4);
    expect(ruleValueFields("{ quebrado")).toBeNull();
  });

  it("include a company's minimum capital, and write it", () => {
    const jardim = documentOfPack(getPack("jardim-ms")!, "/schemas/rule-pack.json");
    const capital = ruleValueFields(jardim)!.find((f) => f.name === "operatorRules.operator_min_assets.brl")!;
    expect(capital).toMatchObject({ label: "Capital mínimo da empresa", unit: "reais", value: 10000 });
    const written = withRuleValues(jardim, { "operatorRules.operator_min_assets.brl": "20000" });
    const after = JSON.parse((written as { text: string }).text);
    expect(after.operatorRules[0].brl).toBe(20000);
    expect(withRuleValues(jardim, { "operatorRules.operator_min_assets.brl": "0" })).toMatchObject({ ok: false });
  });

  it("include the parameters the law leaves to the town: set, changed, or left blank (not set yet)", () => {
    const field = ruleValueFields(lavras)!.find((f) => f.list === "parameters")!;
    expect(field).toMatchObject({ blank: true, integer: true });
    expect(field.name).toMatch(/^parameters\.[a-zA-Z]+\.value$/);
    const key = field.ruleId;
    const changed = withRuleValues(lavras, { [field.name]: String((field.value ?? 0) + 1) });
    expect(JSON.parse((changed as { text: string }).text).parameters[key].value).toBe((field.value ?? 0) + 1);
    const blank = withRuleValues(lavras, { [field.name]: " " });
    expect(JSON.parse((blank as { text: string }).text).parameters[key].value).toBeNull();
    expect(withRuleValues(lavras, { [field.name]: "1,5" })).toEqual({
      ok: false,
      errors: { [field.name]: `${field.label}: informe um número inteiro de ${field.unit}.` },
    });
    // In reais, with decimals as typed in Brazil.
    const itauna = documentOfPack(getPack("itauna-mg")!, "/schemas/rule-pack.json");
    const money = ruleValueFields(itauna)!.find((f) => f.list === "parameters" && f.unit === "reais")!;
    expect(money.integer).toBe(false);
    const written = withRuleValues(itauna, { [money.name]: "1.250,50" });
    expect(JSON.parse((written as { text: string }).text).parameters[money.ruleId].value).toBe(1250.5);
  });

  it("write the typed values back, and nothing else changes", () => {
    const written = withRuleValues(lavras, {
      "vehicleRules.vehicle_age.years": " 6 ",
      "vehicleRules.vehicle_min_doors.doors": "4",
    });
    expect(written).toMatchObject({ ok: true, changed: 1 });
    const before = JSON.parse(lavras);
    const after = JSON.parse((written as { text: string }).text);
    expect(after.vehicleRules.find((r: { id: string }) => r.id === "vehicle_age").years).toBe(6);
    before.vehicleRules.find((r: { id: string }) => r.id === "vehicle_age").years = 6;
    expect(after).toEqual(before);
  });

  it("name every wrong value at once and write none", () => {
    const written = withRuleValues(lavras, {
      "vehicleRules.vehicle_age.years": "oito",
      "vehicleRules.vehicle_min_doors.doors": "9",
      "vehicleRules.vehicle_max_passengers.seats": "",
    });
    expect(written).toEqual({
      ok: false,
      errors: {
        "vehicleRules.vehicle_age.years": "Idade máxima do veículo: informe um número inteiro de anos.",
        "vehicleRules.vehicle_min_doors.doors": "Número mínimo de portas: use de 2 a 6 portas.",
        "vehicleRules.vehicle_max_passengers.seats": "Lotação máxima: informe um número inteiro de passageiros.",
      },
    });
    expect(withRuleValues("[]", {})).toMatchObject({ ok: false, errors: { _form: expect.stringContaining("JSON") } });
  });
});
