// The new town's draft as the tests of "Incluir" start it (tests/fixtures/laws): the law's
// proposals, the skeleton the portal writes, and that skeleton with the mototáxi of art. 2º.
import { readFileSync } from "node:fs";
import { draftFromLaw } from "~/domain/laws/proposals";
import { structureOfLaw } from "~/domain/laws/structure";
import { skeletonDocument } from "~/domain/rule-packs/accept-proposal";

export const LAW = readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1234-2025.txt", "utf8");
export const { proposals } = draftFromLaw(structureOfLaw(LAW).units);
export const SKELETON_INPUT = {
  id: "vale-do-ipe-mg",
  schemaUrl: "/schemas/rule-pack.json",
  municipality: { ibge: "3999999", name: "Vale do Ipê", uf: "MG" },
  law: { label: "Lei 1.234/2025", title: "Serviço de mototáxi e de motofrete", date: "2025-02-28" },
  fiscalUnit: "UFVI",
  today: "2026-12-07",
};
export const skeleton = skeletonDocument(SKELETON_INPUT);
/** The skeleton with the one category "Incluir" scopes rules to: mototáxi by the autonomous driver (art. 2º). */
export const MOTOTAXI_DRAFT = JSON.stringify({
  ...JSON.parse(skeleton),
  categories: [
    {
      code: "MOTOTAXI",
      label: "Mototáxi",
      acts: [],
      modes: [{ mode: "AUTONOMO", citation: "Lei 1.234/2025, art. 2º" }],
    },
  ],
});
