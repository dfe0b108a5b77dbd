// A law's text as units with anchors (ADR 067), read from the texts the prefeituras publish — page
// headers, ordinals on the next line, compiled amendments — and every citation of the shipped
// packs resolving to a unit of its law.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { citationFor, citedUnits, quoteOf } from "~/domain/laws/citation";
import { romanValue } from "~/domain/laws/numbers";
import { type LawUnit, structureOfLaw } from "~/domain/laws/structure";
import { allPacks } from "~/domain/rule-packs/shipped";

const lawText = (packId: string) => readFileSync(`app/domain/rule-packs/cities/${packId}.law.txt`, "utf8");
const unitsOf = (packId: string) => new Map(structureOfLaw(lawText(packId)).units.map((u) => [u.anchor, u]));
const unit = (packId: string, anchor: string): LawUnit => {
  const found = unitsOf(packId).get(anchor);
  if (!found) throw new Error(`${packId}: sem ${anchor}`);
  return found;
};

/** Every citation string in a pack, wherever it sits. */
function citationsIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) citationsIn(n, out);
  else if (node && typeof node === "object")
    for (const [key, value] of Object.entries(node))
      if (/[cC]itation$/.test(key) && typeof value === "string") out.add(value);
      else citationsIn(value, out);
  return out;
}

describe("the shipped laws, split into units", () => {
  it.each([
    ["itauna-mg", 27],
    ["jardim-ms", 32],
    ["lavras-mg", 19],
    ["patrocinio-mg", 42],
  ])("%s: articles 1 to %i, in order, with no problem found", (packId, last) => {
    const { units, problems } = structureOfLaw(lawText(packId));
    expect(problems).toEqual([]);
    const articles = units.filter((u) => u.kind === "ARTIGO").map((u) => u.anchor);
    expect(articles).toEqual(Array.from({ length: last }, (_, i) => `art${i + 1}`));
  });

  it("joins an ordinal the PDF put on the next line, and keeps page headers out of the text", () => {
    expect(unit("itauna-mg", "art1").text).toMatch(/^A exploração de atividades de entrega/);
    expect(unit("itauna-mg", "art5_cpt_inc1").text).toBe("ter, no mínimo, vinte e um anos de idade;");
    const everything = [
      ...unitsOf("itauna-mg").values(),
      ...unitsOf("lavras-mg").values(),
      ...unitsOf("patrocinio-mg").values(),
    ]
      .map((u) => u.text)
      .join("\n");
    for (const furniture of [
      "continuação da Lei",
      "Diário Oficial do Município",
      "PREFEITURA MUNICIPAL DE PATROCÍNIO",
      "Página 24",
    ])
      expect(everything).not.toContain(furniture);
  });

  it("keeps a sentence that wraps the same way twice (only running headers are dropped)", () => {
    expect(unit("lavras-mg", "art10").text).toContain(
      "vistoria realizada pela Secretaria de Desenvolvimento Econômico",
    );
  });

  it("finds a paragraph that starts after a sentence on the same line", () => {
    expect(unit("patrocinio-mg", "art5_par4").text).toBe(
      "O registro será emitido sob a forma de crachá de uso obrigatório em serviço.",
    );
    expect(unit("patrocinio-mg", "art5_par5").text).toMatch(/^O Certificado de Registro de Veículo \(CRV\)/);
  });

  it("reads incisos under a paragraph, alíneas under an inciso and under a caput, and an infraction table's groups", () => {
    expect(unit("lavras-mg", "art6_par1_inc4_ali2").text).toBe("tempo total e distância da viagem;");
    expect(unit("patrocinio-mg", "art3_cpt_inc1_ali1").text).toBe("mínima de 125 cc;");
    expect(unit("patrocinio-mg", "art30_grp2_inc6").text).toBe("sonegar troco;");
    expect(unit("jardim-ms", "art20_cpt_ali2").kind).toBe("ALINEA");
  });

  it("keeps a compiled text's wording in force and names the law that gave it", () => {
    const art2 = unit("jardim-ms", "art2");
    expect(art2.text).toContain("numeral correspondente à empresa");
    expect(art2.text).not.toContain("tanque de combustível");
    expect(art2.wordingFrom).toBe("Lei 951/1999");
    expect(unit("jardim-ms", "art5_cpt_ali1").text).toContain("a cada 2.500 (dois mil e quinhentos) habitantes");
    expect(unit("jardim-ms", "art1").wordingFrom).toBeUndefined();
  });

  it("ends at the signature: the place and date, the prefeito's name are not the last article", () => {
    expect(unit("itauna-mg", "art27").text).toBe(
      "Revogadas as disposições contrárias, esta Lei entra em vigor na data de sua publicação.",
    );
    expect(unit("patrocinio-mg", "art42").text).toBe("Esta Lei entra em vigor na data da sua publicação.");
    expect(unit("lavras-mg", "art19").text).toBe(
      "Esta Lei entra em vigor 180 (cento e oitenta) dias após a sua publicação.",
    );
  });
});

