import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { coatOfArmsThumbnail } from "~/models/municipal-band.server";
import { notFound } from "~/domain/refusal";

// The municipality's coat of arms, small, for the band under the header (ADR 032). Signed-in
// users only (the band is drawn for them); the address carries the image's hash (?v=…), so the
// browser keeps it for a year and fetches a new one when the gestor changes it.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requireUser(request);
  const bytes = await coatOfArmsThumbnail(params.municipio ?? "");
  if (!bytes) throw notFound("Brasão não cadastrado.");
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
});
