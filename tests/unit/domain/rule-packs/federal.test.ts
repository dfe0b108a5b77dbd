// The federal baseline pack: its citations, its loader, and the refusal of a municipal pack that
// cannot sit on it (ADR 013).
import { describe, expect, test } from "vitest";
import {
  type BaselinePackInput,
  CITATION_RE,
  defineBaseline,
  definePack,
  federalBr,
  type RulePackInput,
  RulePackValidationError,
  withParameters,
} from "~/domain/rule-packs";
import { itaunaMg } from "~/domain/rule-packs/shipped";
import { packRefusal } from "../../../support/pack-refusal";

describe("citations of federal acts", () => {
  test.each([
    "Lei 12.009/2009, art. 2º, I",
    "Lei 9.503/1997 (CTB), art. 139-A, II",
    "Lei 9.503/1997 (CTB), art. 329",
    "Resolução CONTRAN 943/2022, art. 3º, I",
    "Lei 12.587/2012, art. 11-B, I",
    "Lei 12.587/2012, art. 11-A, parágrafo único, II",
    "Lei 4.883/2017, art. 5º, I",
  ])("%s is a valid citation", (c) => expect(CITATION_RE.test(c)).toBe(true));

  test.each([
    "CTB, art. 139-A, II",
    "Resolução 943/2022, art. 3º, I",
    "Lei 12.009/2009, art. 2, I",
    "Lei 9.503/1997 (ctb), art. 139-A",
    "Lei 12.587/2012, art. 11-b, I",
  ])("%s is not", (c) => expect(CITATION_RE.test(c)).toBe(false));

  test("every citation of the federal pack names one of its own acts", () => {
    const acts = federalBr.acts.map((a) => a.label);
    const cites: string[] = [];
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === "object")
        for (const [k, v] of Object.entries(n)) {
          if ((k === "citation" || k === "periodCitation") && typeof v === "string") cites.push(v);
          else walk(v);
        }
    };
    walk(federalBr);
    expect(cites.length).toBeGreaterThan(15);
    for (const c of cites) expect(acts.some((a) => c.startsWith(`${a}, art. `))).toBe(true);
    expect(acts).toEqual(["Lei 12.009/2009", "Lei 9.503/1997 (CTB)", "Resolução CONTRAN 943/2022", "Lei 12.587/2012"]);
  });

  test("the baseline asks Lei 12.009/2009 art. 2º I–III of every motorcycle professional, in every person mode", () => {
    for (const id of ["min_age", "cnh_category", "cnh_years"]) {
      const rule = federalBr.personRules.find((r) => r.id === id && r.appliesTo.categories?.includes("MOTOBOY"));
      expect(rule?.appliesTo).toEqual({
        modes: ["AUTONOMO", "VINCULADO", "PREPOSTO"],
        categories: ["MOTOTAXI", "MOTOBOY", "MOTOFRETE"],
      });
    }
    expect(federalBr.personRules.find((r) => r.id === "min_age")).toMatchObject({
      kind: "MIN_AGE",
      years: 21,
      citation: "Lei 12.009/2009, art. 2º, I",
    });
    expect(federalBr.personRules.find((r) => r.id === "cnh_years")).toMatchObject({
      kind: "CNH_MIN_YEARS",
      years: 2,
      citation: "Lei 12.009/2009, art. 2º, II",
    });
    expect(federalBr.notApplicable).toEqual([
      expect.objectContaining({
        code: "DPVAT",
        citation: "Lei 12.587/2012, art. 11-A, parágrafo único, II",
        reason: expect.stringContaining("deixou de ser cobrado"),
      }),
    ]);
  });
});

function baseline(): BaselinePackInput {
  return {
    id: "federal-br",
    version: "1.0.0",
    acts: [{ label: "Lei 12.009/2009", title: "Motoboy", date: "2009-07-29" }],
    personRules: [
      {
        id: "min_age",
        kind: "MIN_AGE",
        years: 21,
        citation: "Lei 12.009/2009, art. 2º, I",
        appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOBOY"] },
      },
    ],
  };
}

function baselineRefusal(mutate: (b: any) => void): RulePackValidationError {
  const raw = baseline() as any;
  mutate(raw);
  try {
    defineBaseline(raw);
  } catch (e) {
    if (e instanceof RulePackValidationError) return e;
    throw e;
  }
  throw new Error("the baseline loaded");
}

describe("the baseline loader refuses, naming the rule", () => {
  test("a small baseline loads", () => expect(defineBaseline(baseline()).id).toBe("federal-br"));
  test.each([
    {
      name: "a citation of an act not in its list",
      mutate: (b: any) => (b.personRules[0].citation = "Lei 4.883/2017, art. 5º, I"),
      problem: /não é de um dos atos/,
    },
    {
      name: "a rule that does not name its categories",
      mutate: (b: any) => delete b.personRules[0].appliesTo.categories,
      problem: /nomeia as categorias/,
    },
    {
      name: "a rule for operator companies",
      mutate: (b: any) => b.personRules[0].appliesTo.modes.push("OPERADORA"),
      problem: /OPERADORA/,
    },
    {
      name: "two answers to the same check",
      mutate: (b: any) => b.personRules.push({ ...b.personRules[0], years: 18 }),
      problem: /mesmo identificador/,
    },
  ])("$name", ({ mutate, problem }) => {
    const error = baselineRefusal(mutate);
    expect(error.rule).toBe("min_age");
    expect(error.problem).toMatch(problem);
  });
});

