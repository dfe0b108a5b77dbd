import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Field } from "~/components/ui/field";
import { zCpf } from "~/domain/br";
import { zSignUp } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { zMember, zVehicle } from "~/forms/operator";

describe("constraintsOf: a schema's limits as HTML attributes", () => {
  const schema = z.object({
    name: z.string().trim().min(3, "curto").max(120, "longo"),
    nickname: z.string().max(40).optional(),
    blankIsNothing: z.preprocess((v) => (v === "" ? undefined : v), z.string().max(20).optional()),
    code: z.string().regex(/^[A-Z]{2}\d{3}$/, "código"),
    ibge: z.string().regex(/^\d{7}$/, "sete dígitos"),
    email: z.string().email().max(160),
    seats: z.coerce.number().int().min(0).max(20),
    amount: z.coerce.number().nonnegative(),
    answer: z.preprocess((v) => v === "sim", z.boolean()),
    cpf: zCpf,
  });
  const c = constraintsOf(schema);

  it("marks a field required unless it is optional or emptied to undefined", () => {
    expect(c.name.required).toBe(true);
    expect(c.cpf.required).toBe(true);
    expect(c.nickname.required).toBeUndefined();
    expect(c.blankIsNothing.required).toBeUndefined();
  });

  it("takes minLength and maxLength from the string's checks, through optional and preprocess", () => {
    expect(c.name).toMatchObject({ minLength: 3, maxLength: 120 });
    expect(c.nickname.maxLength).toBe(40);
    expect(c.blankIsNothing.maxLength).toBe(20);
  });

  it("turns a plain regex into a pattern, but leaves a format (e-mail) to the input's type", () => {
    expect(c.code.pattern).toBe("^[A-Z]{2}\\d{3}$");
    expect(new RegExp(c.code.pattern!, "v").test("AB123")).toBe(true);
    expect(c.email.pattern).toBeUndefined();
    expect(c.email).toMatchObject({ maxLength: 160, inputMode: "email" });
  });

  it("caps a choice typed as text at its longest option", () => {
    expect(constraintsOf(z.object({ uf: z.enum(["MG", "MS"]) })).uf).toEqual({ required: true, maxLength: 2 });
  });

  it("gives numbers their bounds and keyboard: integers numeric, amounts decimal", () => {
    expect(c.seats).toMatchObject({ min: 0, max: 20, inputMode: "numeric" });
    expect(c.amount).toMatchObject({ min: 0, inputMode: "decimal" });
  });

  it("asks for the numeric keyboard for CPF, whose checks are refinements, and for a digits-only pattern", () => {
    expect(c.cpf.inputMode).toBe("numeric");
    expect(c.ibge).toEqual({ required: true, pattern: "^\\d{7}$", inputMode: "numeric" });
    expect(c.code.inputMode).toBeUndefined();
  });

  it("never requires a yes/no that always parses to a boolean", () => {
    expect(c.answer.required).toBeUndefined();
  });

  it("reads the real forms: the sign-up name and e-mail limits equal the schema's", () => {
    const signUp = constraintsOf(zSignUp);
    expect(signUp.name).toEqual({ required: true, minLength: 5, maxLength: 120 });
    expect(signUp.email).toEqual({ required: true, maxLength: 200, inputMode: "email" });
    expect(constraintsOf(zMember).cpf).toEqual({ required: true, inputMode: "numeric" });
    expect(constraintsOf(zVehicle).manufactureYear).toEqual({ min: 1950, max: 2100, inputMode: "numeric" });
    expect(constraintsOf(zVehicle).make).toEqual({ maxLength: 40 });
  });

  it("reaches the rendered input through <Field constraint>, explicit props winning", () => {
    const html = renderToStaticMarkup(
      createElement(Field, { label: "Nome", name: "name", constraint: c.name, minLength: 4 }),
    );
    expect(html).toContain('required=""');
    expect(html).toContain('maxLength="120"');
    expect(html).toContain('minLength="4"');
    expect(html).toContain('id="campo-name"');
  });
});
