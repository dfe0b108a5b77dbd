import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isValidCpf, normalizeCpf } from "~/domain/br";
import { apiError, apiJson, rateLimited } from "~/http/api.server";
import { authenticateApiKey } from "~/http/api-key.server";
import { withRefusals } from "~/http/refusal.server";
import { driverStatusForOperator, overKeyLimit } from "~/models/api-key.server";

// GET /api/v1/operators/me/drivers/<cpf>/status (docs/api-operators.md): whether one of the key's
// operator's active drivers holds a credential in force; anyone else's driver is the unknown CPF's 404.
const HEADERS = { "Cache-Control": "no-store" };

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
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

export const action = withRefusals(async (_: ActionFunctionArgs) =>
  apiError(405, "method_not_allowed", "Use GET.", { Allow: "GET" }),
);
