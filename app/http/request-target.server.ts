// What server.js answers before any route (ADR 050): a target that is not a decodable path is a
// 400, logged nowhere (it is the client's error, and the path may hold a credential token);
// OPTIONS is a 204, not a resource route's loader (a full verification on /v/<token>).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TextAnswer } from "~/http/api.server";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

const BAD_TARGET: TextAnswer = {
  status: 400,
  headers: TEXT,
  body: "Endereço malformado: confira o link ou digite o endereço de novo.",
};

const OPTIONS_ANSWER: TextAnswer = {
  status: 204,
  headers: { Allow: "GET, HEAD, POST, OPTIONS", "Cache-Control": "no-store" },
  body: "",
};

/** A path the portal can route: origin-form (starts with one `/`) and every %-escape decodes. */
function wellFormedTarget(target: string): boolean {
  if (!target.startsWith("/")) return false;
  const query = target.indexOf("?");
  try {
    decodeURI(query === -1 ? target : target.slice(0, query));
    return true;
  } catch {
    return false;
  }
}

/** The answer to give before any route, or null for a request the routes should see. */
export function earlyAnswer(req: Pick<IncomingMessage, "method" | "url">): TextAnswer | null {
  const target = req.url ?? "";
  if (req.method === "OPTIONS" && (target === "*" || wellFormedTarget(target))) return OPTIONS_ANSWER;
  return wellFormedTarget(target) ? null : BAD_TARGET;
}

/** Writes an early answer (HEAD and 204 without a body). */
export function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: TextAnswer): void {
  const body = answer.status === 204 || req.method === "HEAD" ? "" : answer.body;
  res.writeHead(answer.status, {
    ...answer.headers,
    ...(answer.status === 204 ? {} : { "Content-Length": Buffer.byteLength(answer.body) }),
  });
  res.end(body);
}

type Next = (error?: unknown) => void;

/** Express's last error handler: a URL that cannot be built is the client's 400; the rest goes on. */
export function unusableRequest(error: unknown, req: IncomingMessage, res: ServerResponse, next: Next): void {
  const code = (error as { code?: unknown } | null)?.code;
  if (code !== "ERR_INVALID_URL" || res.headersSent) return next(error);
  writeAnswer(req, res, BAD_TARGET);
}
