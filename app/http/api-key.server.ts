// The operator API's Bearer key: read from the Authorization header and answered, when refused,
// with the JSON error of api.md (401 without a valid key, 403 for a company not credentialed).
import { apiError } from "~/http/api.server";
import { type ApiCaller, apiCallerFor, type ApiKeyProblem } from "~/models/api-key.server";

const UNAUTHORIZED = { "WWW-Authenticate": 'Bearer realm="api"', "Cache-Control": "no-store" };

const REFUSED: Record<ApiKeyProblem, () => Response> = {
  invalid: () => apiError(401, "invalid_api_key", "Chave de API inválida.", UNAUTHORIZED),
  revoked: () =>
    apiError(401, "revoked_api_key", "Esta chave de API foi revogada. Gere outra no portal da empresa.", UNAUTHORIZED),
  "not-credentialed": () =>
    apiError(403, "operator_not_credentialed", "A empresa desta chave não está credenciada.", {
      "Cache-Control": "no-store",
    }),
};

/** The operator behind the request's Bearer key, or the JSON error to answer with (401/403). */
export async function authenticateApiKey(
  request: Request,
  now = new Date(),
): Promise<{ ok: true; caller: ApiCaller } | { ok: false; response: Response }> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match)
    return {
      ok: false,
      response: apiError(
        401,
        "missing_api_key",
        "Informe a chave de API no cabeçalho Authorization: Bearer <chave>.",
        UNAUTHORIZED,
      ),
    };
  const found = await apiCallerFor(match[1], now);
  return found.ok ? found : { ok: false, response: REFUSED[found.problem]() };
}
