// The gaps ADR 013 left in the federal layer, closed by ADR 060: Lei 12.009/2009 art. 2º's sole
// paragraph for the motoboy, and Resolução CONTRAN 943/2022 art. 3º, III for the mototáxi.
import { describe, expect, test } from "vitest";
import { vistoriaChecklist } from "~/domain/eligibility";
import { federalBr, layeredRules } from "~/domain/rule-packs";
import { itaunaMg, jardimMs, patrocinioMg } from "~/domain/rule-packs/shipped";

const SOLE = "Lei 12.009/2009, art. 2º, parágrafo único";
const R943 = (u: string) => `Resolução CONTRAN 943/2022, ${u}`;

describe("Lei 12.009/2009, art. 2º, parágrafo único: what a motoboy also presents", () => {
  test("Itaúna asks identity, CPF, residence, criminal certificate and the motorcycle: the same papers", () => {
    const docs = layeredRules(itaunaMg, "MOTOBOY", "AUTONOMO").documents;
    for (const type of ["RG", "CPF", "COMPROVANTE_RESIDENCIA", "CERTIDAO_CRIMINAL", "DOCUMENTO_PROPRIEDADE_VEICULO"])
      expect(docs.find((d) => d.type === type)).toMatchObject({ layer: "BOTH", alsoRequiredBy: [SOLE] });
  });

  test("Itaúna's law does not ask the título de eleitor: the federal layer adds it with its citation", () => {
    const docs = layeredRules(itaunaMg, "MOTOBOY", "VINCULADO").documents;
    expect(docs.find((d) => d.type === "TITULO_ELEITOR")).toMatchObject({ layer: "FEDERAL", citation: SOLE });
  });

  test("Patrocínio's certidão de quitação eleitoral stands for it, nothing is asked twice", () => {
    const docs = layeredRules(patrocinioMg, "MOTOBOY", "AUTONOMO").documents;
    expect(docs.some((d) => d.type === "TITULO_ELEITOR")).toBe(false);
    expect(docs.find((d) => d.type === "QUITACAO_ELEITORAL")?.alsoRequiredBy).toEqual([SOLE]);
    expect(docs.find((d) => d.type === "CRLV")?.alsoRequiredBy).toEqual([SOLE]);
  });

  test("a preposto is not asked for the titular's motorcycle", () => {
    const docs = layeredRules(patrocinioMg, "MOTOBOY", "PREPOSTO").documents;
    expect(docs.filter((d) => d.alsoRequiredBy.includes(SOLE)).map((d) => d.type)).not.toContain("CRLV");
    expect(docs.find((d) => d.type === "RG")?.alsoRequiredBy).toEqual([SOLE]);
  });

  test("it reaches the motoboy only: a motofrete's checklist is unchanged", () => {
    const docs = layeredRules(itaunaMg, "MOTOFRETE", "AUTONOMO").documents;
    expect(docs.some((d) => d.citation === SOLE || d.alsoRequiredBy.includes(SOLE))).toBe(false);
  });
});

describe("Resolução CONTRAN 943/2022, art. 3º, III: the passenger's supports on a mototáxi", () => {
  test("Patrocínio's alças (art. 19, I) are the same item, inspected once", () => {
    const items = vistoriaChecklist(patrocinioMg, "MOTOTAXI", "AUTONOMO")?.items ?? [];
    expect(items.filter((i) => i.code === "ALCAS_PASSAGEIRO")).toEqual([
      expect.objectContaining({ layer: "BOTH", alsoRequiredBy: [R943("art. 3º, III")] }),
    ]);
  });

  test("Jardim's bancos e suportes (art. 3º, § 3º) are the same item", () => {
    const items = vistoriaChecklist(jardimMs, "MOTOTAXI", "VINCULADO")?.items ?? [];
    expect(items.find((i) => i.code === "BANCOS_SUPORTES")).toMatchObject({ layer: "BOTH" });
    expect(items.some((i) => i.code === "ALCAS_PASSAGEIRO")).toBe(false);
  });

  test("the mototáxi has no federal period (the summary gives Res. 943's semi-annual inspection no article)", () => {
    const spec = federalBr.vistorias.find((v) => v.appliesTo.categories?.includes("MOTOTAXI"));
    expect(spec?.period).toBeUndefined();
    expect(federalBr.notes.some((n) => n.includes("inspeção semestral"))).toBe(true);
  });
});
