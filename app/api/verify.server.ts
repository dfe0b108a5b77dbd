// The JSON verdict of GET /api/v1/verify/<token> (api.md), mounted by server.js in front of Remix
// too: the portal's hottest path, so less framework per request.
import { coarseClient, isWellFormedToken, verifyCredentialToken } from "~/models/verification.server";
import { overLimit } from "~/utils/public-rate-limit.server";

type JsonAnswer = { status: number; headers: Record<string, string>; body: unknown };

const HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};

export async function verifyTokenAnswer(
  token: string,
  clientIp: string,
  userAgent: string | null,
): Promise<JsonAnswer> {
  const wait = await overLimit("verify", clientIp);
  if (wait) {
    return {
      status: 429,
      headers: { ...HEADERS, "Retry-After": String(wait) },
      body: { error: { code: "rate_limited", message: "Muitas consultas em pouco tempo. Aguarde e tente de novo." } },
    };
  }
  if (!isWellFormedToken(token)) {
    return {
      status: 400,
      headers: HEADERS,
      body: { error: { code: "malformed_token", message: "O código não tem o formato de uma credencial." } },
    };
  }
  const { body } = await verifyCredentialToken(token, {
    now: new Date(),
    channel: "API",
    client: coarseClient(userAgent),
    withPhoto: true,
  });
  return { status: 200, headers: HEADERS, body };
}
