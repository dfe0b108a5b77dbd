import { describe, expect, test } from "vitest";
import { classifyInfraction, proposePenalty, UnknownInfractionError } from "~/domain/infractions";
import { itaunaMg, jardimMs, lavrasMg, patrocinioMg } from "~/domain/rule-packs/shipped";

const I = (unit: string) => `Lei 4.785/2013, ${unit}`;
const P = (unit: string) => `Lei 4.883/2017, ${unit}`;

describe("Itaúna: classes and penalty ranges (art. 23 and 24)", () => {
  test.each([
    {
      code: "DECORO",
      cls: "LEVE",
      citation: I("art. 23, § 1º"),
      penalty: { warning: true, fine: { max: 2, unit: "UFPM" }, citation: I("art. 24, I") },
    },
    {
      code: "CADASTRO",
      cls: "MEDIA",
      citation: I("art. 23, § 2º"),
      penalty: { suspension: { maxDays: 15 }, fine: { max: 4, unit: "UFPM" }, citation: I("art. 24, II") },
    },
    {
      code: "DANO_OU_RISCO",
      cls: "GRAVE",
      citation: I("art. 23, § 3º"),
      penalty: {
        cassacao: true,
        fine: { max: 6, unit: "UFPM" },
        other: ["cancelamento do alvará"],
        citation: I("art. 24, III"),
      },
    },
  ])("$code is $cls", ({ code, cls, citation, penalty }) => {
    const c = classifyInfraction(itaunaMg, code);
    expect(c.class?.code).toBe(cls);
    expect(c.citation).toBe(citation);
    expect(c.penalty).toMatchObject(penalty);
  });

  test("not reporting a dismissal within 72 hours de-credentials the company, without a class", () => {
    const c = classifyInfraction(itaunaMg, "OMISSAO_COMUNICACAO_72H");
    expect(c.class).toBeNull();
    expect(c.penalty).toMatchObject({ cassacao: true, citation: I("art. 7º, parágrafo único") });
  });
});

describe("Itaúna: a repeat within less than one year counts as the next more serious class", () => {
  const prior = [{ code: "DECORO", date: "2024-03-10" }];

  test("one day inside the window, a leve is punished as média", () => {
    const p = proposePenalty(itaunaMg, { code: "DECORO", date: "2025-03-09", priorOffences: prior });
    expect(p.class?.code).toBe("LEVE");
    expect(p.appliedClass?.code).toBe("MEDIA");
    expect(p.escalated).toBe(true);
    expect(p.penalty).toMatchObject({ suspension: { maxDays: 15 }, fine: { max: 4 } });
    expect(p.repeat).toEqual({
      priorCode: "DECORO",
      priorDate: "2024-03-10",
      windowLastDay: "2025-03-09",
      citation: I("art. 24, parágrafo único"),
    });
    expect(p.citations).toEqual([I("art. 23, § 1º"), I("art. 24, II"), I("art. 24, parágrafo único")]);
  });

  test('on the anniversary (a full year, not "inferior a 1 ano") it is not a repeat', () => {
    const p = proposePenalty(itaunaMg, { code: "DECORO", date: "2025-03-10", priorOffences: prior });
    expect(p.escalated).toBe(false);
    expect(p.repeat).toBeNull();
    expect(p.appliedClass?.code).toBe("LEVE");
  });

  test("any earlier infraction counts, not only the same one", () => {
    const p = proposePenalty(itaunaMg, { code: "CADASTRO", date: "2025-01-01", priorOffences: prior });
    expect(p.appliedClass?.code).toBe("GRAVE");
  });

  test("a grave repeat stays grave: there is no class above it", () => {
    const p = proposePenalty(itaunaMg, { code: "DANO_OU_RISCO", date: "2025-01-01", priorOffences: prior });
    expect(p.repeat).not.toBeNull();
    expect(p.appliedClass?.code).toBe("GRAVE");
    expect(p.escalated).toBe(false);
  });

  test("escalation is one step, however many priors", () => {
    const many = [...prior, { code: "DECORO", date: "2024-06-01" }, { code: "CADASTRO", date: "2024-09-01" }];
    expect(
      proposePenalty(itaunaMg, { code: "DECORO", date: "2025-01-01", priorOffences: many }).appliedClass?.code,
    ).toBe("MEDIA");
  });

  test("an offence dated after the new one is not a prior", () => {
    expect(proposePenalty(itaunaMg, { code: "DECORO", date: "2024-03-01", priorOffences: prior }).escalated).toBe(
      false,
    );
  });
});

