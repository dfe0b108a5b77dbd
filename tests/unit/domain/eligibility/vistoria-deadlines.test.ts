import { describe, expect, test } from "vitest";
import { deadlineFor, vistoriaOutcome } from "~/domain/eligibility";
import { withParameters } from "~/domain/rule-packs";
import { itaunaMg, jardimMs, lavrasMg, patrocinioMg } from "~/domain/rule-packs/shipped";

describe("vistoria outcome", () => {
  test("Jardim: failing only non-safety items may be fixed within 10 days, at the authority's discretion", () => {
    expect(
      vistoriaOutcome(jardimMs, "MOTOTAXI", "VINCULADO", "2025-06-15", ["NUMERAL_EMPRESA", "TABELA_TARIFAS"]),
    ).toEqual({
      result: "CONDITIONAL",
      failedSafety: [],
      failedOther: ["NUMERAL_EMPRESA", "TABELA_TARIFAS"],
      fixBy: "2025-06-25",
      graceCitation: "Lei 904/1997, art. 19",
      graceDiscretionary: true,
      nextOn: "2025-12-15",
      periodCitation: "Lei 904/1997, art. 23, j",
    });
  });

  test("Jardim: failing the brakes rejects the motorcycle", () => {
    expect(vistoriaOutcome(jardimMs, "MOTOTAXI", "VINCULADO", "2025-06-15", ["FREIOS", "TABELA_TARIFAS"]).result).toBe(
      "REJECTED",
    );
  });

  test("Itaúna gives no grace: a noisy exhaust alone rejects", () => {
    expect(vistoriaOutcome(itaunaMg, "MOTOBOY", "AUTONOMO", "2025-06-15", ["ESCAPAMENTO"]).result).toBe("REJECTED");
  });

  test("a clean inspection schedules the next one by the law's period", () => {
    expect(vistoriaOutcome(lavrasMg, "APLICATIVO", "VINCULADO", "2025-06-15", [])).toMatchObject({
      result: "APPROVED",
      nextOn: "2026-06-15",
      periodCitation: "Lei 4.544/2019, art. 10, § 3º",
    });
  });

  test("an item not in the checklist is refused", () => {
    expect(() => vistoriaOutcome(patrocinioMg, "MOTOBOY", "AUTONOMO", "2025-06-15", ["ALCAS_PASSAGEIRO_X"])).toThrow(
      /fora do checklist/,
    );
  });
});

describe("duties with legal terms", () => {
  test("Itaúna: a dismissal at 14:30 must be reported by 14:30 three days later", () => {
    expect(deadlineFor(itaunaMg, "comunicacao_obito_desligamento", "2025-03-10T14:30")).toMatchObject({
      dueAt: "2025-03-13T14:30",
      citation: "Lei 4.785/2013, art. 7º, parágrafo único",
      sanction: "Descredenciamento da pessoa jurídica",
    });
  });

  test.each([
    {
      pack: itaunaMg,
      id: "atualizacao_endereco_operadora",
      from: "2025-01-31",
      dueAt: "2025-03-02",
      citation: "Lei 4.785/2013, art. 18, III",
    },
    {
      pack: itaunaMg,
      id: "relacao_condutores",
      from: "2025-01-01",
      dueAt: "2025-04-01",
      citation: "Lei 4.785/2013, art. 7º",
    },
    {
      pack: patrocinioMg,
      id: "baixa_condutor_auxiliar",
      from: "2025-03-10",
      dueAt: "2025-03-25",
      citation: "Lei 4.883/2017, art. 31, Grupo 1, I",
    },
    {
      pack: patrocinioMg,
      id: "comunicacao_acidente",
      from: "2025-03-10",
      dueAt: "2025-03-15",
      citation: "Lei 4.883/2017, art. 31, Grupo 2, II",
    },
    {
      pack: lavrasMg,
      id: "relatorio_mensal",
      from: "2025-01-31",
      dueAt: "2025-03-01",
      citation: "Lei 4.544/2019, art. 9º, parágrafo único",
    },
    {
      pack: lavrasMg,
      id: "comunicacao_exclusao",
      from: "2025-03-10",
      dueAt: "2025-03-10",
      citation: "Lei 4.544/2019, art. 13, parágrafo único",
    },
  ])("$pack.id $id from $from is due $dueAt", ({ pack, id, from, dueAt, citation }) => {
    expect(deadlineFor(pack, id, from)).toMatchObject({ dueAt, citation });
  });

  test("Lavras: the vehicle-list term is the Secretaria's to set; due once the gestor sets it", () => {
    expect(deadlineFor(lavrasMg, "relacao_veiculos", "2025-03-10").dueAt).toBeUndefined();
    const set = withParameters(lavrasMg, { prazoRelacaoVeiculosDias: 30 });
    expect(deadlineFor(set, "relacao_veiculos", "2025-03-10").dueAt).toBe("2025-04-09");
  });

  test("Jardim: an address change has no term in the law", () => {
    expect(deadlineFor(jardimMs, "alteracao_endereco", "2025-03-10").dueAt).toBeUndefined();
  });
});
