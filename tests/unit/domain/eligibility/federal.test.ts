// The federal baseline under each municipal pack, as evaluate() answers it: the stricter rule
// wins, the check names the law that asks, cities silent on a point follow federal law.
import { describe, expect, test } from "vitest";
import {
  credentialValidUntil,
  deadlineFor,
  deadlinesFor,
  evaluate,
  toApiResponse,
  validUntilWhereLawIsSilent,
  vistoriaChecklist,
  vistoriaOutcome,
} from "~/domain/eligibility";
import { addDuration } from "~/domain/eligibility/calendar";
import { defineBaseline, definePack, federalBr, type RulePackInput, withParameters } from "~/domain/rule-packs";
import { itaunaMg, jardimMs, lavrasMg, patrocinioMg } from "~/domain/rule-packs/shipped";
import { checkOf, type Facts, run } from "./helpers";

const DATE = "2025-06-15";
const L12009 = (u: string) => `Lei 12.009/2009, ${u}`;
const CTB = (u: string) => `Lei 9.503/1997 (CTB), ${u}`;
const L12587 = (u: string) => `Lei 12.587/2012, ${u}`;

const jardim: Facts = {
  person: {
    birthDate: "1990-01-01",
    cnhCategory: "A",
    cnhFirstLicenseDate: "2015-01-01",
    residenceMunicipalityIbge: "5005004",
    bloodType: "O+",
  },
  vehicle: {
    displacementCc: 150,
    firstRegistrationDate: "2022-01-10",
    passengerSeats: 1,
    operatorControlNumber: "07",
    registrationCategory: "ALUGUEL",
  },
  operator: { name: "Moto Rápida Ltda.", credentialed: true },
  quota: { population: 25_000, inForce: { VEICULO: 40 } },
};

describe("Jardim: Lei 904/1997 is silent on age and licence time; federal law applies", () => {
  test.each([
    { name: "a driver who turns 21 on the day passes", birthDate: "2004-06-15", status: "PASS" },
    { name: "a driver one day short of 21 fails", birthDate: "2004-06-16", status: "FAIL" },
  ])("$name, citing Lei 12.009/2009 art. 2º, I", ({ birthDate, status }) => {
    const check = checkOf(run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, jardim, { person: { birthDate } }), "min_age");
    expect(check).toMatchObject({ status, citation: L12009("art. 2º, I") });
  });

  test("2 years in category A, citing art. 2º, II", () => {
    const check = checkOf(
      run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, jardim, { person: { cnhFirstLicenseDate: "2023-06-16" } }),
      "cnh_years",
    );
    expect(check).toMatchObject({ status: "FAIL", citation: L12009("art. 2º, II") });
  });

  test("the CNH category both laws ask keeps the municipal citation, the federal one in details", () => {
    const check = checkOf(run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, jardim), "cnh_category");
    expect(check).toMatchObject({
      status: "PASS",
      citation: "Lei 904/1997, art. 20, a",
      details: { alsoRequiredBy: [L12009("art. 2º, II")] },
    });
  });

  test("the motorcycle must be registered as aluguel (Resolução CONTRAN 943/2022, art. 2º)", () => {
    const check = checkOf(
      run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, jardim, { vehicle: { registrationCategory: "PARTICULAR" } }),
      "vehicle_registration_category",
    );
    expect(check).toMatchObject({ status: "FAIL", citation: "Resolução CONTRAN 943/2022, art. 2º" });
  });

  test("the comarca's civil and criminal certificate is CTB art. 329's certificate: one paper, both citations", () => {
    const docs = run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, jardim).requiredDocuments;
    expect(docs.find((d) => d.type === "CERTIDAO_CIVEL_CRIMINAL")).toMatchObject({
      citation: "Lei 904/1997, art. 20, c",
      alsoRequiredBy: [CTB("art. 329")],
    });
    expect(docs.some((d) => d.type === "CERTIDAO_CRIMINAL")).toBe(false);
    expect(docs.find((d) => d.type === "CERTIFICADO_CURSO_ESPECIALIZADO")).toMatchObject({
      citation: L12009("art. 2º, III"),
      status: "MISSING",
    });
  });

  test("the vistoria adds the federal line-cutter; the mata-cachorro both laws ask is inspected once", () => {
    const spec = vistoriaChecklist(jardimMs, "MOTOTAXI", "VINCULADO");
    expect(spec?.items.filter((i) => i.code === "MATA_CACHORRO")).toEqual([
      expect.objectContaining({
        citation: "Lei 904/1997, art. 3º, § 3º",
        alsoRequiredBy: ["Resolução CONTRAN 943/2022, art. 3º, I"],
      }),
    ]);
    expect(spec?.items.find((i) => i.code === "ANTENA_CORTA_PIPAS")).toMatchObject({
      citation: "Resolução CONTRAN 943/2022, art. 3º, II",
      safety: true,
      layer: "FEDERAL",
    });
    expect(vistoriaOutcome(jardimMs, "MOTOTAXI", "VINCULADO", DATE, ["ANTENA_CORTA_PIPAS"]).result).toBe("REJECTED");
  });

  test("the API keeps its shape: same ids, the deciding citation, the federal law in details", () => {
    const result = evaluate({ pack: jardimMs, category: "MOTOTAXI", mode: "VINCULADO", date: DATE, ...jardim });
    const api = toApiResponse(result, jardimMs);
    expect(Object.keys(api)).toEqual(["eligible", "pack", "checks", "requiredDocuments"]);
    expect(api.pack).toEqual({ id: "jardim-ms", law: "Lei 904/1997", version: "1.0.0" });
    expect(api.checks.find((c) => c.id === "min_age")?.citation).toBe(L12009("art. 2º, I"));
    expect(api.requiredDocuments.find((d) => d.type === "CERTIFICADO_CURSO_ESPECIALIZADO")).toEqual({
      type: "CERTIFICADO_CURSO_ESPECIALIZADO",
      citation: L12009("art. 2º, III"),
      validity: null,
    });
    expect(result.baseline).toEqual({ id: "federal-br", version: "1.1.0" });
  });
});

