import type { LoaderFunctionArgs } from "@remix-run/node";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { requireStaff } from "~/http/staff-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// pdf.js for the review screen's document viewer, served as the package ships it (the Remix
// compiler breaks it when bundling). Same origin, so the site's CSP (script-src 'self') admits
// the module and its worker. Cached for a day: a new pdf.js arrives with a deploy.
const FILES: Record<string, string> = {
  "pdf.mjs": "pdfjs-dist/legacy/build/pdf.min.mjs",
  "pdf.worker.mjs": "pdfjs-dist/legacy/build/pdf.worker.min.mjs",
};

const cache = new Map<string, string>();

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requireStaff(request, params.municipio, "read:document");
  const target = FILES[params.arquivo ?? ""];
  if (!target) throw notFound("Arquivo não encontrado.");
  let body = cache.get(target);
  if (!body) {
    try {
      body = await readFile(createRequire(import.meta.url).resolve(target), "utf8");
    } catch {
      throw notFound("Visualizador de PDF indisponível neste servidor.");
    }
    cache.set(target, body);
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "private, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
