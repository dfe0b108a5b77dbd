// A pack whose rule reads a fact nobody can supply in a mode it applies to approves no one there:
// it is refused at load, naming the rule and the fact (issue #20).
import { describe, expect, test } from "vitest";
import { unsuppliedFacts } from "~/domain/facts";
import { definePack, type RulePackValidationError } from "~/domain/rule-packs";
import { allPacks } from "~/domain/rule-packs/shipped";
import { packRefusal } from "../../../support/pack-refusal";

const L = (u: string) => `Lei 100/2020, ${u}`;

/** A small valid pack offering motofrete to autônomos, linked drivers and companies. */
function sample(): any {
  return {
    id: "exemplo-mg",
    version: "1.0.0",
    effectiveDate: "2020-01-01",
    law: { label: "Lei 100/2020", title: "Exemplo", date: "2020-01-01" },
    municipality: { ibge: "3133808", name: "Itaúna", uf: "MG" },
    fiscalUnit: "UFM",
    categories: [
      {
        code: "MOTOFRETE",
        label: "Motofrete",
        acts: [
          {
            kind: "CREDENCIAMENTO",
            modes: ["AUTONOMO", "VINCULADO", "OPERADORA"],
            label: "Credenciamento",
            citation: L("art. 1º"),
          },
        ],
        modes: [
          { mode: "AUTONOMO", citation: L("art. 1º") },
          { mode: "VINCULADO", citation: L("art. 1º") },
          { mode: "OPERADORA", citation: L("art. 1º") },
        ],
      },
    ],
    personRules: [
      {
        id: "min_age",
        kind: "MIN_AGE",
        years: 21,
        citation: L("art. 2º, I"),
        appliesTo: { modes: ["AUTONOMO", "VINCULADO"] },
      },
    ],
    operatorRules: [
      {
        id: "operator_credentialed",
        kind: "OPERATOR_CREDENTIALED",
        citation: L("art. 3º"),
        appliesTo: { modes: ["VINCULADO"] },
      },
    ],
    infractions: {
      classes: [
        {
          code: "LEVE",
          label: "Leve",
          rank: 1,
          citation: L("art. 4º"),
          penalty: { warning: true, citation: L("art. 4º") },
        },
      ],
      catalogue: [
        { code: "ATRASO", description: "Atraso", offender: "CONDUTOR", class: "LEVE", citation: L("art. 4º") },
      ],
    },
  };
}

function refusal(mutate: (p: any) => void): RulePackValidationError {
  const raw = sample();
  mutate(raw);
  return packRefusal(() => definePack(raw));
}

describe("a rule that reads a fact nobody can supply is refused at load", () => {
  test("the sample loads, and so do the shipped packs, with nothing unsupplied", () => {
    expect(() => definePack(sample())).not.toThrow();
    for (const pack of allPacks) expect(unsuppliedFacts(pack), pack.id).toEqual([]);
  });

  test("a company has no birth date: a minimum age applied to the operator's own credentialing", () => {
    const e = refusal((p) => (p.personRules[0].appliesTo.modes = ["AUTONOMO", "OPERADORA"]));
    expect(e.rule).toBe("min_age");
    expect(e.message).toContain("person.birthDate");
    expect(e.message).toContain("OPERADORA");
  });

  test("an autônomo has no company: the platform's duty to report the driver, applied to autônomos", () => {
    const e = refusal((p) =>
      p.operatorRules.push({
        id: "operator_reported_driver",
        kind: "DRIVER_DATA_REPORTED",
        citation: L("art. 5º"),
        appliesTo: { modes: ["AUTONOMO"] },
      }),
    );
    expect(e.rule).toBe("operator_reported_driver");
    expect(e.message).toContain("operator.reportedDriverData");
  });

  test("a driver's application carries no company head office", () => {
    const e = refusal((p) =>
      p.operatorRules.push({
        id: "operator_head_office",
        kind: "HEAD_OFFICE_IN_MUNICIPALITY",
        orBranch: false,
        citation: L("art. 6º"),
        appliesTo: { modes: ["VINCULADO"] },
      }),
    );
    expect(e.rule).toBe("operator_head_office");
    expect(e.message).toContain("operator.headOfficeMunicipalityIbge");
  });

  test("the identification card's company name, for an autônomo", () => {
    const e = refusal((p) => {
      p.credentials = [
        {
          type: "CERTIFICADO",
          label: "Certificado",
          citation: L("art. 7º"),
          appliesTo: { modes: ["AUTONOMO"] },
          validity: { kind: "DURATION", duration: "P1Y", citation: L("art. 7º") },
        },
      ];
      p.identificationCard = {
        appliesTo: { modes: ["AUTONOMO"] },
        cards: [
          {
            label: "Cartão",
            citation: L("art. 7º"),
            credential: "CERTIFICADO",
            fields: [{ field: "COMPANY_NAME", citation: L("art. 7º, a") }],
          },
        ],
      };
    });
    expect(e.message).toContain("COMPANY_NAME");
    expect(e.message).toContain("operator.name");
  });
});
