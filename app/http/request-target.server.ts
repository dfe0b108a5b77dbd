// What server.js answers before any route looks at a request (ADR 050):
// - a request target that is not a path (`GET http://evil.example/entrar`, absolute-form; `*` on
//   anything but OPTIONS) or whose path does not decode (`/v/<token>%ZZ`): 400 in one line of
//   text. The Remix adapter built its URL from such a target and threw (500, an 11-line stack in
//   the log), and Remix's router logged an undecodable path whole — with the credential token in
//   it. Nothing is logged: a client's malformed request is not the server's error, and the path
//   may hold a token.
// - OPTIONS: 204 with the methods the portal answers. Remix ran a resource route's loader for it
//   (a full verification on /api/v1/verify/<token> and /v/<token>).
// A URL Express or the adapter still cannot build (a Host header that is not a host) reaches
// unusableRequest, Express's last error handler: 400 in one line, nothing logged.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { TextAnswer } from "~/http/api.server";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

export const BAD_TARGET: TextAnswer = {
  status: 400,
  headers: TEXT,
  body: "Endereço malformado: confira o link ou digite o endereço de novo.",
};

export const OPTIONS_ANSWER: TextAnswer = {
  status: 204,
  headers: { Allow: "GET, HEAD, POST, OPTIONS", "Cache-Control": "no-store" },
  body: "",
};

/** A path the portal can route: origin-form (starts with one `/`) and every %-escape decodes. */
export function wellFormedTarget(target: string): boolean {
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
