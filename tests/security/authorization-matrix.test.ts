// Authorization of every route for every role (issue #35). The route modules are read from
// app/routes: each must have its line in ./authorization-matrix/table.ts saying who may call its
// loader and who may call its action, so a new route cannot ship without one. Then every cell is
// called (./authorization-matrix/harness.ts): the loader as Remix calls it for a data request
// (single fetch, `<path>.data?_routes=`, so no parent layout guards it), the action as a browser
// posts a form (a fresh session, a valid CSRF token, this site's Origin — only authorization can
// refuse it), by each of twelve people: anonymous, driver A and driver B, the owners of companies
// X and Y, the analyst, gestor and fiscal of town T and of town U, and the platform admin. The
// records are A's, X's and T's.
// - allowed: past authorization (a loader 2xx or a redirect elsewhere than /entrar; an action
//   anything but 401/403/404/sign-in — a harmless form answers 400 or 409);
// - refused: anonymous 401 or a redirect to /entrar, anyone else 403 or 404, never a word of A's;
//   and the refused calls of a route change no row of the database (every table but sessions and
//   rate-limit counters, compared before and after).
// This file checks the table against app/routes and runs the lines of no particular area (public
// routes, everyone's own pages, the platform's); the back office and the companies' pages run in
// ./authorization-matrix/back-office.test.ts and ./authorization-matrix/operator.test.ts.
import { describe, expect, it } from "vitest";
import { MATRIX_ROLES } from "./access-world";
import { cellsOf, describeMatrix, inNoArea, listed, load, routeIds } from "./authorization-matrix/harness";
import { ROUTES } from "./authorization-matrix/table";

describe("authorization matrix: the table", () => {
  it("has a line for every route module of app/routes, and one for each of its loader and action", async () => {
    expect(routeIds.length).toBeGreaterThan(90);
    const missing = routeIds.filter((id) => !(id in ROUTES));
    expect(
      missing,
      "a route without its line in tests/security/authorization-matrix/table.ts: say who may call it",
    ).toEqual([]);
    const stale = Object.keys(ROUTES).filter((id) => !routeIds.includes(id));
    expect(stale, "a line names a route that no longer exists").toEqual([]);
    const mismatched: string[] = [];
    for (const id of routeIds) {
      const mod = await load(id);
      const row = ROUTES[id];
      if (Boolean(mod.loader) !== Boolean(row.loader)) mismatched.push(`${id}: loader`);
      if (Boolean(mod.action) !== Boolean(row.action)) mismatched.push(`${id}: action`);
    }
    expect(mismatched, "the line must say who may call each exported loader and action, and nothing else").toEqual([]);
  });

  it("names every role somewhere as allowed and somewhere as refused (the matrix can fail)", () => {
    const lists = Object.values(ROUTES)
      .flatMap(cellsOf)
      .map((c) => listed(c.allow))
      .filter((l) => l !== null);
    for (const role of MATRIX_ROLES) {
      if (role !== "anonymous")
        expect(
          lists.some((l) => l.includes(role)),
          role,
        ).toBe(true);
      expect(
        lists.some((l) => !l.includes(role)),
        role,
      ).toBe(true);
    }
  });
});

describeMatrix("public routes, everyone's own pages, the platform", routeIds.filter(inNoArea));
