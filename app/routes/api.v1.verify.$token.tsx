import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, PUBLIC_API_HEADERS, rateLimited } from "~/utils/api.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, isWellFormedToken, verifyCredentialToken } from "~/models/verification.server";

// JSON verdict for a QR token (api.md). Rate-limited before the signature check.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const wait = await overLimit("verify", context.clientIp);
  if (wait) return rateLimited(wait, PUBLIC_API_HEADERS);
  const token = params.token ?? "";
  if (!isWellFormedToken(token)) {
    return apiError(400, "malformed_token", "O código não tem o formato de uma credencial.", PUBLIC_API_HEADERS);
  }
  const { body } = await verifyCredentialToken(token, {
    now: new Date(),
    channel: "API",
    client: coarseClient(request.headers.get("user-agent")),
    withPhoto: true,
  });
  return apiJson(body, { headers: PUBLIC_API_HEADERS });
}
