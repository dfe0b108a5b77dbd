import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { scriptAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { packageScript } from "~/http/static-script.server";

// jsQR, as the package ships it, for /verificar's camera script where there is no BarcodeDetector
// (ADR 033). Same origin, so the CSP (script-src 'self') admits it; public, cached for a day.
export const loader = withRefusals(async (_: LoaderFunctionArgs) => {
  const body = await packageScript("jsqr/dist/jsQR.js");
  if (body === null) throw notFound("Leitor de QR indisponível neste servidor.");
  return scriptAnswer(body, "public, max-age=86400");
});
