// A municipality's law in the portal (ADR 067): attached by text, audited, refused when it has no
// article, read by the public law page and beside each rule on the gestor's rules page.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { structureOfLaw } from "~/domain/laws/structure";
import { isRefusal } from "~/domain/refusal";
import { getPack } from "~/domain/rule-packs/shipped";
import { lawOf, removeAmendment, saveAmendment, saveLawText } from "~/models/law-text.server";
import * as lawPage from "~/routes/leis.$municipio/route.server";
import * as rulesPage from "~/routes/m.$municipio.regras/route.server";
import { db } from "~/utils/db.server";
import { answerOf, cookieOf, staffOf } from "../../security/access-world";
import { createMunicipality, testActor } from "../../support/factories";

const lavrasText = readFileSync("app/domain/rule-packs/cities/lavras-mg.law.txt", "utf8");
const lavras = getPack("lavras-mg")!;

async function lavrasTown() {
  const m = await createMunicipality();
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId: "lavras-mg" } });
}

const attachLavras = (municipalityId: string) =>
  saveLawText(
    municipalityId,
    { label: lavras.law.label, title: lavras.law.title, publishedOn: lavras.law.date, text: lavrasText, position: 0 },
    testActor,
  );

describe("the law's text in the portal", () => {
  it("is attached, audited, and read back as units", async () => {
    const m = await lavrasTown();
    expect(await lawOf(m.id)).toBeNull();
    const structure = await attachLavras(m.id);
    expect(structure.problems).toEqual([]);
    const law = await lawOf(m.id);
    expect(law?.label).toBe("Lei 4.544/2019");
    expect(law?.units.find((u) => u.anchor === "art9_cpt_inc2")?.text).toBe(
      "apresentar comprovante de residência atualizado do Município de Lavras;",
    );
    expect(await db.auditEvent.count({ where: { action: "law_text.attach", municipalityId: m.id } })).toBe(1);
    await attachLavras(m.id); // the same label again replaces it
    expect(await db.lawText.count({ where: { municipalityId: m.id } })).toBe(1);
    expect(await db.auditEvent.count({ where: { action: "law_text.replace", municipalityId: m.id } })).toBe(1);
  });

  it("refuses a text with no article, saying what it lacks, and keeps nothing", async () => {
    const m = await lavrasTown();
    const refusal = await saveLawText(
      m.id,
      { label: "Lei 1/2020", title: "Ata", publishedOn: null, text: "Ata da reunião da comissão.", position: 0 },
      testActor,
    ).catch((e) => e);
    expect(isRefusal(refusal) && refusal.field).toBe("text");
    expect(refusal.message).toContain("não tem a estrutura de uma lei");
    expect(await db.lawText.count({ where: { municipalityId: m.id } })).toBe(0);
  });
});

describe("the law's amendments", () => {
  const valeDoIpe = (name: string) => readFileSync(`tests/fixtures/laws/${name}.txt`, "utf8");
  const AMENDMENT = {
    label: "Lei 1.301/2026",
    title: "Altera a Lei nº 1.234/2025",
    publishedOn: "2026-01-15",
    text: valeDoIpe("vale-do-ipe-mg-lei-1301-2026"),
  };
  const attachOriginal = (municipalityId: string, label = "Lei 1.234/2025") =>
    saveLawText(
      municipalityId,
      {
        label,
        title: "Mototáxi e motofrete",
        publishedOn: "2025-02-28",
        text: valeDoIpe("vale-do-ipe-mg-lei-1234-2025-original"),
        position: 0,
      },
      testActor,
    );
  const refusalOf = (p: Promise<unknown>) => p.then(() => null).catch((e) => (isRefusal(e) ? e : Promise.reject(e)));

  it("are applied in order: the law reads as its compiled text, each change said, the public page marks it", async () => {
    const m = await createMunicipality();
    expect((await refusalOf(saveAmendment(m.id, AMENDMENT, testActor)))?.kind).toBe("conflict");
    await attachOriginal(m.id);
    const applied = await saveAmendment(m.id, AMENDMENT, testActor);
    expect(applied).toMatchObject({
      label: "Lei 1.301/2026",
      changes: [{ anchor: "art4_cpt_inc2", unit: "art. 4º, II", change: "REWORDED" }],
      problems: [],
    });
    const law = (await lawOf(m.id))!;
    expect(law.units).toEqual(structureOfLaw(valeDoIpe("vale-do-ipe-mg-lei-1234-2025")).units);
    expect(law.problems).toEqual([]);
    const answer = await answerOf(() =>
      lawPage.loader({
        request: new Request(`http://localhost/leis/${m.slug}`),
        params: { municipio: m.slug },
        context: { clientIp: "127.0.0.1", requestId: "lei" },
      }),
    );
    const body = JSON.parse(answer.body);
    expect(body.law.amendments.map((a: { label: string }) => a.label)).toEqual(["Lei 1.301/2026"]);
    expect(body.units.find((u: { anchor: string }) => u.anchor === "art4_cpt_inc2")).toMatchObject({
      text: "ter motor de, no mínimo, 150 cc (cento e cinquenta cilindradas);",
      wordingFrom: "Lei 1.301/2026",
    });

    // Saved again under its label it is replaced, not applied twice; the law's own label is refused.
    await saveAmendment(m.id, AMENDMENT, testActor);
    expect(await db.lawText.count({ where: { municipalityId: m.id } })).toBe(2);
    expect((await refusalOf(saveAmendment(m.id, { ...AMENDMENT, label: "Lei 1.234/2025" }, testActor)))?.field).toBe(
      "label",
    );
    // The law replaced under a corrected label stays one law, with its amendment still applied.
    await attachOriginal(m.id, "Lei 1.234/2025");
    expect(await db.lawText.count({ where: { municipalityId: m.id, position: 0 } })).toBe(1);

    await removeAmendment(m.id, "Lei 1.301/2026", testActor);
    expect((await lawOf(m.id))!.units.find((u) => u.anchor === "art4_cpt_inc2")?.text).toContain("125 cc");
    expect(await db.auditEvent.count({ where: { action: "law_text.remove", municipalityId: m.id } })).toBe(1);
    expect((await refusalOf(removeAmendment(m.id, "Lei 1.301/2026", testActor)))?.kind).toBe("not-found");
  });

  it("says what an amendment could not apply, beside that amendment", async () => {
    const m = await createMunicipality();
    await attachOriginal(m.id);
    const applied = await saveAmendment(
      m.id,
      { ...AMENDMENT, text: "Art. 1º Fica revogado o inciso IX do art. 4º da Lei nº 1.234, de 2025." },
      testActor,
    );
    expect(applied.changes).toEqual([]);
    expect(applied.problems).toEqual(["Lei 1.301/2026, art. 1º revoga o art. 4º, IX, que a Lei 1.234/2025 não tem."]);
    expect((await lawOf(m.id))!.problems).toEqual(applied.problems);
  });
});