describe("where both laws ask the same, the municipal citation stays and the federal one is in details", () => {
  const itauna: Facts = { person: { birthDate: "2004-06-16", cnhCategory: "A", cnhFirstLicenseDate: "2015-01-01" } };
  test("Itaúna art. 5º, I and Lei 12.009/2009 art. 2º, I both ask 21 years", () => {
    const check = checkOf(run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, itauna), "min_age");
    expect(check).toMatchObject({
      status: "FAIL",
      citation: "Lei 4.785/2013, art. 5º, I",
      details: { alsoRequiredBy: [L12009("art. 2º, I")] },
    });
  });

  test("Itaúna's motofrete is inspected every 6 months by its law and by the CTB", () => {
    expect(run(itaunaMg, "MOTOFRETE", "VINCULADO", DATE, itauna).nextVistoria).toEqual({
      period: "P6M",
      nextOn: "2025-12-15",
      citation: "Lei 4.785/2013, art. 8º, IX",
      discretionary: false,
      alsoRequiredBy: [CTB("art. 139-A, IV")],
    });
    expect(
      checkOf(run(itaunaMg, "MOTOFRETE", "AUTONOMO", DATE, itauna), "vehicle_registration_category").details
        .alsoRequiredBy,
    ).toEqual([CTB("art. 139-A, I")]);
  });

  test("a motoboy's vehicle is not under CTB art. 139-A (moto-frete only)", () => {
    expect(
      checkOf(run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, itauna), "vehicle_registration_category").details
        .alsoRequiredBy,
    ).toBeUndefined();
    expect(run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, itauna).nextVistoria?.alsoRequiredBy).toBeUndefined();
  });

  test("the checklist adds no document Itaúna already asks (the título de eleitor is new, ADR 060), and names the federal law on the shared ones", () => {
    const docs = run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, itauna).requiredDocuments;
    expect(docs.map((d) => d.type)).toEqual([
      "CND_MUNICIPAL",
      "INSCRICAO_AUTONOMO",
      "CNH",
      "CERTIDAO_CRIMINAL",
      "DOCUMENTO_PROPRIEDADE_VEICULO",
      "CERTIFICADO_CURSO_ESPECIALIZADO",
      "RG",
      "CPF",
      "COMPROVANTE_RESIDENCIA",
      "TITULO_ELEITOR",
    ]);
    expect(docs.find((d) => d.type === "CNH")).toMatchObject({
      citation: "Lei 4.785/2013, art. 5º, IV",
      alsoRequiredBy: [L12009("art. 2º, II")],
    });
    expect(docs.find((d) => d.type === "CERTIFICADO_CURSO_ESPECIALIZADO")).toMatchObject({
      citation: "Lei 4.785/2013, art. 5º, VII",
      alsoRequiredBy: [L12009("art. 2º, III")],
    });
    expect(docs.find((d) => d.type === "RG")?.alsoRequiredBy).toEqual([L12009("art. 2º, parágrafo único")]);
  });
});

