import { describe, expect, it } from "vitest";
import { vehicleFormFor } from "~/domain/applications/draft";
import { personFormFor } from "~/domain/applications/person-form";
import type { PersonField, VehicleField } from "~/domain/facts";
import { parseValidPart } from "~/forms/driver";

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
};

const PERSON: PersonField[] = ["phone", "birthDate", "cnhCategory", "cnhFirstLicenseDate", "heldPermissions"];
const person = (f: readonly PersonField[]) => personFormFor(f, "2026-12-01");

describe("parseValidPart: one invalid field never discards the valid ones", () => {
  it("keeps every well-formed answer and reports only the bad one", () => {
    const part = parseValidPart(
      person,
      PERSON,
      formOf([
        ["csrf", "x"],
        ["phone", "12345"],
        ["birthDate", "1990-03-15"],
        ["cnhCategory", "A"],
        ["cnhFirstLicenseDate", "2015-01-10"],
        ["heldPermissions", "MOTOTAXI"],
      ]),
      ["heldPermissions"],
    );
    expect(Object.keys(part.errors)).toEqual(["phone"]);
    expect(part.errors.phone).toMatch(/Telefone inválido/);
    expect(part.fields).toEqual(["birthDate", "cnhCategory", "cnhFirstLicenseDate", "heldPermissions"]);
    expect(part.data).toEqual({
      birthDate: "1990-03-15",
      cnhCategory: "A",
      cnhFirstLicenseDate: "2015-01-10",
      heldPermissions: ["MOTOTAXI"],
    });
    // What was typed comes back as typed, the bad value included, the token left out.
    expect(part.values).toMatchObject({ phone: "12345", birthDate: "1990-03-15", heldPermissions: ["MOTOTAXI"] });
    expect(part.values).not.toHaveProperty("csrf");
  });

  it("drops the field a cross-field rule names, and keeps the other side of the rule", () => {
    const part = parseValidPart(
      person,
      ["birthDate", "cnhFirstLicenseDate"],
      formOf([
        ["birthDate", "1990-03-15"],
        ["cnhFirstLicenseDate", "1980-01-01"],
      ]),
    );
    expect(part.errors).toEqual({ cnhFirstLicenseDate: "A primeira habilitação não pode ser antes do nascimento." });
    expect(part.fields).toEqual(["birthDate"]);
    expect(part.data).toEqual({ birthDate: "1990-03-15" });
  });

  it("parses everything when all is well, and a blank answer stays blank (saved as not answered)", () => {
    const fields: VehicleField[] = ["plate", "make", "manufactureYear"];
    const part = parseValidPart(
      vehicleFormFor,
      fields,
      formOf([
        ["plate", "ptc4d56"],
        ["make", "Honda"],
        ["manufactureYear", ""],
      ]),
    );
    expect(part.errors).toEqual({});
    expect(part.fields).toEqual(fields);
    expect(part.data).toMatchObject({ plate: "PTC4D56", make: "Honda" });
    expect(part.data.manufactureYear).toBeUndefined();
  });

  it("keeps nothing when every answer is refused", () => {
    const part = parseValidPart(
      vehicleFormFor,
      ["plate", "manufactureYear"] as VehicleField[],
      formOf([
        ["plate", "12"],
        ["manufactureYear", "ontem"],
      ]),
    );
    expect(Object.keys(part.errors).sort()).toEqual(["manufactureYear", "plate"]);
    expect(part.fields).toEqual([]);
    expect(part.data).toEqual({});
  });
});