describe("the public law page (/leis/<municipio>)", () => {
  it("answers anyone with the units and their anchors", async () => {
    const m = await lavrasTown();
    await attachLavras(m.id);
    const answer = await answerOf(() =>
      lawPage.loader({
        request: new Request(`http://localhost/leis/${m.slug}`),
        params: { municipio: m.slug },
        context: { clientIp: "127.0.0.1", requestId: "lei" },
      }),
    );
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body);
    expect(body.law.label).toBe("Lei 4.544/2019");
    expect(body.units.filter((u: { kind: string }) => u.kind === "ARTIGO")).toHaveLength(19);
    expect(body.units.find((u: { anchor: string }) => u.anchor === "art10_par2").text).toMatch(
      /^O veículo que for aprovado/,
    );
  });

  it("is a 404 that says so while no text is attached, and for a town that does not exist", async () => {
    const m = await lavrasTown();
    for (const slug of [m.slug, "cidade-que-nao-existe"]) {
      const answer = await answerOf(() =>
        lawPage.loader({
          request: new Request(`http://localhost/leis/${slug}`),
          params: { municipio: slug },
          context: { clientIp: "127.0.0.1", requestId: "lei" },
        }),
      );
      expect(answer.status).toBe(404);
    }
  });
});

describe("the gestor's rules page reads each citation against the law", () => {
  async function rulesAnswer(m: { id: string; slug: string }) {
    const gestor = await staffOf(m, ["GESTOR"]);
    const request = new Request(`http://localhost/m/${m.slug}/regras`, { headers: { cookie: await cookieOf(gestor) } });
    const answer = await answerOf(() =>
      rulesPage.loader({
        request,
        params: { municipio: m.slug },
        context: { clientIp: "127.0.0.1", requestId: "lei" },
      }),
    );
    expect(answer.status).toBe(200);
    return JSON.parse(answer.body) as {
      lawPath: string | null;
      pack: {
        groups: {
          title: string;
          rules: {
            text: string;
            citation: { citation: string; units: { anchor: string; text: string }[]; unresolved: boolean };
          }[];
        }[];
      };
    };
  }

  it("with the text: every rule's citation carries the sentences it cites, none unresolved", async () => {
    const m = await lavrasTown();
    await attachLavras(m.id);
    const page = await rulesAnswer(m);
    expect(page.lawPath).toBe(`/leis/${m.slug}`);
    const rules = page.pack.groups.flatMap((g) => g.rules);
    expect(rules.filter((r) => r.citation.unresolved)).toEqual([]);
    const doors = rules.find((r) => r.citation.citation === "Lei 4.544/2019, art. 10, III")!;
    expect(doors.citation.units).toEqual([
      {
        anchor: "art10_cpt_inc3",
        label: "III",
        text: "ser dotado de, pelo menos, 4 (quatro) portas, proibido veículos com bagageiro externo;",
      },
    ]);
  });

  it("a citation that points at nothing in the text is flagged; without a text, citations stand alone", async () => {
    const m = await lavrasTown();
    const bare = await rulesAnswer(m);
    expect(bare.lawPath).toBeNull();
    // Without the text, the words the pack quotes, with no address to link to.
    const bareDoors = bare.pack.groups
      .flatMap((g) => g.rules)
      .find((r) => r.citation.citation === "Lei 4.544/2019, art. 10, III")!;
    expect(bareDoors.citation.units).toEqual([
      {
        anchor: "",
        label: "",
        text: "ser dotado de, pelo menos, 4 (quatro) portas, proibido veículos com bagageiro externo;",
      },
    ]);
    // A text without art. 10: the vehicle rules' citations resolve to nothing.
    await saveLawText(
      m.id,
      {
        label: "Lei 4.544/2019",
        title: "Só o começo",
        publishedOn: null,
        text: lavrasText.slice(0, lavrasText.indexOf("Art. 10.")),
        position: 0,
      },
      testActor,
    );
    const cut = await rulesAnswer(m);
    const doors = cut.pack.groups
      .flatMap((g) => g.rules)
      .find((r) => r.citation.citation === "Lei 4.544/2019, art. 10, III")!;
    expect(doors.citation).toMatchObject({ units: [], unresolved: true });
  });
});
