import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// jsQR for /verificar's camera script (public/verificar/camera.js) on browsers with no
// BarcodeDetector, served as the package ships it (a UMD file that sets self.jsQR). Same origin,
// so the site's CSP (script-src 'self') admits it; public and cached for a day (a new jsQR comes
// with a deploy). Nothing personal: the same bytes for everyone. ADR 033.
let body: string | undefined;

export const loader = /* @__PURE__ */ withRefusals(async (_: LoaderFunctionArgs) => {
  if (body === undefined) {
    try {
      body = await readFile(createRequire(import.meta.url).resolve("jsqr/dist/jsQR.js"), "utf8");
    } catch {
      throw notFound("Leitor de QR indisponível neste servidor.");
    }
  }
  return new Response(body, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
