import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileResponse } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { getMunicipalIdentity } from "~/models/municipality.server";
import { getStorage } from "~/utils/storage.server";

// The municipality's coat of arms as stored, for the gestor's identity page (its preview).
// Served by fileResponse (sandbox CSP, nosniff, no cache); the public never fetches it here.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:identity");
  const m = await getMunicipalIdentity(municipality.id);
  if (!m.coatOfArmsKey || !m.coatOfArmsMime) throw notFound("Brasão não cadastrado.");
  return fileResponse(
    getStorage(),
    { storageKey: m.coatOfArmsKey, mime: m.coatOfArmsMime, originalName: "brasao", sizeBytes: 0 },
    { inline: true },
  );
});
