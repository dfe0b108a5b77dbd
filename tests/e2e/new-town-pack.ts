// What the author of a new town's pack writes by hand in the e2e journey (tests/e2e/new-town.spec.ts):
// the parts the law's proposals do not make, merged into the draft, and the example applicants.

type Doc = Record<string, unknown>;

/**
 * The draft with the rest of what the author wrote by hand added to it: lists are appended to (after the
 * included rules), named entries (parameters, quotes) merged, anything else written as is.
 */
export function withWrittenByHand(draft: Doc, written: Doc): Doc {
  const doc = { ...draft };
  for (const [key, value] of Object.entries(written)) {
    if (Array.isArray(value)) doc[key] = [...((doc[key] as unknown[] | undefined) ?? []), ...value];
    else if (key === "parameters" || key === "quotes") doc[key] = { ...(doc[key] as Doc), ...(value as Doc) };
    else doc[key] = value;
  }
  return doc;
}

/** A mototaxista of the town the author expects its law to accept, and one of 20 it must refuse (art. 3º, I). */
export function exampleApplicants(ibge: string) {
  const accepted = {
    name: "Mototaxista de 30 anos, CNH A há 5 anos com EAR, moto de 2022 com 160 cc",
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    date: "2026-12-07",
    person: {
      birthDate: "1996-05-10",
      cnhCategory: "A",
      cnhFirstLicenseDate: "2021-03-01",
      cnhEar: true,
      residenceMunicipalityIbge: ibge,
      heldPermissions: [],
      bloodType: "O+",
    },
    vehicle: {
      manufactureYear: 2022,
      displacementCc: 160,
      registrationCategory: "ALUGUEL",
      licensingMunicipalityIbge: ibge,
      ownerKind: "HOLDER",
    },
    quota: { population: 23418, inForce: { PERMISSAO: 3 } },
    expected: "ELIGIBLE",
  };
  const young = {
    ...accepted,
    name: "Mototaxista de 20 anos",
    person: { ...accepted.person, birthDate: "2006-01-15" },
    expected: "NOT_ELIGIBLE",
    failing: ["min_age"],
  };
  return [accepted, young];
}
