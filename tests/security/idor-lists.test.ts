// The pages without a `$param` (lists, dashboards, the fiscal's screens, CSV exports…) scope
// themselves to the signed-in user: enumerated from app/routes, each loader is called by the
// people who have nothing to do with the victim — a driver, the staff of another municipality,
// another company's owner — and none of them may receive her name or CPF. Her own company and
// her municipality's staff do receive them from some of these pages (the check that the
// fixture's data is reachable at all, so the test can fail).
import { beforeAll, describe, expect, it } from "vitest";
import { formatCpf } from "~/domain/br/cpf";
import { loadRoute, routeIds } from "../support/route-modules";
import { answerOf, buildWorld, cookieOf, ORIGIN, type RouteModule, SECRET_NAME, type World } from "./access-world";

const pages = routeIds().filter((id) => !id.includes("$"));

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

async function bodyOf(id: string, user: { id: string }) {
  const mod = await loadRoute<RouteModule>(id);
  if (!mod.loader) return "";
  const request = new Request(`${ORIGIN}/${id.replace(/\./g, "/")}`, { headers: { cookie: await cookieOf(user) } });
  return (await answerOf(() => mod.loader!({ request, params: {}, context: { clientIp: "127.0.0.1" } }))).body;
}

const leaks = (body: string) =>
  [SECRET_NAME, w.victim.user.cpf, formatCpf(w.victim.user.cpf)].filter((s) => body.includes(s));

describe("pages without a param show outsiders nothing of the victim", () => {
  it("enumerates the pages", () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(pages).toContain("painel");
  });

  it.each(pages)("%s", async (id) => {
    const outsiders = { "condutor sem vínculo": w.driver, "equipe de A": w.staffA, "dono da X": w.X.owner };
    for (const [who, user] of Object.entries(outsiders)) expect(leaks(await bodyOf(id, user)), who).toEqual([]);
  });

  it("the victim's data is reachable from these pages by whom it concerns (the check can fail)", async () => {
    const seen = async (user: { id: string }) => {
      const found: string[] = [];
      for (const id of pages) if (leaks(await bodyOf(id, user)).length) found.push(id);
      return found;
    };
    expect(await seen(w.victim.user)).not.toEqual([]);
    expect(await seen(w.staffB)).not.toEqual([]);
  });
});
