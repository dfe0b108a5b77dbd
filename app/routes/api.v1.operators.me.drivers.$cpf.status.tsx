import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiJson, rateLimited } from "~/http/api.server";
import { driverStatusForOperator, overKeyLimit } from "~/models/api-key.server";
import { authenticateApiKey } from "~/http/api-key.server";
import { isValidCpf, normalizeCpf } from "~/domain/br";
import { withRefusals } from "~/http/refusal.server";

// GET /api/v1/operators/me/drivers/<cpf>/status (docs/api-operators.md): for the operator that
// owns the Bearer key, whether one of its linked drivers holds a credential in force. Only its own
// active drivers are found — another operator's driver is the same 404 as an unknown CPF.
const HEADERS = { "Cache-Control": "no-store" };

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const now = new Date();
  const auth = await authenticateApiKey(request, now);
  if (!auth.ok) return auth.response;
  const wait = await overKeyLimit(auth.caller.keyId);
  if (wait) return rateLimited(wait, HEADERS);
  const cpf = normalizeCpf(params.cpf ?? "");
  if (!isValidCpf(cpf)) return apiError(400, "invalid_cpf", "CPF inválido: confira os dígitos.", HEADERS);
  const body = await driverStatusForOperator(auth.caller.operator.id, cpf, now);
  if (!body) return apiError(404, "driver_not_found", "Nenhum condutor vinculado à empresa com este CPF.", HEADERS);
  return apiJson(body, { headers: HEADERS });
});

export async function action() {
  return apiError(405, "method_not_allowed", "Use GET.", { Allow: "GET" });
}
