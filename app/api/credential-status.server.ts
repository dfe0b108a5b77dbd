// The two other public verification reads — the live status by typed serial and the municipality's
// status list (api.md) — as plain functions: their Remix routes call them, and server.js mounts them
// in front of Remix like the JSON verdict and the QR page (docs/decisions/043), because Remix's
// request conversion and routing cost ~3× the verdict itself. The answer is the final bytes and
// headers, so both paths send the same thing.
import { overLimit } from "~/utils/public-rate-limit.server";
import { coarseClient, statusOnly, verifyCredentialSerial } from "~/models/verification.server";
import { serialForStatus } from "~/models/credentials/typed-code.server";
import { statusListFor, STATUS_LIST_CACHE_SECONDS } from "~/models/credentials/status-list.server";
import { errorAnswer, jsonAnswer, PUBLIC_API_HEADERS, rateLimitedAnswer, type TextAnswer } from "~/http/api.server";

const STATUS_LIST_HEADERS = { "Access-Control-Allow-Origin": "*" };

/**
 * GET /api/v1/credentials/<serial>/status: the verdict, the credential's type, category,
 * municipality and validity — never the holder's name, plate, operator or photo, so walking serials
 * learns no one. Takes the bare serial or the whole typed code (check part verified), normalised
 * like every typed code (docs/decisions/014-typed-code-check.md).
 */
export async function serialStatusAnswer(
  serialParam: string,
  clientIp: string,
  userAgent: string | null,
): Promise<TextAnswer> {
  const wait = await overLimit("verify", clientIp);
  if (wait) return rateLimitedAnswer(wait, PUBLIC_API_HEADERS);
  const serial = serialForStatus(serialParam);
  if (!serial) {
    return errorAnswer(
      400,
      "malformed_serial",
      "Código incompleto ou inválido: confira o código impresso na credencial.",
      PUBLIC_API_HEADERS,
    );
  }
  const { body } = await verifyCredentialSerial(serial, {
    now: new Date(),
    channel: "API_CODIGO",
    client: coarseClient(userAgent),
  });
  return jsonAnswer(200, statusOnly(body), PUBLIC_API_HEADERS);
}

/**
 * GET /api/v1/status-list/<ibge>: the municipality's status list for offline verification (api.md,
 * ADR 007), a compact JWS — the same bytes for everyone for a minute, so any site and any cache may
 * hold it.
 */
export async function statusListAnswer(municipality: string, clientIp: string): Promise<TextAnswer> {
  const wait = await overLimit("verify", clientIp);
  if (wait) return rateLimitedAnswer(wait, STATUS_LIST_HEADERS);
  const snapshot = await statusListFor(municipality);
  if (!snapshot) {
    return errorAnswer(404, "unknown_municipality", "Município não encontrado: informe o código IBGE de 7 dígitos.", {
      ...STATUS_LIST_HEADERS,
      "Cache-Control": "no-store",
    });
  }
  return {
    status: 200,
    headers: {
      ...STATUS_LIST_HEADERS,
      "Content-Type": "application/statuslist+jws",
      "Cache-Control": `public, max-age=${STATUS_LIST_CACHE_SECONDS}`,
      "Last-Modified": snapshot.issuedAt.toUTCString(),
      "X-Content-Type-Options": "nosniff",
    },
    body: snapshot.jws,
  };
}
