// Who the law credentials as a form (issue #30's editor): read from the draft, written back with the
// law's words under each new citation, what the form does not show kept, every wrong field named.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { quoteOf } from "~/domain/laws/citation";
import { structureOfLaw } from "~/domain/laws/structure";
import { checkPackDocument } from "~/domain/rule-packs";
import { skeletonDocument } from "~/domain/rule-packs/accept-proposal";
import { categoryChoices, categoryField, withCategories } from "~/domain/rule-packs/category-offers";

const LABEL = "Lei 1.234/2025";
const units = new Map(
  structureOfLaw(readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1234-2025.txt", "utf8")).units.map((u) => [
    u.anchor,
    u,
  ]),
);
const lawQuote = (citation: string) => quoteOf(citation, LABEL, units);
const skeleton = skeletonDocument({
  id: "vale-do-ipe-mg",
  schemaUrl: "/schemas/rule-pack.json",
  municipality: { ibge: "3999999", name: "Vale do Ipê", uf: "MG" },
  law: { label: LABEL, title: "Serviço de mototáxi e de motofrete", date: "2025-02-28" },
  fiscalUnit: "UFVI",
  today: "2026-12-07",
});
/** Art. 2º: mototáxi by permissão, motofrete by autorização, both by the autonomous driver. */
const ART_2 = {
  [categoryField("MOTOTAXI")]: "on",
  [categoryField("MOTOTAXI", "citacao")]: `${LABEL}, art. 2º`,
  [categoryField("MOTOTAXI", "ato.AUTONOMO")]: "PERMISSAO",
  [categoryField("MOTOFRETE")]: "on",
  [categoryField("MOTOFRETE", "rotulo")]: "Motofrete",
  [categoryField("MOTOFRETE", "citacao")]: `${LABEL}, art. 2º`,
  [categoryField("MOTOFRETE", "ato.AUTONOMO")]: "AUTORIZACAO",
};

describe("who the law credentials, as a form", () => {
  it("shows every category the portal knows, none offered in a new town's draft", () => {
    const choices = categoryChoices(skeleton)!;
    expect(choices.map((c) => [c.code, c.offered, c.label])).toEqual([
      ["MOTOTAXI", false, "Mototáxi"],
      ["MOTOBOY", false, "Motoboy"],
      ["MOTOFRETE", false, "Motofrete"],
      ["APLICATIVO", false, "Transporte por aplicativo"],
    ]);
    expect(categoryChoices("{ quebrado")).toBeNull();
  });

  it("writes the categories with their acts and modes, citing the article with its words", () => {
    const written = withCategories(skeleton, ART_2, lawQuote);
    expect(written.ok).toBe(true);
    const doc = JSON.parse((written as { text: string }).text);
    expect(doc.categories).toEqual([
      {
        code: "MOTOTAXI",
        label: "Mototáxi",
        acts: [{ kind: "PERMISSAO", modes: ["AUTONOMO"], label: "Permissão", citation: `${LABEL}, art. 2º` }],
        modes: [{ mode: "AUTONOMO", citation: `${LABEL}, art. 2º` }],
      },
      {
        code: "MOTOFRETE",
        label: "Motofrete",
        acts: [{ kind: "AUTORIZACAO", modes: ["AUTONOMO"], label: "Autorização", citation: `${LABEL}, art. 2º` }],
        modes: [{ mode: "AUTONOMO", citation: `${LABEL}, art. 2º` }],
      },
    ]);
    expect(doc.quotes[`${LABEL}, art. 2º`]).toBe(
      "O serviço de mototáxi será prestado por condutor autônomo, mediante permissão, e o de motofrete por condutor autônomo, mediante autorização.",
    );
    // Read back, the form shows what it wrote; the skeleton's problems no longer name the categories.
    const back = categoryChoices((written as { text: string }).text)!;
    expect(back.find((c) => c.code === "MOTOTAXI")).toMatchObject({
      offered: true,
      citation: `${LABEL}, art. 2º`,
      acts: { AUTONOMO: "PERMISSAO", VINCULADO: "" },
    });
    expect(JSON.stringify(checkPackDocument((written as { text: string }).text).problems)).not.toContain(
      '"rule":"categories"',
    );
  });

  it("names every wrong field at once and writes nothing", () => {
    const written = withCategories(
      skeleton,
      {
        [categoryField("MOTOTAXI")]: "on",
        [categoryField("MOTOTAXI", "citacao")]: `${LABEL}, art. 99`,
        [categoryField("MOTOTAXI", "ato.AUTONOMO")]: "PERMISSAO",
        [categoryField("MOTOFRETE")]: "on",
        [categoryField("MOTOFRETE", "citacao")]: "",
      },
      lawQuote,
    );
    expect(written).toEqual({
      ok: false,
      errors: {
        "categoria.MOTOTAXI.citacao": `Mototáxi: “${LABEL}, art. 99” não é um dispositivo da lei anexada.`,
        "categoria.MOTOFRETE.ato.AUTONOMO":
          "Motofrete: escolha o ato de ao menos uma modalidade (ou desmarque a categoria).",
        "categoria.MOTOFRETE.citacao": "Motofrete: indique o dispositivo da lei que cria o serviço.",
      },
    });
    expect(withCategories(skeleton, {}, lawQuote)).toEqual({
      ok: false,
      errors: { "categoria.MOTOTAXI": "Marque ao menos uma categoria de serviço que a lei credencia." },
    });
  });

  it("keeps what the form does not show of a shipped pack, and its own citations", () => {
    const text = readFileSync("app/domain/rule-packs/cities/patrocinio-mg.json", "utf8");
    const choices = categoryChoices(text)!;
    // The form as it comes, sent back unchanged: the categories are the same as before.
    const typed: Record<string, string> = {};
    for (const c of choices.filter((c) => c.offered)) {
      typed[categoryField(c.code)] = "on";
      typed[categoryField(c.code, "rotulo")] = c.label;
      typed[categoryField(c.code, "citacao")] = c.citation;
      for (const [mode, act] of Object.entries(c.acts)) typed[categoryField(c.code, `ato.${mode as "AUTONOMO"}`)] = act;
    }
    const written = withCategories(text, typed, null);
    expect(written.ok).toBe(true);
    const before = JSON.parse(text).categories;
    const after = JSON.parse((written as { text: string }).text).categories;
    const byKind = (offer: { acts: { kind: string }[] }) =>
      [...offer.acts].sort((a, b) => a.kind.localeCompare(b.kind));
    expect(after.map((c: { code: string }) => c.code)).toEqual(before.map((c: { code: string }) => c.code));
    for (const [i, offer] of after.entries()) {
      expect(byKind(offer)).toEqual(byKind(before[i]));
      expect(offer.modes).toEqual(expect.arrayContaining(before[i].modes));
      expect(offer.colours).toEqual(before[i].colours);
    }
  });
});