/** A municipal motoboy/motofrete pack that sits on the federal baseline; each test breaks one thing. */
function municipal(): any {
  const L = (u: string) => `Lei 100/2020, ${u}`;
  const autonomo = { modes: ["AUTONOMO" as const] };
  return {
    id: "exemplo-mg",
    version: "1.0.0",
    effectiveDate: "2020-01-01",
    law: { label: "Lei 100/2020", title: "Exemplo", date: "2020-01-01" },
    municipality: { ibge: "3133808", name: "Itaúna", uf: "MG" },
    fiscalUnit: "UFM",
    categories: (["MOTOBOY", "MOTOFRETE"] as const).map((code) => ({
      code,
      label: code,
      acts: [
        { kind: "AUTORIZACAO" as const, modes: ["AUTONOMO" as const], label: "Autorização", citation: L("art. 1º") },
      ],
      modes: [{ mode: "AUTONOMO" as const, citation: L("art. 1º") }],
    })),
    personRules: [
      {
        id: "cnh_category",
        kind: "CNH_CATEGORY",
        anyOf: ["A", "AB"],
        label: "A",
        citation: L("art. 2º, I"),
        appliesTo: autonomo,
      },
    ],
    vehicleRules: [
      {
        id: "vehicle_registration_category",
        kind: "REGISTRATION_CATEGORY",
        category: "ALUGUEL",
        citation: L("art. 2º, II"),
        appliesTo: autonomo,
      },
    ],
    vistorias: [
      {
        id: "vistoria",
        appliesTo: autonomo,
        period: "P1Y",
        periodCitation: L("art. 3º"),
        discretionary: false,
        items: [{ code: "MATA_CACHORRO", label: "Mata-cachorro", safety: true, citation: L("art. 3º, I") }],
      },
    ],
    infractions: {
      catalogue: [
        {
          code: "ATRASO",
          description: "Atraso",
          offender: "CONDUTOR",
          penalty: { warning: true, citation: L("art. 4º") },
          citation: L("art. 4º"),
        },
      ],
    },
  };
}

function loadRefusal(raw: RulePackInput, options?: Parameters<typeof definePack>[1]): RulePackValidationError {
  return packRefusal(() => definePack(raw, options));
}

describe("a municipal pack inconsistent with the federal baseline refuses to load", () => {
  test("the sample loads on the shipped baseline, so each refusal below is caused by its one change", () => {
    expect(definePack(municipal()).id).toBe("exemplo-mg");
  });

  test("a CNH category the federal law does not admit (B for a motoboy: no category in common)", () => {
    const raw = municipal();
    raw.personRules[0].anyOf = ["B"];
    const error = loadRefusal(raw);
    expect(error.rule).toBe("cnh_category");
    expect(error.problem).toMatch(/camada federal/);
    expect(error.problem).toContain("Lei 12.009/2009, art. 2º, II");
  });

  test("a motofrete registered as particular, where the CTB asks aluguel", () => {
    const raw = municipal();
    raw.vehicleRules[0].category = "PARTICULAR";
    const error = loadRefusal(raw);
    expect(error.rule).toBe("vehicle_registration_category");
    expect(error.problem).toContain("MOTOFRETE/AUTONOMO");
    expect(error.problem).toContain("Lei 9.503/1997 (CTB), art. 139-A, I");
  });

  test("federal vistoria items with no municipal vistoria and no federal period to schedule them", () => {
    const raw = municipal();
    raw.vistorias = [];
    const items = defineBaseline({
      id: "federal-br",
      version: "1.0.0",
      acts: [{ label: "Resolução CONTRAN 943/2022", title: "Motofrete", date: "2022-03-28" }],
      vistorias: [
        {
          id: "vistoria",
          appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOBOY"] },
          discretionary: false,
          items: [
            {
              code: "ANTENA_CORTA_PIPAS",
              label: "Antena",
              safety: true,
              citation: "Resolução CONTRAN 943/2022, art. 3º, II",
            },
          ],
        },
      ],
    });
    const error = loadRefusal(raw, { baseline: items });
    expect(error.rule).toBe("vistoria");
    expect(error.problem).toMatch(/não prevê vistoria/);
  });

  test("a stricter municipal rule is no conflict: the sample's A/AB is a subset of the federal A", () => {
    expect(() => definePack(municipal())).not.toThrow();
  });
});

describe("validity where the law is silent", () => {
  test("a pack with a credential of no legal validity must carry the municipality's parameter", () => {
    const raw = municipal();
    raw.credentials = [
      {
        type: "CERTIFICADO",
        label: "Certificado",
        citation: "Lei 100/2020, art. 5º",
        appliesTo: { modes: ["AUTONOMO"] },
        validity: { kind: "NOT_SET" },
      },
    ];
    const error = loadRefusal(raw);
    expect(error.rule).toBe("CERTIFICADO");
    expect(error.problem).toContain("validadeCredencialSemPrazoLegal");
    raw.parameters = {
      validadeCredencialSemPrazoLegal: {
        label: "Validade",
        unit: "MONTHS",
        value: 12,
        default: 12,
        editable: true,
        citation: "Lei 100/2020, art. 5º",
        note: "definido pela prefeitura",
      },
    };
    expect(definePack(raw).parameters.validadeCredencialSemPrazoLegal.value).toBe(12);
  });

  test("the gestor may change it but not clear it", () => {
    expect(
      withParameters(itaunaMg, { validadeCredencialSemPrazoLegal: 24 }).parameters.validadeCredencialSemPrazoLegal
        .value,
    ).toBe(24);
    expect(() => withParameters(itaunaMg, { validadeCredencialSemPrazoLegal: null })).toThrow(
      /validadeCredencialSemPrazoLegal/,
    );
    expect(() => withParameters(itaunaMg, { validadeCredencialSemPrazoLegal: 0 })).toThrow(RulePackValidationError);
  });
});
