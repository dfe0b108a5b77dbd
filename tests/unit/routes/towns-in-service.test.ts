// Where a driver or a company chooses the town (issue #30, seen in CI at stop 45): a town written in
// the portal opens with its first publication, which may start on a later day. Until then it has no
// rules in force; it must be left out of the choice, not break the page for every other town.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { municipalitiesInService } from "~/models/rule-pack.server";
import * as newOperator from "~/routes/operadora.nova/route.server";
import * as newApplication from "~/routes/requerimentos.novo/route.server";
import { db } from "~/utils/db.server";
import { answerOf, cookieOf, CSRF, ORIGIN } from "../../security/access-world";
import { createMunicipality, createUser } from "../../support/factories";

/** Itaúna's pack as a document: it offers companies and drivers alike. */
const ITAUNA = readFileSync("app/domain/rule-packs/cities/itauna-mg.json", "utf8");

/** A town open since its first publication (Itaúna's rules under its own name), in effect from tomorrow. */
async function openingTomorrow() {
  const m = await createMunicipality("Vila Amanhã");
  const packId = `vila-amanha-${m.id.slice(-6).replace(/[^a-z0-9]/g, "x")}-mg`;
  const document = { ...JSON.parse(ITAUNA), id: packId };
  await db.municipality.update({ where: { id: m.id }, data: { rulePackId: packId, active: true } });
  await db.rulePackVersion.create({
    data: {
      municipalityId: m.id,
      packId,
      version: "1.0.0",
      parametersJson: "{}",
      documentJson: JSON.stringify(document),
      effectiveFrom: new Date(Date.now() + 24 * 3600 * 1000),
    },
  });
  return m;
}

/** A town on Itaúna's shipped pack, in service. */
async function running() {
  const m = await createMunicipality("Vila Hoje");
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId: "itauna-mg" } });
}

const context = { clientIp: "127.0.0.1", requestId: "cidades" };

async function get(path: string, loader: (args: never) => unknown, cookie: string) {
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie } });
  return answerOf(() => loader({ request, params: {}, context } as never));
}

describe("towns in service", () => {
  it("leaves out a town whose first rules start on a later day, and keeps the others", async () => {
    const tomorrow = await openingTomorrow();
    const today = await running();
    const ids = (await municipalitiesInService()).map((s) => s.municipality.id);
    expect(ids).toContain(today.id);
    expect(ids).not.toContain(tomorrow.id);
    const later = (await municipalitiesInService(new Date(Date.now() + 2 * 24 * 3600 * 1000))).map(
      (s) => s.municipality.id,
    );
    expect(later).toContain(tomorrow.id);
  });

  it("lets a company and a driver choose among the others, and refuses the town not yet in service", async () => {
    const tomorrow = await openingTomorrow();
    const today = await running();
    const cookie = await cookieOf(await createUser({ name: "Quem Escolhe" }));
    for (const [path, loader] of [
      ["/operadora/nova", newOperator.loader],
      ["/requerimentos/novo", newApplication.loader],
    ] as const) {
      const answer = await get(path, loader as never, cookie);
      expect(answer.status, path).toBe(200);
      const slugs = (JSON.parse(answer.body).municipalities as { slug: string }[]).map((m) => m.slug);
      expect(slugs, path).toContain(today.slug);
      expect(slugs, path).not.toContain(tomorrow.slug);
      const chosen = await get(`${path}?municipio=${tomorrow.slug}`, loader as never, cookie);
      expect(chosen.status, path).toBe(200);
      expect(JSON.parse(chosen.body).chosen, path).toBeNull();
    }
    const form = new URLSearchParams({ csrf: CSRF, municipio: tomorrow.slug, categoria: "MOTOTAXI", modo: "AUTONOMO" });
    const request = new Request(`${ORIGIN}/requerimentos/novo`, {
      method: "POST",
      headers: { cookie, origin: ORIGIN, accept: "application/json" },
      body: form,
    });
    const refused = await answerOf(() => newApplication.action({ request, params: {}, context }));
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).errors.municipio).toBe("Município não encontrado.");
  });
});
