import { getMunicipalityByCode } from "@brazilian-utils/brazilian-utils";
import { describe, expect, test } from "vitest";
import { definePack, type RulePack, type RulePackInput, type RulePackValidationError } from "~/domain/rule-packs";
import { allPacks, getPack, packForMunicipality } from "~/domain/rule-packs/shipped";
import { packRefusal } from "../../../support/pack-refusal";

/** A small valid pack; each test breaks one thing in a fresh copy. */
function sample(): RulePackInput {
  const L = (u: string) => `Lei 100/2020, ${u}`;
  return {
    id: "exemplo-mg",
    version: "1.0.0",
    effectiveDate: "2020-01-01",
    law: { label: "Lei 100/2020", title: "Exemplo", date: "2020-01-01" },
    municipality: { ibge: "3133808", name: "Itaúna", uf: "MG" },
    fiscalUnit: "UFM",
    parameters: {
      diasRecente: {
        label: "Dias",
        unit: "DAYS",
        value: 90,
        default: 90,
        editable: true,
        citation: L("art. 2º"),
        note: "padrão",
      },
      taxaFixa: {
        label: "Taxa",
        unit: "UFM",
        value: 3,
        default: 3,
        editable: false,
        citation: L("art. 3º"),
        note: "fixada em lei",
      },
      // The CERTIFICADO below has no legal validity: the municipality's parameter sets it (ADR 013).
      validadeCredencialSemPrazoLegal: {
        label: "Validade",
        unit: "MONTHS",
        value: 12,
        default: 12,
        editable: true,
        citation: L("art. 6º"),
        note: "definido pela prefeitura",
      },
    },
    categories: [
      {
        code: "MOTOBOY",
        label: "Motoboy",
        acts: [{ kind: "AUTORIZACAO", modes: ["AUTONOMO"], label: "Autorização", citation: L("art. 1º") }],
        modes: [{ mode: "AUTONOMO", citation: L("art. 1º") }],
      },
    ],
    personRules: [
      { id: "min_age", kind: "MIN_AGE", years: 21, citation: L("art. 2º, I"), appliesTo: { modes: ["AUTONOMO"] } },
    ],
    vehicleRules: [
      {
        id: "vehicle_min_displacement",
        kind: "MIN_DISPLACEMENT",
        cc: 125,
        citation: L("art. 2º, II"),
        appliesTo: { modes: ["AUTONOMO"] },
      },
    ],
    documents: [
      {
        type: "FOTO_3X4",
        label: "Foto",
        citation: L("art. 2º, III"),
        appliesTo: { modes: ["AUTONOMO"] },
        validity: { kind: "RECENT", parameter: "diasRecente" },
        holderPhoto: true,
      },
    ],
    credentials: [
      {
        type: "CERTIFICADO",
        label: "Certificado",
        citation: L("art. 6º"),
        appliesTo: { modes: ["AUTONOMO"] },
        validity: { kind: "NOT_SET" },
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
        {
          code: "GRAVE",
          label: "Grave",
          rank: 2,
          citation: L("art. 5º"),
          penalty: { cassacao: true, citation: L("art. 5º") },
        },
      ],
      catalogue: [
        { code: "ATRASO", description: "Atraso", offender: "CONDUTOR", class: "LEVE", citation: L("art. 4º") },
      ],
    },
  };
}

function refusal(mutate: (p: RulePackInput & Record<string, any>) => void): RulePackValidationError {
  const raw = sample() as RulePackInput & Record<string, any>;
  mutate(raw);
  return packRefusal(() => definePack(raw));
}

describe("the shipped packs", () => {
  test("all four load and the registry finds them by id and by IBGE code", () => {
    expect(allPacks.map((p) => p.id)).toEqual(["itauna-mg", "patrocinio-mg", "lavras-mg", "jardim-ms"]);
    expect(getPack("lavras-mg")?.law.label).toBe("Lei 4.544/2019");
    expect(packForMunicipality("5005004")?.id).toBe("jardim-ms");
    expect(getPack("nowhere-xx")).toBeUndefined();
    expect(packForMunicipality("0000000")).toBeUndefined();
  });

  test.each(allPacks.map((p) => ({ id: p.id, pack: p })))(
    "$id: its IBGE code names its municipality in the IBGE table",
    ({ pack }) => {
      expect(getMunicipalityByCode(pack.municipality.ibge)).toEqual({
        code: pack.municipality.ibge,
        name: pack.municipality.name,
        stateCode: pack.municipality.uf,
      });
    },
  );

  test("Jardim (MS) is 5005004; 5004809 is Japorã", () => {
    expect(getMunicipalityByCode("5004809")?.name).toBe("Japorã");
    expect(packForMunicipality("5004809")).toBeUndefined();
  });

  test.each(allPacks.map((p) => ({ id: p.id, pack: p })))("$id: every citation names the pack's law", ({ pack }) => {
    const citations: string[] = [];
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === "object")
        for (const [k, v] of Object.entries(n)) {
          if (k === "citation" && typeof v === "string") citations.push(v);
          else walk(v);
        }
    };
    walk(pack);
    expect(citations.length).toBeGreaterThan(40);
    for (const c of citations) expect(c.startsWith(`${pack.law.label}, art. `)).toBe(true);
  });

  test("a loaded pack is frozen: nobody can edit a published version in place", () => {
    const pack = allPacks[0] as RulePack & { personRules: Array<{ years?: number }> };
    expect(() => {
      (pack.personRules[0] as { years: number }).years = 18;
    }).toThrow(TypeError);
  });
});

