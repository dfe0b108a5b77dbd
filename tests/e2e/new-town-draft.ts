// What Vale do Ipê's draft holds once its author has included every proposal of its law
// (tests/e2e/new-town.spec.ts): each rule at the unit it was read from, with the law's words.
import { expect } from "@playwright/test";

/**
 * The rules "Incluir" places from the law's proposals (art. 3º, I, II twice, III and V; art. 4º, I to
 * IV; the fee of art. 7º); and the appeal's term (art. 10, parágrafo único), set in the infractions.
 * The documents the law names, with their validity: the CNH of the category art. 3º, II asks, the
 * course's certificate (IV), those of VI and § 1º, the photo of art. 8º, a. The annual vistoria of
 * art. 5º and the seal it issues; the infractions of art. 9º, each with the penalties of art. 10, and
 * that scale; the fields the crachá shows (art. 8º, a to c), and the crachá itself, valid for a year
 * (art. 8º); the vagas of mototáxi per inhabitants (art. 6º), once the form says the town has mototáxi.
 */
const INCLUDED = {
  personRules: ["min_age", "cnh_category", "cnh_min_years", "cnh_ear", "residence"],
  vehicleRules: [
    "vehicle_age",
    "min_cc",
    "vehicle_registration_category",
    "vehicle_licensing_municipality",
    "vehicle_ownership",
  ],
  fees: ["taxa"],
};
const INCLUDED_DOCUMENTS = [
  "CNH",
  "CERTIFICADO_CURSO_ESPECIALIZADO",
  "CERTIDAO_CRIMINAL",
  "ATESTADO_ANTECEDENTES",
  "COMPROVANTE_RESIDENCIA",
  "FOTO",
];
const INCLUDED_INFRACTIONS = ["ART9_I", "ART9_II", "ART9_III"];

/** The draft's document after every "Incluir" of the page, checked rule by rule. */
export function expectDraftFromTheLaw(withProposals: any, lawLabel: string) {
  for (const [list, ids] of Object.entries(INCLUDED))
    expect(withProposals[list].map((r: { id: string }) => r.id)).toEqual(ids);
  expect(withProposals.fees[0]).toMatchObject({ amount: 5, unit: "UFVI", citation: `${lawLabel}, art. 7º` });
  expect(withProposals.documents.map((d: { type: string }) => d.type)).toEqual(INCLUDED_DOCUMENTS);
  const documentOf = (type: string) => withProposals.documents.find((d: { type: string }) => d.type === type);
  expect(documentOf("CERTIDAO_CRIMINAL").validity).toEqual({ kind: "DURATION", duration: "P90D" });
  expect(documentOf("CNH")).toMatchObject({ validity: { kind: "OWN_EXPIRY" }, citation: `${lawLabel}, art. 3º, II` });
  expect(withProposals.parameters.diasComprovanteResidenciaAtualizado).toMatchObject({ value: 90, unit: "DAYS" });
  expect(withProposals.infractions.catalogue.map((i: { code: string }) => i.code)).toEqual(INCLUDED_INFRACTIONS);
  expect(withProposals.infractions.catalogue[0].penalty).toMatchObject({
    fine: { min: 2, max: 10, unit: "UFVI" },
    citation: `${lawLabel}, art. 10`,
  });
  expect(withProposals.infractions.penaltyScale.citation).toBe(`${lawLabel}, art. 10`);
  expect(withProposals.quotas).toMatchObject([
    { categories: ["MOTOTAXI"], unit: "PERMISSAO", inhabitantsPerUnit: 1000 },
  ]);
  // Art. 3º, § 2º: the mototáxi's colete and capacete, for that service only.
  expect(withProposals.serviceRequirements).toEqual([
    expect.objectContaining({ code: "COLETE_CAPACETE", appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] } }),
  ]);
  expect(withProposals.credentials).toMatchObject([
    { type: "SELO_VISTORIA", validity: { kind: "UNTIL_NEXT_VISTORIA" }, issuedOn: "VISTORIA" },
    { type: "CRACHA", validity: { duration: "P1Y" } },
  ]);
  // Art. 5º's annual vistoria lists no items: the inspector checks the federal floor's (CTB 139-A).
  expect(withProposals.vistorias).toMatchObject([
    { id: "vistoria", period: "P1Y", periodCitation: `${lawLabel}, art. 5º`, items: [] },
  ]);
  expect(withProposals.identificationCard.cards[0].fields.map((f: { field: string }) => f.field)).toEqual([
    "HOLDER_NAME",
    "PHOTO",
    "REGISTRATION_NUMBER",
    "BLOOD_TYPE",
  ]);
  expect(withProposals.infractions.enforcement.appeal).toEqual({
    within: "P15D",
    citation: `${lawLabel}, art. 10, parágrafo único`,
  });
  expect(withProposals.personRules[0]).toMatchObject({
    kind: "MIN_AGE",
    years: 21,
    citation: `${lawLabel}, art. 3º, I`,
    appliesTo: { modes: ["AUTONOMO"] },
  });
  // Read from the law as amended (Lei 1.301/2026), with its words.
  const minCc = withProposals.vehicleRules.find((r: { id: string }) => r.id === "min_cc");
  expect(minCc).toMatchObject({ cc: 150, citation: `${lawLabel}, art. 4º, II` });
  expect(withProposals.quotes[minCc.citation]).toBe("ter motor de, no mínimo, 150 cc (cento e cinquenta cilindradas);");
}