describe("Lavras: app drivers under Lei 12.587/2012, arts. 11-A and 11-B", () => {
  const lavras: Facts = { person: { cnhCategory: "B", cnhEar: true, residenceMunicipalityIbge: "3138203" } };

  test("no federal minimum age for app drivers: still no min_age check", () => {
    expect(run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, lavras).checks.some((c) => c.id === "min_age")).toBe(false);
  });

  test("CNH B or higher with EAR: both laws, municipal citation first", () => {
    const result = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, lavras);
    expect(checkOf(result, "cnh_category").details.alsoRequiredBy).toEqual([L12587("art. 11-B, I")]);
    expect(checkOf(result, "cnh_ear")).toMatchObject({
      citation: "Lei 4.544/2019, art. 9º, I",
      details: { alsoRequiredBy: [L12587("art. 11-B, I")] },
    });
  });

  test("CRLV, criminal certificates, APP insurance and INSS are the same papers Lavras asks", () => {
    const docs = Object.fromEntries(
      run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, lavras).requiredDocuments.map((d) => [d.type, d.alsoRequiredBy]),
    );
    expect(docs.CRLV).toEqual([L12587("art. 11-B, III")]);
    expect(docs.CERTIDAO_CRIMINAL_ESTADUAL).toEqual([L12587("art. 11-B, IV")]);
    expect(docs.CERTIDAO_CRIMINAL_FEDERAL).toEqual([L12587("art. 11-B, IV")]);
    expect(docs.SEGURO_APP).toEqual([L12587("art. 11-A, parágrafo único, II")]);
    expect(docs.INSCRICAO_INSS).toEqual([L12587("art. 11-A, parágrafo único, III")]);
    expect("CERTIDAO_CRIMINAL" in docs).toBe(false);
  });

  test("DPVAT is without object: Lavras's art. 10, VI stands for the federal item, with the reason and its basis", () => {
    const result = run(lavrasMg, "APLICATIVO", "VINCULADO", DATE, lavras);
    expect(result.withoutObject).toEqual([
      expect.objectContaining({
        type: "DPVAT",
        layer: "MUNICIPAL",
        citation: "Lei 4.544/2019, art. 10, VI",
        askParameter: "pedirSeguroObrigatorio",
        reason: expect.stringContaining("SPVAT"),
        basis: expect.arrayContaining([expect.stringContaining("Lei Complementar 211/2024")]),
      }),
    ]);
    expect(result.requiredDocuments.map((d) => d.type)).not.toContain("DPVAT");
  });

  test("a city whose pack does not name the DPVAT still shows the federal item as without object", () => {
    const result = run(itaunaMg, "MOTOBOY", "AUTONOMO", DATE, {});
    expect(result.withoutObject).toEqual([]);
    const stripped = definePack({
      ...structuredClone(lavrasMg),
      documents: lavrasMg.documents.filter((d) => d.type !== "DPVAT"),
    } as RulePackInput);
    expect(run(stripped, "APLICATIVO", "VINCULADO", DATE, lavras).withoutObject).toEqual([
      expect.objectContaining({ type: "DPVAT", layer: "FEDERAL", citation: L12587("art. 11-A, parágrafo único, II") }),
    ]);
  });

  test("an additional driver is not asked the vehicle's papers again; the operator is outside the federal layer", () => {
    const extra = run(lavrasMg, "APLICATIVO", "PREPOSTO", DATE, lavras).requiredDocuments.map((d) => d.type);
    expect(extra).not.toContain("CRLV");
    expect(extra).not.toContain("SEGURO_APP");
    const company = run(lavrasMg, "APLICATIVO", "OPERADORA", DATE, {});
    expect(company.checks.every((c) => !c.citation.startsWith("Lei 12.587/2012"))).toBe(true);
    expect(company.withoutObject).toEqual([]);
  });

  test("the gestor's switch asks the DPVAT again, as an ordinary document of the pack", () => {
    const asking = withParameters(lavrasMg, { pedirSeguroObrigatorio: 1 });
    const result = run(asking, "APLICATIVO", "VINCULADO", DATE, lavras);
    expect(result.withoutObject).toEqual([]);
    expect(result.requiredDocuments.find((d) => d.type === "DPVAT")).toMatchObject({
      citation: "Lei 4.544/2019, art. 10, VI",
      status: "MISSING",
    });
    expect(result.eligible).toBe(false);
    expect(() => withParameters(lavrasMg, { pedirSeguroObrigatorio: 2 })).toThrow(/0 ou 1/);
  });

  test("a document without object needs a federal basis and a switch the gestor can turn", () => {
    const dpvat = lavrasMg.documents.find((d) => d.type === "DPVAT")!;
    const withDoc = (doc: object, parameters = lavrasMg.parameters) =>
      definePack({
        ...structuredClone(lavrasMg),
        parameters,
        documents: [...lavrasMg.documents.filter((d) => d.type !== "DPVAT"), { ...dpvat, ...doc }],
      } as RulePackInput);
    expect(() => withDoc({ withoutObject: { basis: "IPVA", askParameter: "pedirSeguroObrigatorio" } })).toThrow(
      /camada federal não registra/,
    );
    expect(() => withDoc({ withoutObject: { basis: "DPVAT", askParameter: "valorUfmlBrl" } })).toThrow(
      /liga e desliga/,
    );
    const { pedirSeguroObrigatorio: _gone, ...rest } = lavrasMg.parameters;
    expect(() => withDoc({}, rest)).toThrow(/liga e desliga/);
  });
});