describe("every rule's citation is a unit of its law", () => {
  it.each(allPacks.map((p) => [p.id, p] as const))("%s", (packId, pack) => {
    const anchors = unitsOf(packId);
    const unresolved: string[] = [];
    for (const citation of citationsIn(pack)) {
      const cited = citedUnits(citation);
      if (!cited) unresolved.push(`${citation}: não lida`);
      for (const c of cited ?? [])
        if (c.law !== pack.law.label || !anchors.has(c.anchor)) unresolved.push(`${citation}: ${c.law} ${c.anchor}`);
    }
    expect(unresolved).toEqual([]);
    expect(citationsIn(pack).size).toBeGreaterThan(40);
  });

  it.each(allPacks.map((p) => [p.id, p] as const))(
    "%s quotes every citation in the words of its law",
    (packId, pack) => {
      const units = unitsOf(packId);
      const quotes = Object.entries(pack.quotes);
      expect(quotes.length).toBe(citationsIn({ ...pack, quotes: {} }).size);
      for (const [citation, quote] of quotes) expect(quote, citation).toBe(quoteOf(citation, pack.law.label, units));
    },
  );

  it("reads paragraphs, groups, alíneas, c/c and the amending law's wording", () => {
    expect(citedUnits("Lei 4.544/2019, art. 10, § 2º, c/c art. 9º, I")).toEqual([
      { law: "Lei 4.544/2019", anchor: "art10_par2" },
      { law: "Lei 4.544/2019", anchor: "art9_cpt_inc1" },
    ]);
    expect(citedUnits("Lei 4.883/2017, art. 30, Grupo 2, VI")).toEqual([
      { law: "Lei 4.883/2017", anchor: "art30_grp2_inc6" },
    ]);
    expect(citedUnits("Lei 4.883/2017, art. 3º, I, a")?.[0].anchor).toBe("art3_cpt_inc1_ali1");
    expect(citedUnits("Lei 904/1997, art. 20, b")?.[0].anchor).toBe("art20_cpt_ali2");
    expect(citedUnits("Lei 4.883/2017, art. 14, parágrafo único")?.[0].anchor).toBe("art14_par1u");
    expect(citedUnits("Lei 904/1997, art. 5º, a, com redação dada pela Lei 953/1999")?.[0].anchor).toBe(
      "art5_cpt_ali1",
    );
    expect(citedUnits("Lei 904/1997, art. 22, e, incluída pela Lei 951/1999")?.[0].anchor).toBe("art22_cpt_ali5");
  });

  it("writes the citation of every unit of the four laws the way it reads them back", () => {
    for (const pack of allPacks)
      for (const anchor of unitsOf(pack.id).keys())
        expect(citedUnits(citationFor(pack.law.label, anchor)), anchor).toEqual([{ law: pack.law.label, anchor }]);
    expect(citationFor("Lei 4.883/2017", "art30_grp2_inc6")).toBe("Lei 4.883/2017, art. 30, Grupo 2, VI");
    expect(citationFor("Lei 4.544/2019", "art9_cpt_inc1")).toBe("Lei 4.544/2019, art. 9º, I");
    expect(citationFor("Lei 904/1997", "art2_par1u")).toBe("Lei 904/1997, art. 2º, parágrafo único");
  });

  it("says when a citation is not a unit it can read", () => {
    expect(citedUnits("art. 5º")).toBeNull(); // no law
    expect(citedUnits("Lei 4.883/2017, anexo II")).toBeNull();
    expect(citedUnits("Lei 4.883/2017, art. 5º, inciso quinto")).toBeNull();
  });
});

describe("bad input", () => {
  it("a text with no article says so", () => {
    expect(structureOfLaw("Ata da reunião\nForam discutidos os pontos.").problems).toEqual([
      "Nenhum artigo encontrado: o texto não tem a estrutura de uma lei (Art. 1º, Art. 2º…).",
    ]);
  });

  it("a gap in the articles' numbers is reported; a reference to an earlier article is not an article", () => {
    const { units, problems } = structureOfLaw(
      "Art. 1º Primeiro.\nArt. 2º Segundo, nos termos do\nArt. 1º desta Lei.\nArt. 4º Quarto.",
    );
    expect(units.map((u) => u.anchor)).toEqual(["art1", "art2", "art4"]);
    expect(units[1].text).toBe("Segundo, nos termos do Art. 1º desta Lei.");
    expect(problems).toEqual(["Depois do art. 2, o texto passa ao art. 4."]);
  });

  it("a unit written twice without the amending law is reported, and the second wording kept", () => {
    const { units, problems } = structureOfLaw(
      "Art. 1º Caput.\nI - antigo;\nI - novo;\nRedação dada pela Lei nº 10/2001\nII - outro;\nII - repetido.",
    );
    expect(units.map((u) => [u.anchor, u.text, u.wordingFrom])).toEqual([
      ["art1", "Caput.", undefined],
      ["art1_cpt_inc1", "novo;", "Lei 10/2001"],
      ["art1_cpt_inc2", "repetido.", undefined],
    ]);
    expect(problems).toEqual([
      'Inciso II (art1_cpt_inc2) aparece duas vezes sem "Redação dada pela Lei …": vale o segundo texto.',
    ]);
  });

  it("roman numerals", () => {
    expect(["I", "IV", "IX", "XIV", "XL"].map(romanValue)).toEqual([1, 4, 9, 14, 40]);
    expect(romanValue("IIII")).toBeNaN();
    expect(romanValue("")).toBeNaN();
  });
});
