// Issue #13 item 2: after sign-in the portal follows `voltar` only to one of its own paths.
// `/entrar?voltar=%2F%09%2Fevil.example` answered `Location: /\t/evil.example`, which a
// browser (stripping the tab) opens as //evil.example.
import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/http/auth.server";
import { action } from "~/routes/entrar/route";
import { createUser } from "../support/factories";

const LEAVING = [
  "//evil.example",
  "///evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\\evil.example",
  "/\\\\evil.example",
  "\\\\evil.example",
  "/%2F%2Fevil.example",
  "/%09/evil.example",
  "/%0d%0a/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "/%00/painel",
  "/ /evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "evil.example",
  " /painel",
  "\u0000/painel",
  "/\u2028/evil.example",
  "/%zz",
  "",
];

const STAYING: Array<[string, string]> = [
  ["/painel", "/painel"],
  ["/requerimentos/abc123/documentos", "/requerimentos/abc123/documentos"],
  ["/m/itauna/fila?status=IN_REVIEW&pagina=2", "/m/itauna/fila?status=IN_REVIEW&pagina=2"],
  ["/credenciais#cracha", "/credenciais#cracha"],
  ["/a/../fiscal", "/fiscal"],
];

describe("the redirect after sign-in", () => {
  it.each(LEAVING)("refuses %j and goes to the panel", (to) => {
    expect(safeRedirect(to)).toBe("/painel");
  });

  it.each(STAYING)("follows the portal's own path %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirect(null)).toBe("/painel");
    expect(safeRedirect(undefined, "/fiscal")).toBe("/fiscal");
  });

  it("never answers the sign-in form with a Location that leaves the portal", async () => {
    const password = "uma-senha-bem-comprida-para-teste";
    const user = await createUser({ password });
    const body = new URLSearchParams({
      csrf: "token-csrf-de-teste-123",
      login: user.email,
      password,
      voltar: "/\t/evil.example",
    });
    const request = new Request("http://localhost:3000/entrar", {
      method: "POST",
      body,
      headers: {
        Cookie: "csrf=token-csrf-de-teste-123",
        Origin: "http://localhost:3000",
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    const response = (await action({
      request,
      params: {},
      context: { clientIp: "10.77.0.1", requestId: "teste" },
    })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/painel");
  });
});
