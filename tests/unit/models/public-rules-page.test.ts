// The public rules page (/regras/<municipio>, issue #30): anyone reads the rules a town applies —
// the same reading as the gestor's page, each citation with the law's words, and the federal layer —
// and nothing of the staff page (parameters, versions); a town with no rules published is a 404.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getPack } from "~/domain/rule-packs/shipped";
import { saveLawText } from "~/models/law-text.server";
import * as rulesPage from "~/routes/m.$municipio.regras/route.server";
import * as publicPage from "~/routes/regras.$municipio/route.server";
import { db } from "~/utils/db.server";
import { answerOf, cookieOf, staffOf } from "../../security/access-world";
import { createMunicipality, testActor } from "../../support/factories";

const lavras = getPack("lavras-mg")!;

async function lavrasTown(withLaw: boolean) {
  const m = await createMunicipality();
  await db.municipality.update({ where: { id: m.id }, data: { rulePackId: "lavras-mg" } });
  if (withLaw)
    await saveLawText(
      m.id,
      {
        label: lavras.law.label,
        title: lavras.law.title,
        publishedOn: lavras.law.date,
        text: readFileSync("app/domain/rule-packs/cities/lavras-mg.law.txt", "utf8"),
        position: 0,
      },
      testActor,
    );
  return m;
}

const publicAnswer = (slug: string) =>
  answerOf(() =>
    publicPage.loader({
      request: new Request(`http://localhost/regras/${slug}`),
      params: { municipio: slug },
      context: { clientIp: "127.0.0.1", requestId: "regras" },
    }),
  );

describe("the public rules page", () => {
  it("answers anyone, without a session, with the gestor's reading of the rules and the federal layer", async () => {
    const m = await lavrasTown(true);
    const answer = await publicAnswer(m.slug);
    expect(answer.status).toBe(200);
    const page = JSON.parse(answer.body);
    const gestor = await staffOf(m, ["GESTOR"]);
    const cookie = await cookieOf(gestor);
    const staffAnswer = await answerOf(() =>
      rulesPage.loader({
        request: new Request(`http://localhost/m/${m.slug}/regras`, { headers: { cookie } }),
        params: { municipio: m.slug },
        context: { clientIp: "127.0.0.1", requestId: "regras" },
      }),
    );
    const staff = JSON.parse(staffAnswer.body);
    const { parameters: _, ...staffReading } = staff.pack;
    expect(page.pack).toEqual(staffReading);
    expect(page.lawPath).toBe(`/leis/${m.slug}`);
    const doors = page.pack.groups
      .flatMap((g: { rules: { citation: { citation: string; units: { text: string }[] } }[] }) => g.rules)
      .find((r: { citation: { citation: string } }) => r.citation.citation === "Lei 4.544/2019, art. 10, III");
    expect(doors.citation.units[0].text).toMatch(/pelo menos, 4 \(quatro\) portas/);
    expect(page.pack.federal.length).toBeGreaterThan(0);
    // Nothing of the staff page: no parameters to change, no versions with their authors.
    expect(page).not.toHaveProperty("history");
    expect(page.pack).not.toHaveProperty("parameters");
  });

  it("is a 404 that says so for a town with no rules published, an inactive one, and one that does not exist", async () => {
    const preparing = await createMunicipality("Vila Nova");
    await db.municipality.update({ where: { id: preparing.id }, data: { rulePackId: "vila-nova-mg" } });
    const inactive = await lavrasTown(false);
    await db.municipality.update({ where: { id: inactive.id }, data: { active: false } });
    for (const slug of [preparing.slug, inactive.slug, "cidade-que-nao-existe"]) {
      const answer = await publicAnswer(slug);
      expect(answer.status).toBe(404);
    }
    expect((await publicAnswer(preparing.slug)).body).toContain("ainda não foram publicadas");
  });
});
