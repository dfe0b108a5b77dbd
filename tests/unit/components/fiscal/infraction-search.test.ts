import { describe, expect, it } from "vitest";
import { classWord, infractionLabel, searchInfractions, shortCitation } from "~/components/fiscal/infraction-search";
import { itaunaMg, patrocinioMg } from "~/domain/rule-packs/shipped";
import { infractionCatalogue } from "~/models/infraction.server";

const patrocinio = infractionCatalogue(patrocinioMg);
const itauna = infractionCatalogue(itaunaMg);

describe("infraction names", () => {
  it("reads as the law's article, its words and its class, never the code", () => {
    const item = patrocinio.find((i) => i.code === "ART30_G1_IV")!;
    expect(infractionLabel(item)).toBe("Art. 30, Grupo 1, IV — Permitir ou fumar durante o trajeto (leve)");
    expect(patrocinio.map(infractionLabel).join("\n")).not.toMatch(/ART\d+_|classe LEVE|\(Grupo \d\)\)/);
  });

  it("says 'penalidade própria' for an infraction with no class", () => {
    const item = patrocinio.find((i) => i.code === "ART32_MOTOTAXI_SEM_PERMISSAO")!;
    expect(infractionLabel(item)).toBe(
      "Art. 32 — Exercer a atividade de mototáxi sem a permissão da Prefeitura (penalidade própria)",
    );
  });

  it("drops the law's name from the citation and lowers the class", () => {
    expect(shortCitation("Lei 4.785/2013, art. 23, § 2º")).toBe("Art. 23, § 2º");
    expect(classWord("Gravíssima (Grupo 4)")).toBe("gravíssima");
    expect(classWord("Média")).toBe("média");
  });
});

describe("searchInfractions", () => {
  it("lists everything for an empty search", () => {
    expect(searchInfractions(patrocinio, "  ")).toHaveLength(patrocinio.length);
  });

  it("finds the equipment infractions by 'capacete', a word the law does not use", () => {
    const found = searchInfractions(patrocinio, "capacete");
    expect(found.map((i) => i.description)).toEqual([
      "Omitir-se quanto ao asseio próprio, do veículo ou do equipamento do passageiro",
      "Não manter nos veículos os equipamentos exigidos",
    ]);
    expect(searchInfractions(patrocinio, "capac")).toEqual(found); // while it is being typed
  });

  it("ignores accents and case, and asks every word to match", () => {
    expect(searchInfractions(patrocinio, "EMBRIAGUEZ").map((i) => i.code)).toEqual(["ART30_G4_IV"]);
    expect(searchInfractions(patrocinio, "gravissima").every((i) => i.classLabel === "Gravíssima (Grupo 4)")).toBe(
      true,
    );
    expect(searchInfractions(patrocinio, "veiculo gravissima").map((i) => i.code)).toEqual(
      expect.arrayContaining(["ART31_G4_I", "ART31_G4_II"]),
    );
    expect(searchInfractions(patrocinio, "troco arma")).toEqual([]);
  });

  it("finds by the article typed as a fiscal would ('art 31')", () => {
    const found = searchInfractions(patrocinio, "art 31");
    expect(found.length).toBe(17);
    expect(found.every((i) => i.citation.includes("art. 31"))).toBe(true);
  });

  it("finds nothing for 'capacete' where the law has no equipment infraction", () => {
    expect(searchInfractions(itauna, "capacete")).toEqual([]);
  });
});