describe("Patrocínio", () => {
  const base: Facts = { person: { birthDate: "1990-01-01" }, vehicle: { registrationCategory: "ALUGUEL" } };

  test("a preposto drives the titular's motorcycle: no federal vehicle rule reaches him", () => {
    const ids = run(patrocinioMg, "MOTOTAXI", "PREPOSTO", DATE, base).checks.map((c) => c.id);
    expect(ids).toEqual(["min_age", "cnh_category", "cnh_years", "incompatible_permissions"]);
  });

  test("art. 19 (handles, footrests, rain cape) is mototáxi equipment: a motoboy's vistoria does not ask it", () => {
    const art19 = ["ALCAS_PASSAGEIRO", "ESCAPAMENTO_ISOLADO", "PEDALEIRA_PASSAGEIRO", "CAPA_CHUVA", "RETROVISORES"];
    const boy = vistoriaChecklist(patrocinioMg, "MOTOBOY", "AUTONOMO");
    const taxi = vistoriaChecklist(patrocinioMg, "MOTOTAXI", "AUTONOMO");
    expect(boy?.items.map((i) => i.code)).toEqual([
      "ANTENA_CORTA_PIPAS",
      "MATA_CACHORRO",
      "COR_E_DISTICO",
      "PLACA_ALUGUEL",
    ]);
    expect(boy?.items.some((i) => i.citation.includes("art. 19"))).toBe(false);
    expect(taxi?.items.map((i) => i.code)).toEqual(expect.arrayContaining(art19));
    // A motoboy without passenger handles cannot fail for them: the item is not on his checklist.
    expect(() => vistoriaOutcome(patrocinioMg, "MOTOBOY", "AUTONOMO", DATE, ["ALCAS_PASSAGEIRO"])).toThrow(
      /fora do checklist/,
    );
    expect(vistoriaOutcome(patrocinioMg, "MOTOTAXI", "AUTONOMO", DATE, ["ALCAS_PASSAGEIRO"]).result).toBe("REJECTED");
    expect(
      run(patrocinioMg, "MOTOBOY", "AUTONOMO", DATE, base).requiredDocuments.some(
        (d) => d.type === "APOLICE_SEGURO_PASSAGEIRO",
      ),
    ).toBe(false);
  });

  test("art. 5º, § 6º (semi-annual inspections at the authority's discretion) reaches moto-frete too", () => {
    const spec = patrocinioMg.vistorias.find((v) => v.appliesTo.categories?.includes("MOTOFRETE"));
    expect(spec).toMatchObject({
      period: "P1Y",
      periodCitation: "Lei 4.883/2017, art. 23",
      discretionaryVistorias: { period: "P6M", citation: "Lei 4.883/2017, art. 5º, § 6º" },
    });
    for (const category of ["MOTOTAXI", "MOTOBOY"] as const) {
      expect(patrocinioMg.vistorias.find((v) => v.appliesTo.categories?.includes(category))).toMatchObject({
        period: "P6M",
        discretionary: true,
        periodCitation: "Lei 4.883/2017, art. 5º, § 6º",
      });
    }
  });

  test("the 30-day medical certificate after the licitação is a mototáxi titular's duty only", () => {
    const ids = (category: "MOTOTAXI" | "MOTOBOY" | "MOTOFRETE", mode: "AUTONOMO" | "PREPOSTO") =>
      deadlinesFor(patrocinioMg, category, mode).map((d) => d.id);
    expect(ids("MOTOTAXI", "AUTONOMO")).toContain("atestado_apos_licitacao");
    expect(ids("MOTOBOY", "AUTONOMO")).not.toContain("atestado_apos_licitacao");
    expect(ids("MOTOFRETE", "AUTONOMO")).not.toContain("atestado_apos_licitacao");
    expect(ids("MOTOTAXI", "PREPOSTO")).not.toContain("atestado_apos_licitacao");
    expect(ids("MOTOFRETE", "AUTONOMO")).toContain("comunicacao_acidente");
    expect(
      deadlineFor(patrocinioMg, "atestado_apos_licitacao", DATE, { category: "MOTOTAXI", mode: "AUTONOMO" }).dueAt,
    ).toBe("2025-07-15");
    expect(() =>
      deadlineFor(patrocinioMg, "atestado_apos_licitacao", DATE, { category: "MOTOFRETE", mode: "AUTONOMO" }),
    ).toThrow(/não se aplica/);
  });
});

