import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { conflict, forbidden, invalid, notFound, Refusal } from "~/domain/refusal";
import { refusalResponse, refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";

const request = new Request("http://localhost/m/lavras/fila?pagina=2");
const failWith = (e: unknown) => async (_: { request: Request }) => {
  throw e;
};

describe("a Refusal as an HTTP answer", () => {
  it("maps each kind to its status, with the message as the body", async () => {
    const cases: [Refusal, number][] = [
      [invalid("Data inválida."), 400],
      [forbidden(), 403],
      [notFound("Requerimento não encontrado."), 404],
      [conflict("Este convite já foi respondido."), 409],
      [new Refusal("too-large", "Arquivo grande demais."), 413],
      [new Refusal("too-many", "Muitas tentativas."), 429],
    ];
    for (const [refusal, status] of cases) {
      const response = refusalResponse(refusal, request);
      expect(response.status).toBe(status);
      expect(await response.text()).toBe(refusal.message);
    }
  });

  it("sends someone without a session to the sign-in page, back to where they were", () => {
    const response = refusalResponse(new Refusal("unauthenticated", "Entre para continuar."), request);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/entrar?voltar=%2Fm%2Flavras%2Ffila%3Fpagina%3D2");
  });

  it("throws a loader's refusal as its Response, and lets other errors through", async () => {
    const thrown = await withRefusals(failWith(notFound("Auto não encontrado.")))({ request }).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    const bug = new Error("bug");
    await expect(withRefusals(failWith(bug))({ request })).rejects.toBe(bug);
  });

  it("gives a form its invalid or conflict refusal in place, and throws the others", async () => {
    const shown = await withFormRefusals(failWith(conflict("Já revogada.")))({ request });
    expect(shown).toMatchObject({ data: { error: "Já revogada.", field: null }, init: { status: 409 } });
    const withField = refusedForm(invalid("Escreva o motivo.", "note"), { intent: "reject" });
    expect(withField).toMatchObject({
      data: { intent: "reject", error: null, field: "note", errors: { note: "Escreva o motivo." } },
      init: { status: 400 },
    });
    const thrown = await withFormRefusals(failWith(forbidden()))({ request }).catch((e) => e);
    expect((thrown as Response).status).toBe(403);
  });
});

describe("a refusal that names a field, on the page", () => {
  it("comes back as that field's error, beside the field and linked from the summary", async () => {
    const answer = await withFormRefusals(failWith(invalid("Este e-mail pertence à conta de outra pessoa.", "email")))({
      request,
    });
    const { data } = answer as unknown as { data: { error: string | null; errors: Record<string, string> } };
    expect(data.errors).toEqual({ email: "Este e-mail pertence à conta de outra pessoa." });
    const html = renderToStaticMarkup(
      createElement(
        Fragment,
        null,
        createElement(ErrorSummary, { errors: data.errors, error: data.error }),
        createElement(Field, { label: "E-mail", name: "email", error: data.errors.email }),
      ),
    );
    expect(html).toContain('<a href="#campo-email">Este e-mail pertence à conta de outra pessoa.</a>');
    expect(html).toMatch(
      /<input id="campo-email" name="email" aria-invalid="true" aria-describedby="campo-email-erro"\/>/,
    );
    expect(html).toMatch(
      /<p class="erro-campo[^"]*" id="campo-email-erro">Este e-mail pertence à conta de outra pessoa.<\/p>/,
    );
  });

  it("keeps the field errors the page already had beside the refusal's", () => {
    const answer = refusedForm(conflict("CPF já cadastrado.", "cpf"), { errors: { nome: "Informe o nome." } });
    expect(answer).toMatchObject({
      data: { errors: { nome: "Informe o nome.", cpf: "CPF já cadastrado." }, field: "cpf", error: null },
      init: { status: 409 },
    });
  });
});
