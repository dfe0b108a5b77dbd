import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, PUBLIC_API_HEADERS, rateLimited } from "~/http/api.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, serialForStatus, statusOnly, verifyCredentialSerial } from "~/models/verification.server";
import { withRefusals } from "~/http/refusal.server";

// Live status by printed serial (api.md: "live status only"): the verdict, the credential's
// type, category, municipality and validity — never the holder's name, plate, operator or photo,
// so walking serials learns no one. Takes the bare serial or the whole typed code (check part
// verified), normalised like every typed code (docs/decisions/014-typed-code-check.md).
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params, context }: LoaderFunctionArgs) => {
  const wait = await overLimit("verify", context.clientIp);
  if (wait) return rateLimited(wait, PUBLIC_API_HEADERS);
  const serial = serialForStatus(params.serial ?? "");
  if (!serial) {
    return apiError(
      400,
      "malformed_serial",
      "Código incompleto ou inválido: confira o código impresso na credencial.",
      PUBLIC_API_HEADERS,
    );
  }
  const { body } = await verifyCredentialSerial(serial, {
    now: new Date(),
    channel: "API_CODIGO",
    client: coarseClient(request.headers.get("user-agent")),
  });
  return apiJson(statusOnly(body), { headers: PUBLIC_API_HEADERS });
});