describe("stricter wins, in both directions", () => {
  const federal25 = defineBaseline({
    id: "federal-br",
    version: "9.0.0",
    acts: [{ label: "Lei 12.009/2009", title: "Teste", date: "2009-07-29" }],
    personRules: [
      {
        id: "min_age",
        kind: "MIN_AGE",
        years: 25,
        citation: "Lei 12.009/2009, art. 2º, I",
        appliesTo: { modes: ["AUTONOMO", "VINCULADO", "PREPOSTO"], categories: ["MOTOBOY", "MOTOFRETE", "MOTOTAXI"] },
      },
      {
        id: "cnh_years",
        kind: "CNH_MIN_YEARS",
        years: 1,
        citation: "Lei 12.009/2009, art. 2º, II",
        appliesTo: { modes: ["AUTONOMO", "VINCULADO", "PREPOSTO"], categories: ["MOTOBOY", "MOTOFRETE", "MOTOTAXI"] },
      },
    ],
  });
  const person = { person: { birthDate: "2002-01-01", cnhFirstLicenseDate: "2023-06-16" } };

  test("a higher federal age replaces the city's, cites the federal law and names the weaker municipal rule", () => {
    const result = evaluate({
      pack: itaunaMg,
      category: "MOTOBOY",
      mode: "AUTONOMO",
      date: DATE,
      baseline: federal25,
      ...person,
    });
    expect(checkOf(result, "min_age")).toMatchObject({
      status: "FAIL",
      citation: "Lei 12.009/2009, art. 2º, I",
      details: { minimumYears: 25, stricterThan: ["Lei 4.785/2013, art. 5º, I"] },
    });
    expect(result.baseline).toEqual({ id: "federal-br", version: "9.0.0" });
  });

  test("a higher municipal licence time stays, citing the city and naming the weaker federal rule", () => {
    const result = evaluate({
      pack: itaunaMg,
      category: "MOTOBOY",
      mode: "AUTONOMO",
      date: DATE,
      baseline: federal25,
      ...person,
    });
    expect(checkOf(result, "cnh_years")).toMatchObject({
      status: "FAIL",
      citation: "Lei 4.785/2013, art. 5º, IV",
      details: { minimumYears: 2, stricterThan: ["Lei 12.009/2009, art. 2º, II"] },
    });
  });

  test("the shorter inspection period wins (Patrocínio moto-frete: CTB semi-annual over art. 23 yearly), and the seal follows it", () => {
    const result = run(patrocinioMg, "MOTOFRETE", "AUTONOMO", DATE, {});
    expect(result.nextVistoria).toMatchObject({
      period: "P6M",
      citation: CTB("art. 139-A, IV"),
      stricterThan: ["Lei 4.883/2017, art. 23"],
    });
    expect(vistoriaOutcome(patrocinioMg, "MOTOFRETE", "AUTONOMO", DATE, [])).toMatchObject({
      result: "APPROVED",
      nextOn: "2025-12-15",
      periodCitation: CTB("art. 139-A, IV"),
    });
  });

  test("the shipped baseline is the default", () => {
    expect(evaluate({ pack: jardimMs, category: "MOTOTAXI", mode: "VINCULADO", date: DATE }).baseline).toEqual({
      id: federalBr.id,
      version: federalBr.version,
    });
  });
});

