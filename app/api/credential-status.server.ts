// The status by typed serial and the status list (api.md) as plain functions, mounted by server.js
// in front of Remix too (ADR 043): Remix's overhead cost ~3× the verdict. Both paths send the same bytes.
import { errorAnswer, jsonAnswer, PUBLIC_API_HEADERS, rateLimitedAnswer, type TextAnswer } from "~/http/api.server";
import { STATUS_LIST_CACHE_SECONDS, statusListFor } from "~/models/credentials/status-list.server";
import { serialForStatus } from "~/models/credentials/typed-code.server";
import { coarseClient, statusOnly, verifyCredentialSerial } from "~/models/verification.server";
import { overLimit } from "~/utils/public-rate-limit.server";

const STATUS_LIST_HEADERS = { "Access-Control-Allow-Origin": "*" };

/** GET /api/v1/credentials/<serial>/status: verdict, type, category, municipality and validity —
 * never the holder, plate or photo, so walking serials learns no one. Serial or typed code (ADR 014). */
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

/** GET /api/v1/status-list/<ibge> (api.md, ADR 007): the same JWS for everyone for a minute, so any
 * site and any cache may hold it. */
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
