import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, PUBLIC_API_HEADERS, rateLimited } from "~/utils/api.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, isWellFormedSerial, normalizeSerial, verifyCredentialSerial } from "~/models/verification.server";

// Live status by printed serial (api.md): never the photo.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wait = await overLimit("verify", context.clientIp);
  if (wait) return rateLimited(wait, PUBLIC_API_HEADERS);
  const serial = normalizeSerial(params.serial ?? "");
  if (!isWellFormedSerial(serial)) {
    return apiError(400, "malformed_serial", "Código inválido: confira o código impresso na credencial.", PUBLIC_API_HEADERS);
  }
  const { body } = await verifyCredentialSerial(serial, {
    now: new Date(),
    channel: "API_CODIGO",
    client: coarseClient(request.headers.get("user-agent")),
  });
  return apiJson(body, { headers: PUBLIC_API_HEADERS });
}