describe("validity where the law is silent: the municipality's parameter, computed as the law's P1Y", () => {
  test.each(["2025-06-15", "2024-02-29", "2025-01-31", "2025-12-31"])(
    "12 months from %s end on the same day as P1Y",
    (from) => {
      expect(validUntilWhereLawIsSilent(itaunaMg, from)).toBe(credentialValidUntil(from, "P1Y"));
      expect(validUntilWhereLawIsSilent(itaunaMg, from)).toBe(addDuration(from, "P1Y"));
    },
  );

  test("not one day short of the law's P1Y (the invented 1 year did end a day early)", () => {
    expect(validUntilWhereLawIsSilent(jardimMs, "2025-06-15")).toBe("2026-06-15");
    const crachaPatrocinio = run(patrocinioMg, "MOTOTAXI", "AUTONOMO", DATE, {}).credentials.find(
      (c) => c.type === "CRACHA",
    );
    const crachaJardim = run(jardimMs, "MOTOTAXI", "VINCULADO", DATE, {}).credentials.find((c) => c.type === "CRACHA");
    expect(crachaJardim?.validUntil).toBe(crachaPatrocinio?.validUntil);
    expect(crachaJardim).toMatchObject({
      validitySource: "MUNICIPALITY_PARAMETER",
      validityParameter: { key: "validadeCredencialSemPrazoLegal", duration: "P12M" },
    });
    expect(crachaPatrocinio).toMatchObject({
      validitySource: "LAW",
      validityCitation: "Lei 4.883/2017, art. 4º, § 1º",
    });
  });

  test("the gestor's value is used: 6 months for Jardim's card", () => {
    const six = withParameters(jardimMs, { validadeCredencialSemPrazoLegal: 6 });
    expect(run(six, "MOTOTAXI", "VINCULADO", DATE, {}).credentials.find((c) => c.type === "CRACHA")?.validUntil).toBe(
      "2025-12-15",
    );
    expect(validUntilWhereLawIsSilent(six, "2025-08-31")).toBe("2026-03-01");
  });

  test("every shipped pack with a credential of no legal validity carries the parameter, 12 months by default and editable", () => {
    for (const pack of [itaunaMg, patrocinioMg, lavrasMg, jardimMs]) {
      expect(pack.parameters.validadeCredencialSemPrazoLegal).toMatchObject({
        unit: "MONTHS",
        value: 12,
        default: 12,
        editable: true,
      });
      expect(pack.parameters.validadeCredencialSemPrazoLegal.note).toContain("definido pela prefeitura");
    }
  });
});
