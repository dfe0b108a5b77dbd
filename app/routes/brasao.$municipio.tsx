import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileAnswer } from "~/http/answers.server";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { coatOfArmsThumbnail } from "~/models/municipal-band.server";

// The municipality's coat of arms, small, for signed-in users' header band (ADR 032). The address
// carries the image's hash (?v=…), so it is cached for a year and refetched when it changes.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requireUser(request);
  const bytes = await coatOfArmsThumbnail(params.municipio ?? "");
  if (!bytes) throw notFound("Brasão não cadastrado.");
  return fileAnswer(Buffer.from(bytes), "image/png", "private, max-age=31536000, immutable", {
    "Content-Length": String(bytes.byteLength),
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
});
