// What the law says of each service besides who it credentials (issue #30's editor): how the holders
// are chosen, the term and its extensions, the colours — read from the draft and written back, each
// new one cited at a unit of the law with its words quoted; Patrocínio's as the shipped pack has them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { citableUnits } from "~/domain/laws/citation";
import { structureOfLaw } from "~/domain/laws/structure";
import { checkPackDocument } from "~/domain/rule-packs/document";
import { LIST_EDITORS } from "~/domain/rule-packs/list-editors";
import { withListFields } from "~/domain/rule-packs/list-fields";
import { type Doc, entry, LAW_LABEL, newTown, typedFor, write, written } from "./list-forms";
import { LAW } from "./new-town-draft";

const patrocinio = readFileSync("app/domain/rule-packs/cities/patrocinio-mg.json", "utf8");
const units = citableUnits(LAW_LABEL, structureOfLaw(LAW).units);
const mototaxi = (doc: Doc) => (doc.categories as Doc[]).find((c) => c.code === "MOTOTAXI")!;

describe("each service's selection, term and colours", () => {
  it("reads Patrocínio's mototáxi: licitação, 5 years extended once by 5, three colours", () => {
    expect(entry("servicos", patrocinio, "MOTOTAXI").values).toMatchObject({
      selecao: "LICITACAO",
      selecaoCitacao: "Lei 4.883/2017, art. 6º",
      prazo: "5",
      prazoUnidade: "Y",
      prorrogacao: "5",
      vezes: "1",
      "cor.VEICULO": "amarela topázio Y 198",
      "cor.UNIFORME": "",
    });
  });

  it("leaves Patrocínio's pack as it is when nothing is changed", () => {
    const result = written("servicos", patrocinio, typedFor("servicos", patrocinio, "MOTOTAXI"));
    expect(result.changed).toBe(0);
  });

  it("writes the new town's term and colour, cited at the unit chosen, with the law's words", () => {
    const typed = typedFor("servicos", newTown, "MOTOTAXI", {
      selecao: "CREDENCIAMENTO",
      selecaoCitacao: `${LAW_LABEL}, art. 2º`,
      prazo: "5",
      prorrogacao: "5",
      vezes: "1",
      prazoCitacao: `${LAW_LABEL}, art. 7º`,
      "cor.VEICULO": "amarela",
      coresCitacao: `${LAW_LABEL}, art. 4º, III`,
    });
    const result = withListFields(LIST_EDITORS.servicos, "servicos", JSON.parse(newTown), typed, units);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(mototaxi(result.doc)).toMatchObject({
      selection: { kind: "CREDENCIAMENTO", citation: `${LAW_LABEL}, art. 2º` },
      term: { max: "P5Y", extension: { duration: "P5Y", times: 1 }, citation: `${LAW_LABEL}, art. 7º` },
      colours: [{ part: "VEICULO", colour: "amarela", citation: `${LAW_LABEL}, art. 4º, III` }],
    });
    expect((result.doc.quotes as Record<string, string>)[`${LAW_LABEL}, art. 4º, III`]).toMatch(/categoria aluguel/);
    expect(checkPackDocument(JSON.stringify(result.doc)).problems).toEqual(checkPackDocument(newTown).problems);
  });

  it("names what is missing: the unit of a new term or colour, a term for an extension, how many times", () => {
    const at = entry("servicos", newTown, "MOTOTAXI").index;
    expect(
      write(
        "servicos",
        newTown,
        typedFor("servicos", newTown, "MOTOTAXI", { prorrogacao: "5", vezes: "0", "cor.CAPACETE": "preta" }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        [`servicos.${at}.prazo`]: "MOTOTAXI: a prorrogação é de um prazo: informe o prazo máximo.",
        [`servicos.${at}.vezes`]: "MOTOTAXI: informe quantas vezes, um número inteiro.",
        [`servicos.${at}.coresCitacao`]: "MOTOTAXI: escolha o dispositivo da lei que o diz.",
      },
    });
  });

  it("takes a term or a colour out when its field is left blank", () => {
    const result = written(
      "servicos",
      patrocinio,
      typedFor("servicos", patrocinio, "MOTOTAXI", { prazo: "", prorrogacao: "", vezes: "", "cor.CAPACETE": "" }),
    );
    expect(mototaxi(result.doc)).not.toHaveProperty("term");
    expect((mototaxi(result.doc).colours as Doc[]).map((c) => c.part)).toEqual(["VEICULO", "DISTICO"]);
  });
});
