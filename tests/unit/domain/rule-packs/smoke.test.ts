import { test } from "vitest";
import { allPacks } from "~/domain/rule-packs";
import { evaluate } from "~/domain/eligibility";
test("load", () => {
  const r = evaluate({ pack: allPacks[1], category: "MOTOTAXI", mode: "AUTONOMO", date: "2025-06-01",
    person: { birthDate: "2000-01-01", cnhCategory: "A", cnhFirstLicenseDate: "2020-01-01", heldPermissions: [] , otherRegisteredVehicles: 0},
    vehicle: { manufactureYear: 2021, displacementCc: 150, registrationCategory: "ALUGUEL", licensingMunicipalityIbge: "3148103", ownerKind: "HOLDER", usedForCargo: false },
    documents: [{ type: "ATESTADO_MEDICO", issueDate: "2024-06-01", reviewState: "ACCEPTED" }],
    quota: { population: 90000, inForce: { PERMISSION: 44 } } });
  console.log(JSON.stringify(r, null, 1));
});
