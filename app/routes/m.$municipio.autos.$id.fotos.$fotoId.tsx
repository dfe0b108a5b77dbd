import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileResponse } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { photoOfInfraction } from "~/models/infraction-photo.server";
import { getStorage } from "~/utils/storage.server";

// An auto's evidence photo, to those who read autos in its municipality, through its auto only (any
// other id: the same 404). fileResponse: sandbox CSP, nosniff, no cache; `?baixar` downloads it.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:infraction");
  const photo = await photoOfInfraction(params.fotoId ?? "", params.id ?? "", municipality.id);
  if (!photo) throw notFound("Foto não encontrada.");
  return fileResponse(getStorage(), photo, { inline: new URL(request.url).searchParams.get("baixar") === null });
});
