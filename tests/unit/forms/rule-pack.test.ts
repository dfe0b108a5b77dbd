import { describe, expect, it } from "vitest";
import { constraintsOf } from "~/forms/constraints";
import { ruleParameterFields, ruleParameters } from "~/forms/rule-pack";
import { parseForm } from "~/utils/forms";

const PARAMETERS = [
  { key: "PRAZO", unit: "DAYS", editable: true, value: 30 },
  { key: "MULTA", unit: "BRL", editable: true, value: null },
  { key: "FIXO", unit: "MONTHS", editable: false, value: 12 },
];

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("the rule pack's parameter form, built from the pack's fields", () => {
  const schema = ruleParameters(PARAMETERS);

  it("parses to the changed values only, reading a comma as the decimal mark and blank as no value", () => {
    const parsed = parseForm(schema, form({ "p:PRAZO": " 30 ", "p:MULTA": "12,5", note: "Decreto 10/2026" }));
    expect(parsed).toMatchObject({ ok: true, data: { changed: { MULTA: 12.5 }, note: "Decreto 10/2026" } });
    const cleared = parseForm(schema, form({ "p:PRAZO": "", "p:MULTA": "", note: "Sem prazo" }));
    expect(cleared).toMatchObject({ ok: true, data: { changed: { PRAZO: null } } });
  });

  it("refuses each bad field by its form name, and keeps what was typed", () => {
    const parsed = parseForm(schema, form({ "p:PRAZO": "2,5", "p:MULTA": "-1", note: "  " }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      "p:PRAZO": "Informe um número inteiro de dias.",
      "p:MULTA": "Informe um número maior ou igual a zero, ou deixe em branco.",
      note: "Explique a mudança (ex.: decreto nº, reajuste do salário mínimo).",
    });
    expect(parsed.values["p:PRAZO"]).toBe("2,5");
  });

  it("ignores a parameter the law fixes, and refuses a publication that changes nothing", () => {
    const parsed = parseForm(schema, form({ "p:PRAZO": "30", "p:FIXO": "1", note: "Nada" }));
    expect(parsed).toMatchObject({
      ok: false,
      errors: { _form: "Nenhum valor mudou: não há versão nova a publicar." },
    });
  });

  it("reads a switch as 0 or 1 and refuses anything else by its form name", () => {
    const withSwitch = ruleParameters([...PARAMETERS, { key: "PEDIR", unit: "SWITCH", editable: true, value: 0 }]);
    expect(parseForm(withSwitch, form({ "p:PRAZO": "30", "p:PEDIR": "1", note: "Decreto 7/2026" }))).toMatchObject({
      ok: true,
      data: { changed: { PEDIR: 1 } },
    });
    expect(parseForm(withSwitch, form({ "p:PRAZO": "30", "p:PEDIR": "2", note: "x" }))).toMatchObject({
      ok: false,
      errors: { "p:PEDIR": "Escolha sim ou não." },
    });
  });

  it("gives the page its limits: the note is required and capped", () => {
    expect(constraintsOf(ruleParameterFields(PARAMETERS)).note).toEqual({ required: true, maxLength: 500 });
  });
});
