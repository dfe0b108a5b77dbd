import { describe, expect, it } from "vitest";
import { portalVerdictPath } from "~/components/public/scan-link";

const PORTAL = ["https://credencia.example.gov.br", "http://localhost:3000"];
const TOKEN = "eyJhbGciOiJFUzI1NiJ9.eyJzbiI6IlBUQy1NQi0yMDI2LTAwMDAwMSJ9.c2ln";

describe("what the passenger's camera read", () => {
  it("opens the verdict page for a QR link of this portal", () => {
    expect(portalVerdictPath(`https://credencia.example.gov.br/v/${TOKEN}`, PORTAL)).toBe(`/v/${TOKEN}`);
    expect(portalVerdictPath(` http://localhost:3000/v/${TOKEN}\n`, PORTAL)).toBe(`/v/${TOKEN}`);
  });

  it("refuses a link to another site, even one that looks alike", () => {
    for (const text of [
      `https://credencia.example.gov.br.golpe.com/v/${TOKEN}`,
      `https://golpe.com/v/${TOKEN}`,
      `https://user@credencia.example.gov.br/v/${TOKEN}`,
      `http://credencia.example.gov.br/v/${TOKEN}`,
    ])
      expect(portalVerdictPath(text, PORTAL), text).toBeNull();
  });

  it("refuses other pages of the portal, plain text and a bare token", () => {
    for (const text of [
      "https://credencia.example.gov.br/entrar",
      `https://credencia.example.gov.br/v/${TOKEN}?voltar=https://golpe.com`,
      "https://credencia.example.gov.br/v/relato",
      "PTC-MB-2026-000001-K7QX",
      TOKEN,
      "",
    ])
      expect(portalVerdictPath(text, PORTAL), text).toBeNull();
  });
});