describe("Patrocínio: groups 1–4 are leve, média, grave and gravíssima (art. 33)", () => {
  test.each([
    { code: "ART30_G1_I", cls: "LEVE", citation: P("art. 30, Grupo 1, I") },
    { code: "ART30_G2_IV", cls: "MEDIA", citation: P("art. 30, Grupo 2, IV") },
    { code: "ART30_G3_I", cls: "GRAVE", citation: P("art. 30, Grupo 3, I") },
    { code: "ART30_G4_III", cls: "GRAVISSIMA", citation: P("art. 30, Grupo 4, III") },
    { code: "ART31_G1_I", cls: "LEVE", citation: P("art. 31, Grupo 1, I") },
    { code: "ART31_G2_II", cls: "MEDIA", citation: P("art. 31, Grupo 2, II") },
    { code: "ART31_G4_IV", cls: "GRAVISSIMA", citation: P("art. 31, Grupo 4, IV") },
  ])("$code is $cls", ({ code, cls, citation }) => {
    const c = classifyInfraction(patrocinioMg, code);
    expect(c.class?.code).toBe(cls);
    expect(c.citation).toBe(citation);
    expect(c.penalty.fine?.setByRegulation).toBe(true);
  });

  test("the catalogue has every item of arts. 30 and 31", () => {
    const count = (prefix: string) =>
      patrocinioMg.infractions.catalogue.filter((i) => i.code.startsWith(prefix)).length;
    expect(count("ART30_")).toBe(27);
    expect(count("ART31_")).toBe(17);
  });

  test("unlicensed mototáxi: 5 UFM and seizure of the vehicle", () => {
    expect(classifyInfraction(patrocinioMg, "ART32_MOTOTAXI_SEM_PERMISSAO").penalty).toMatchObject({
      fine: { amount: 5, unit: "UFM" },
      vehicleSeizure: true,
      citation: P("art. 32"),
    });
  });

  test("a final criminal conviction means cassação", () => {
    expect(classifyInfraction(patrocinioMg, "ART35_CONDENACAO_CRIMINAL").penalty).toMatchObject({
      cassacao: true,
      citation: P("art. 35"),
    });
  });

  test("the law sets no repeat rule, so nothing escalates", () => {
    const p = proposePenalty(patrocinioMg, {
      code: "ART30_G1_IV",
      date: "2025-01-02",
      priorOffences: [{ code: "ART30_G1_IV", date: "2025-01-01" }],
    });
    expect(p.escalated).toBe(false);
    expect(p.repeat).toBeNull();
  });
});

describe("Lavras and Jardim", () => {
  test("Lavras: a driver may be suspended up to 60 days or excluded", () => {
    expect(classifyInfraction(lavrasMg, "INOBSERVANCIA_MOTORISTA").penalty).toMatchObject({
      suspension: { maxDays: 60 },
      driverExclusion: true,
      citation: "Lei 4.544/2019, art. 13",
    });
  });

  test("Jardim: carrying a child in arms costs the concession holder 50% of the minimum wage", () => {
    expect(classifyInfraction(jardimMs, "PASSAGEIRO_IRREGULAR").penalty).toMatchObject({
      fine: { amount: 0.5, unit: "SALARIO_MINIMO" },
      citation: "Lei 904/1997, art. 14, parágrafo único",
    });
  });
});

test("an infraction code not in the pack is refused", () => {
  expect(() => classifyInfraction(itaunaMg, "ART30_G1_I")).toThrow(UnknownInfractionError);
});
