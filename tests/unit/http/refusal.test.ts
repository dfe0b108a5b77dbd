import { describe, expect, it } from "vitest";
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
      data: { intent: "reject", error: "Escreva o motivo.", field: "note" },
      init: { status: 400 },
    });
    const thrown = await withFormRefusals(failWith(forbidden()))({ request }).catch((e) => e);
    expect((thrown as Response).status).toBe(403);
  });
});
