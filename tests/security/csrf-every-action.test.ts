// Every route that accepts a POST checks the CSRF token. The routes are enumerated from the
// files, so a new action that forgets the check fails here (issue #13's suite). The check is
// `readForm` (urlencoded forms) or `assertCsrf`, directly or through the one upload path whose
// models call it; the few routes without a cookie session to protect are listed with a reason.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readForm } from "~/http/csrf.server";
import { routeIds, routeText } from "../support/route-modules";

const ROOT = path.resolve(__dirname, "../..");
const source = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

// HTTP-layer functions that read the body and check its CSRF field themselves: the upload
// path (multipart) and the driver's wizard steps (one save action for the question steps).
const CHECKING_MODELS: Record<string, string> = {
  receiveDocument: "app/http/document-upload.server.ts",
  receiveInfractionPhoto: "app/http/infraction-photo.server.ts",
  saveStep: "app/http/driver-wizard.server.ts",
};

// Routes whose action has no cookie-authenticated user to act for, each with the reason.
const WITHOUT_TOKEN: Record<string, string> = {
  "api.v1.eligibility": "public JSON API for other systems: anonymous, no cookie, changes nothing",
  "api.v1.operators.me.drivers.$cpf.status":
    "operator API authenticated by key, not cookie; the action only answers 405",
  "entrar_.govbr.encerrar":
    "gov.br's back-channel logout (ADR 044): POSTed server to server by the provider, no cookie; authenticated by the logout token's signature with the provider's keys, a replayed token refused",
  "v.relato":
    "anonymous passenger report with no session to ride on; refuses other sites by Origin (fromThisSite) and is rate limited",
};

const actionRoutes = routeIds().filter((id) =>
  /export\s+(async\s+)?function\s+action\b|export\s+(const|let)\s+action\b|export\s*\{[^}]*\baction\b/.test(
    routeText(id),
  ),
);

function checksCsrf(id: string): boolean {
  const text = routeText(id);
  const fromCsrfModule = /from\s+"~\/http\/csrf\.server"/.test(text) && /\b(readForm|assertCsrf)\(/.test(text);
  const throughModel = Object.keys(CHECKING_MODELS).some((fn) => new RegExp(`\\b${fn}(<[^()]*>)?\\(`).test(text));
  return fromCsrfModule || throughModel;
}

describe("CSRF on every action", () => {
  it("finds the routes with an action (the enumeration itself works)", () => {
    expect(actionRoutes.length).toBeGreaterThan(30);
    expect(actionRoutes).toContain("entrar");
    expect(actionRoutes).toContain("requerimentos.$id.documentos.enviar");
  });

  it.each(actionRoutes.filter((f) => !(f in WITHOUT_TOKEN)))("%s checks the CSRF token", (file) => {
    expect(
      checksCsrf(file),
      `${file}: the action must read its form with readForm (or assertCsrf), or be listed with a reason`,
    ).toBe(true);
  });

  it.each(Object.entries(CHECKING_MODELS))(
    "%s (the upload path, the wizard steps) checks the token itself",
    (fn, file) => {
      const text = source(file);
      expect(text).toMatch(new RegExp(`export\\s+async\\s+function\\s+${fn}\\b`));
      expect(text).toMatch(/\b(assertCsrf|readForm)\(/);
      if (/\breadForm\(/.test(text)) expect(text).toMatch(/from\s+"~\/http\/csrf\.server"/);
    },
  );

  it("lists no exception for a route that is gone or has no action", () => {
    for (const file of Object.keys(WITHOUT_TOKEN)) expect(actionRoutes).toContain(file);
  });

  it("keeps the passenger report's own guard against other sites", () => {
    expect(routeText("v.relato")).toMatch(/if\s*\(!fromThisSite\(request\)\)/);
  });

  it("refuses a form without the token, with the wrong token, or from another site", async () => {
    const post = (headers: Record<string, string>, body: Record<string, string>) =>
      readForm(
        new Request("http://localhost:3000/entrar", {
          method: "POST",
          body: new URLSearchParams(body),
          headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        }),
      );
    const token = "token-csrf-de-teste-123";
    await expect(post({ Cookie: `csrf=${token}` }, { login: "x" })).rejects.toMatchObject({ status: 403 });
    await expect(post({ Cookie: `csrf=${token}` }, { csrf: "outro-token-qualquer-456" })).rejects.toMatchObject({
      status: 403,
    });
    await expect(post({}, { csrf: token })).rejects.toMatchObject({ status: 403 });
    await expect(
      post({ Cookie: `csrf=${token}`, Origin: "https://evil.example" }, { csrf: token }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      post({ Cookie: `csrf=${token}`, "Sec-Fetch-Site": "cross-site" }, { csrf: token }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      post({ Cookie: `csrf=${token}`, Origin: "http://localhost:3000" }, { csrf: token }),
    ).resolves.toBeInstanceOf(FormData);
  });
});
