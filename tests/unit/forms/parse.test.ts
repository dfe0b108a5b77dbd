import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ErrorSummary } from "~/components/ui/error-summary";
import { formError, parseForm } from "~/utils/forms";

function form(entries: [string, string][]) {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

const schema = z.object({
  name: z.string().trim().min(3, "Informe o nome."),
  seats: z.coerce.number({ error: "Lugares: informe um número." }).int().max(20, "Lugares: máximo 20."),
  password: z.string().min(10, "Senha curta."),
  tags: z.array(z.enum(["A", "B"], { error: "Tipo inválido." })).optional(),
});

describe("parseForm: one way to read a form", () => {
  it("keys each invalid field's first message by the field's name", () => {
    const parsed = parseForm(
      schema,
      form([
        ["name", "x"],
        ["seats", "99"],
        ["password", "abc"],
      ]),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({ name: "Informe o nome.", seats: "Lugares: máximo 20.", password: "Senha curta." });
  });

  it("keeps every value as typed, leaving out the CSRF token and the secrets", () => {
    const parsed = parseForm(
      schema,
      form([
        ["csrf", "t0k3n"],
        ["name", "  Jo"],
        ["seats", "abc"],
        ["password", "hunter2"],
      ]),
      { secret: ["password"] },
    );
    expect(parsed.ok).toBe(false);
    expect(parsed.values).toEqual({ name: "  Jo", seats: "abc" });
  });

  it("reads a checkbox group as a list, and keeps the list on a refusal", () => {
    const bad = parseForm(
      schema,
      form([
        ["name", "Ana"],
        ["seats", "2"],
        ["password", "x"],
        ["tags", "A"],
        ["tags", "B"],
      ]),
      {
        lists: ["tags"],
      },
    );
    expect(bad.values.tags).toEqual(["A", "B"]);
    const good = parseForm(
      schema,
      form([
        ["name", "Ana"],
        ["seats", "2"],
        ["password", "1234567890"],
        ["tags", "B"],
      ]),
      {
        lists: ["tags"],
      },
    );
    expect(good).toMatchObject({ ok: true, data: { name: "Ana", seats: 2, tags: ["B"] } });
  });

  it("files a whole-form refinement under _form", () => {
    const pair = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, "Os campos não conferem.");
    const parsed = parseForm(
      pair,
      form([
        ["a", "1"],
        ["b", "2"],
      ]),
    );
    expect(parsed.ok || parsed.errors).toEqual({ _form: "Os campos não conferem." });
  });

  it("builds a form-level refusal in the same shape, values kept", () => {
    expect(formError("Muitas tentativas.", { login: "ana@x.br" })).toEqual({
      errors: {},
      values: { login: "ana@x.br" },
      error: "Muitas tentativas.",
    });
  });
});

describe("<ErrorSummary>", () => {
  it("lists one link per invalid field, to that field's input, in an alert that can take focus", () => {
    const html = renderToStaticMarkup(
      createElement(ErrorSummary, { errors: { name: "Informe o nome.", seats: undefined, cpf: "CPF inválido." } }),
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('<a href="#campo-name">Informe o nome.</a>');
    expect(html).toContain('<a href="#campo-cpf">CPF inválido.</a>');
    expect(html).not.toContain("campo-seats");
  });

  it("shows the form-level message as its title, and renders nothing when the form was not refused", () => {
    expect(renderToStaticMarkup(createElement(ErrorSummary, { error: "Conflito.", errors: {} }))).toContain(
      "Conflito.",
    );
    expect(renderToStaticMarkup(createElement(ErrorSummary, { errors: {} }))).toBe("");
  });
});
