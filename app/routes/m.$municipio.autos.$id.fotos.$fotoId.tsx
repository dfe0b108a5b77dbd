import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/http/staff-guard.server";
import { photoOfInfraction } from "~/models/infraction-photo.server";
import { fileResponse, getStorage } from "~/utils/storage.server";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// An evidence photo of an auto, for those who read autos in its municipality (analista, gestor,
// fiscal). Through its auto only: any other id is the same 404. Served by fileResponse
// (sandbox CSP, nosniff, no cache); `?baixar` makes it a download.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:infraction");
  const photo = await photoOfInfraction(params.fotoId ?? "", params.id ?? "", municipality.id);
  if (!photo) throw notFound("Foto não encontrada.");
  return fileResponse(getStorage(), photo, { inline: new URL(request.url).searchParams.get("baixar") === null });
});
