import { describe, expect, it } from "vitest";
import { pageTitle, PORTAL } from "~/components/page-title";

describe("a page's title", () => {
  it("is the deepest route's handle.title with the portal's name, a layout's title giving way", () => {
    const matches = [
      { handle: undefined, data: null },
      { handle: { title: "Administração" }, data: null },
      { handle: { title: "Fila de análise" }, data: null },
    ];
    expect(pageTitle(matches)).toBe(`Fila de análise — ${PORTAL}`);
  });

  it("reads the page's own loader data when the title is a function", () => {
    const matches = [
      { handle: undefined, data: { user: null } },
      {
        handle: { title: (d?: { number: string }) => `Requerimento ${d?.number ?? ""}` },
        data: { number: "2026-0042" },
      },
    ];
    expect(pageTitle(matches)).toBe(`Requerimento 2026-0042 — ${PORTAL}`);
  });

  it("is the portal's name alone where no route names itself", () => {
    expect(
      pageTitle([
        { handle: undefined, data: null },
        { handle: {}, data: null },
      ]),
    ).toBe(PORTAL);
  });
});