describe("a pack with a bad rule refuses to load, naming the rule", () => {
  test.each([
    {
      name: "a negative displacement",
      rule: "vehicle_min_displacement",
      mutate: (p: any) => (p.vehicleRules[0].cc = -1),
    },
    {
      name: "an amount in a fiscal unit that is not the town's",
      rule: "taxaFixa",
      mutate: (p: any) => (p.parameters.taxaFixa.unit = "UFPM"),
    },
    {
      name: "a fiscal unit that is not an acronym",
      rule: "fiscalUnit",
      mutate: (p: any) => (p.fiscalUnit = "Unidade Fiscal"),
    },
    {
      name: "a citation of another law",
      rule: "min_age",
      mutate: (p: any) => (p.personRules[0].citation = "Lei 999/2001, art. 2º, I"),
    },
    { name: "a malformed citation", rule: "min_age", mutate: (p: any) => (p.personRules[0].citation = "art. 2, I") },
    {
      name: "a rule kind the engine does not know",
      rule: "min_age",
      mutate: (p: any) => (p.personRules[0].kind = "MAX_AGE"),
    },
    {
      name: 'a document whose "recent" parameter does not exist',
      rule: "FOTO_3X4",
      mutate: (p: any) => (p.documents[0].validity.parameter = "nope"),
    },
    {
      name: "a rule for a category the pack does not offer",
      rule: "min_age",
      mutate: (p: any) => (p.personRules[0].appliesTo.categories = ["MOTOTAXI"]),
    },
    {
      name: "a rule for a mode no category admits",
      rule: "vehicle_min_displacement",
      mutate: (p: any) => (p.vehicleRules[0].appliesTo.modes = ["PREPOSTO"]),
    },
    {
      name: "two rules answering the same check",
      rule: "min_age",
      mutate: (p: any) => p.personRules.push({ ...p.personRules[0], years: 18 }),
    },
    {
      name: "an infraction of an unknown class",
      rule: "ATRASO",
      mutate: (p: any) => (p.infractions.catalogue[0].class = "MEDIA"),
    },
    {
      name: "an unknown field in a rule",
      rule: "vehicle_min_displacement",
      mutate: (p: any) => (p.vehicleRules[0].maxCc = 250),
    },
    {
      name: "a bad ISO duration",
      rule: "FOTO_3X4",
      mutate: (p: any) => (p.documents[0].validity = { kind: "DURATION", duration: "1 ano" }),
    },
    { name: "a bad parameter value", rule: "diasRecente", mutate: (p: any) => (p.parameters.diasRecente.value = -5) },
    {
      name: "a credential declared twice for the same category and mode",
      rule: "CERTIFICADO",
      mutate: (p: any) => p.credentials.push({ ...p.credentials[0], label: "Outro" }),
    },
    {
      name: "a seal issued at a vistoria no rule schedules",
      rule: "SELO_VISTORIA",
      mutate: (p: any) => p.credentials.push({ ...p.credentials[0], type: "SELO_VISTORIA", issuedOn: "VISTORIA" }),
    },
    {
      name: "a crachá with no document declared as the holder's photo",
      rule: "CRACHA",
      mutate: (p: any) => ((p.credentials[0].type = "CRACHA"), (p.documents[0].holderPhoto = false)),
    },
    {
      name: "two documents declared as the holder's photo",
      rule: "FOTO_EXTRA",
      mutate: (p: any) => p.documents.push({ ...p.documents[0], type: "FOTO_EXTRA" }),
    },
    {
      name: "an identification card printed on a credential the pack does not issue",
      rule: "Cartão",
      mutate: (p: any) =>
        (p.identificationCard = {
          appliesTo: { modes: ["AUTONOMO"] },
          cards: [
            {
              label: "Cartão",
              citation: "Lei 100/2020, art. 6º",
              credential: "CRACHA",
              fields: [{ field: "HOLDER_NAME", citation: "Lei 100/2020, art. 6º" }],
            },
          ],
        }),
    },
  ])("$name → names $rule", ({ rule, mutate }) => {
    const error = refusal(mutate);
    expect(error.packId).toBe("exemplo-mg");
    expect(error.rule).toBe(rule);
    expect(error.message).toContain(`regra "${rule}"`);
  });

  test("a town's own fiscal unit (any acronym) is its money unit", () => {
    const pack = sample() as any;
    pack.fiscalUnit = "UFVI";
    pack.parameters.taxaFixa.unit = "UFVI";
    expect(definePack(pack).parameters.taxaFixa.unit).toBe("UFVI");
  });

  test("the sample itself loads, so each refusal above is caused by its one change", () => {
    expect(definePack(sample()).id).toBe("exemplo-mg");
  });
});
