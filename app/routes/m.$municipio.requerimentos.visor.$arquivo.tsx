import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { scriptAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { packageScript } from "~/http/static-script.server";

// pdf.js for the review screen's document viewer, served as the package ships it (the Remix
// compiler breaks it when bundling). Same origin, so the site's CSP (script-src 'self') admits
// the module and its worker. Cached for a day: a new pdf.js arrives with a deploy.
const FILES: Record<string, string> = {
  "pdf.mjs": "pdfjs-dist/legacy/build/pdf.min.mjs",
  "pdf.worker.mjs": "pdfjs-dist/legacy/build/pdf.worker.min.mjs",
};

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requireStaff(request, params.municipio, "read:document");
  const target = FILES[params.arquivo ?? ""];
  if (!target) throw notFound("Arquivo não encontrado.");
  const body = await packageScript(target);
  if (body === null) throw notFound("Visualizador de PDF indisponível neste servidor.");
  return scriptAnswer(body, "private, max-age=86400");
});
