// gov.br back-channel logout (OIDC Back-Channel Logout 1.0, ADR 044): the provider's signed
// `logout_token` ends that person's gov.br sessions here. Server to server, so no CSRF token: the
// provider's signature authenticates it. 200 when done, 400 with an OAuth error otherwise.
import { isRefusal } from "~/domain/refusal";
import { acceptGovbrLogout } from "~/models/govbr.server";
import { govbrEnabled, GovbrError, verifyLogoutToken } from "~/utils/oidc.server";

/** A logout token is a few hundred bytes to a few kilobytes; more is not a logout token. */
const MAX_BODY_BYTES = 16 * 1024;

const answer = (status: number, error?: string) =>
  new Response(error ? JSON.stringify({ error, error_description: DESCRIPTIONS[error] }) : null, {
    status,
    headers: { "Cache-Control": "no-store", ...(error ? { "Content-Type": "application/json; charset=utf-8" } : {}) },
  });

const DESCRIPTIONS: Record<string, string> = {
  invalid_request: "logout_token ausente, inválido ou já recebido",
  temporarily_unavailable: "não foi possível obter as chaves do provedor agora",
  not_found: "entrar com gov.br não está configurado neste portal",
};

/** The body as text, or null when it is larger than `max` bytes (read no further than that). */
async function boundedText(request: Request, max: number): Promise<string | null> {
  if (Number(request.headers.get("content-length") ?? 0) > max || !request.body) return request.body ? null : "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** POST /entrar/govbr/encerrar: the provider's back-channel logout. */
export async function govbrBackchannelLogout(request: Request): Promise<Response> {
  if (!govbrEnabled()) return answer(404, "not_found");
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) return answer(400, "invalid_request");
  const body = await boundedText(request, MAX_BODY_BYTES);
  const logoutToken = body === null ? null : new URLSearchParams(body).get("logout_token");
  if (!logoutToken) return answer(400, "invalid_request");
  try {
    const claims = await verifyLogoutToken(logoutToken);
    await acceptGovbrLogout(claims);
  } catch (e) {
    if (e instanceof GovbrError && e.kind === "unavailable") return answer(503, "temporarily_unavailable");
    if (e instanceof GovbrError || (isRefusal(e) && e.kind === "conflict")) return answer(400, "invalid_request");
    throw e;
  }
  return answer(200);
}
