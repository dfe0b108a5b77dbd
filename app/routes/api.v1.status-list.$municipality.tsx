import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, rateLimited } from "~/http/api.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { statusListFor, STATUS_LIST_CACHE_SECONDS } from "~/models/status-list.server";
import { withRefusals } from "~/http/refusal.server";

// The municipality's status list for offline verification (api.md, ADR 007): a compact JWS,
// the same bytes for everyone for a minute, so any site and any cache may hold it.
const HEADERS = { "Access-Control-Allow-Origin": "*" };

export const loader = /* @__PURE__ */ withRefusals(async ({ params, context }: LoaderFunctionArgs) => {
  const wait = await overLimit("verify", context.clientIp);
  if (wait) return rateLimited(wait, HEADERS);
  const snapshot = await statusListFor(params.municipality ?? "");
  if (!snapshot) {
    return apiError(404, "unknown_municipality", "Município não encontrado: informe o código IBGE de 7 dígitos.", {
      ...HEADERS,
      "Cache-Control": "no-store",
    });
  }
  return new Response(snapshot.jws, {
    headers: {
      ...HEADERS,
      "Content-Type": "application/statuslist+jws",
      "Cache-Control": `public, max-age=${STATUS_LIST_CACHE_SECONDS}`,
      "Last-Modified": snapshot.issuedAt.toUTCString(),
      "X-Content-Type-Options": "nosniff",
    },
  });
});
