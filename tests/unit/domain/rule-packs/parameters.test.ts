import { describe, expect, test } from "vitest";
import { evaluate } from "~/domain/eligibility";
import { RulePackValidationError, withParameters } from "~/domain/rule-packs";
import { jardimMs, lavrasMg, patrocinioMg } from "~/domain/rule-packs/shipped";

const photo = [{ type: "FOTO_3X4", issueDate: "2025-01-01", reviewState: "ACCEPTED" as const }];
const photoStatus = (pack: typeof patrocinioMg) =>
  evaluate({
    pack,
    category: "MOTOBOY",
    mode: "AUTONOMO",
    date: "2025-05-01",
    documents: photo,
  }).requiredDocuments.find((d) => d.type === "FOTO_3X4");

describe("withParameters", () => {
  test("publishes a new version and leaves the old one unchanged", () => {
    const next = withParameters(patrocinioMg, { diasFotoRecente: 180 }, { effectiveDate: "2025-07-01" });
    expect(next.version).toBe("1.1.0");
    expect(next.effectiveDate).toBe("2025-07-01");
    expect(next.parameters.diasFotoRecente.value).toBe(180);
    expect(next.parameters.diasFotoRecente.default).toBe(90);
    expect(patrocinioMg.version).toBe("1.0.0");
    expect(patrocinioMg.parameters.diasFotoRecente.value).toBe(90);
  });

  test("a past decision re-evaluated with the old version gives the same answer", () => {
    // A photo of 1 January is 120 days old on 1 May: too old under 90 days, fine under 365.
    const next = withParameters(patrocinioMg, { diasFotoRecente: 365 });
    expect(photoStatus(patrocinioMg)).toMatchObject({ status: "EXPIRED", validity: "P90D" });
    expect(photoStatus(next)).toMatchObject({ status: "ACCEPTED", validity: "P365D" });
    expect(photoStatus(patrocinioMg)?.status).toBe("EXPIRED");
  });

  test('the new version is validated: a zero-day "recent" is refused, naming the document', () => {
    expect(() => withParameters(patrocinioMg, { diasFotoRecente: 0 })).toThrow(RulePackValidationError);
    expect(() => withParameters(patrocinioMg, { diasFotoRecente: 0 })).toThrow(/FOTO_3X4/);
  });

  test("an unknown parameter is refused", () => {
    expect(() => withParameters(lavrasMg, { taxaVistoria: 5 })).toThrow(/taxaVistoria/);
  });

  test("the value of the fiscal unit, unset by default, can be set by the gestor", () => {
    expect(lavrasMg.parameters.valorUfmlBrl).toMatchObject({ value: null, editable: true });
    expect(withParameters(lavrasMg, { valorUfmlBrl: 4.52 }).parameters.valorUfmlBrl.value).toBe(4.52);
  });

  test("versions chain: a second change is 1.2.0, and an explicit version must differ", () => {
    const v11 = withParameters(jardimMs, { salarioMinimoBrl: 1600 });
    expect(withParameters(v11, { salarioMinimoBrl: 1700 }).version).toBe("1.2.0");
    expect(() => withParameters(v11, { salarioMinimoBrl: 1700 }, { version: "1.1.0" })).toThrow(
      RulePackValidationError,
    );
  });
});

test("a parameter the law itself fixes cannot be edited", async () => {
  const { definePack } = await import("~/domain/rule-packs");
  const fixed = definePack({
    ...structuredClone(jardimMs),
    id: "fixo-ms",
    parameters: {
      ...structuredClone(jardimMs.parameters),
      multaFixa: {
        label: "Multa",
        unit: "BRL",
        value: 10,
        default: 10,
        editable: false,
        citation: "Lei 904/1997, art. 28",
        note: "em lei",
      },
    },
  });
  expect(() => withParameters(fixed, { multaFixa: 20 })).toThrow(/não pode alterá-lo/);
});
