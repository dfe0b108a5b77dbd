// The QR page's string template (app/api/verdict-html.ts, publicPageHtml) against what React
// renders for the same verdict (VerdictView inside PublicPage, through htmlResponse — what the
// Remix route rendered before ADR 034): byte for byte, for every verdict kind and every branch.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { escapeHtml, verdictHtml, type VerdictHtmlProps } from "~/api/verdict-html";
import { publicPageHtml } from "~/api/verify-page.server";
import { PublicPage } from "~/components/public/public-page";
import { VerdictView } from "~/components/public/verdict-view";
import { htmlResponse } from "~/http/answers.server";
import type { VerdictBody } from "~/models/verification.server";

const credential = (over: Partial<NonNullable<VerdictBody["credential"]>> = {}) => ({
  serial: "ITA-MB-2026-000001",
  type: "CRACHA",
  municipality: { ibge: "3133808", name: "Itaúna", uf: "MG" },
  category: "MOTOBOY",
  holderName: "Maria Aparecida Souza",
  plate: "HAB1C23",
  operator: null,
  validFrom: "2026-01-01",
  validUntil: "2027-12-31",
  ...over,
});
const checkedAt = "2026-12-01T15:04:05.000Z";

const cases: Array<[string, VerdictHtmlProps]> = [
  [
    "VÁLIDO with photo",
    {
      body: { verdict: "VALID", checkedAt, credential: credential({ photoUrl: "/v/foto/abc?e=1&s=x_y" }) },
      serialForReport: "ITA-MB-2026-000001",
      scanned: true,
      code: "ITA-MB-2026-000001-K7QX",
    },
  ],
  [
    "VÁLIDO without photo, scanned, with operator, no plate",
    {
      body: { verdict: "VALID", checkedAt, credential: credential({ plate: null, operator: "Entregas & Cia <Ltda>" }) },
      serialForReport: "ITA-MB-2026-000001",
      scanned: true,
      code: "ITA-MB-2026-000001-K7QX",
    },
  ],
  [
    "VÁLIDO typed (not scanned), no code",
    { body: { verdict: "VALID", checkedAt, credential: credential() }, serialForReport: null, scanned: false },
  ],
  [
    "SUSPENSO",
    {
      body: { verdict: "SUSPENDED", checkedAt, credential: credential({ photoUrl: "/v/foto/abc?e=1&s=2" }) },
      serialForReport: "ITA-MB-2026-000001",
      scanned: true,
      code: "ITA-MB-2026-000001-K7QX",
    },
  ],
  [
    "VENCIDO, names to escape, unknown category and type, other UF",
    {
      body: {
        verdict: "EXPIRED",
        reason: "expired",
        checkedAt,
        credential: credential({
          holderName: `Zé "D'Ávila" <b>&`,
          category: "OUTRA",
          type: "OUTRO",
          municipality: { ibge: "1302603", name: "Manaus & Cia", uf: "AM" },
        }),
      },
      serialForReport: "A&B 1",
      scanned: true,
      code: null,
    },
  ],
  [
    "CASSADO",
    { body: { verdict: "REVOKED", checkedAt, credential: credential() }, serialForReport: "X", scanned: true },
  ],
  [
    "SUBSTITUÍDO",
    { body: { verdict: "SUPERSEDED", checkedAt, credential: credential() }, serialForReport: "X", scanned: true },
  ],
  [
    "NÃO RECONHECIDO",
    { body: { verdict: "INVALID", reason: "not_recognized", checkedAt }, serialForReport: null, scanned: true },
  ],
  [
    "AINDA NÃO VÁLIDA",
    { body: { verdict: "INVALID", reason: "not_yet_valid", checkedAt }, serialForReport: null, scanned: true },
  ],
];

describe("the QR page's template renders what VerdictView renders", () => {
  it.each(cases)("%s", async (_name, props) => {
    const react = renderToStaticMarkup(createElement(VerdictView, props));
    expect(verdictHtml(props)).toBe(react);
    // The whole page, as the Remix route rendered it with htmlResponse.
    const title = props.body.verdict === "VALID" ? "Verificação: VÁLIDO" : "Verificação: atenção";
    const page = await htmlResponse(
      createElement(PublicPage, { title, domain: "localhost:3000", children: createElement(VerdictView, props) }),
    ).text();
    expect(publicPageHtml(title, verdictHtml(props))).toBe(page);
  });

  it("escapes as React does, and the cases cover every verdict", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;");
    const kinds = new Set(cases.map(([, p]) => p.body.verdict));
    expect([...kinds].sort()).toEqual(["EXPIRED", "INVALID", "REVOKED", "SUPERSEDED", "SUSPENDED", "VALID"]);
  });
});
