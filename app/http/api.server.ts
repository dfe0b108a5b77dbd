// JSON answers of the APIs (api.md; errors are { error: { code, message } }). Built as plain data
// (TextAnswer) so Remix routes and server.js's framework-less handlers (ADR 043) send the same bytes.
const BASE_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
};

/** A finished answer: status, headers (Content-Type included) and the body's text. */
export type TextAnswer = { status: number; headers: Record<string, string>; body: string };

/** `body` as JSON with the API's headers, then `headers` (which win). */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): TextAnswer => ({
  status,
  headers: { ...BASE_HEADERS, ...headers },
  body: JSON.stringify(body),
});

/** api.md's error shape. */
export const errorAnswer = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): TextAnswer => jsonAnswer(status, { error: { code, message } }, headers);

/** 429 with Retry-After, in api.md's error shape. */
export const rateLimitedAnswer = (retryAfter: number, headers: Record<string, string> = {}) =>
  errorAnswer(429, "rate_limited", "Muitas consultas em pouco tempo. Aguarde e tente de novo.", {
    ...headers,
    "Retry-After": String(retryAfter),
  });

/** The Response of a TextAnswer, for a Remix route. */
export const responseOf = (answer: TextAnswer) =>
  new Response(answer.body, { status: answer.status, headers: answer.headers });

export function apiJson(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return responseOf(jsonAnswer(init.status ?? 200, body, init.headers));
}

export function apiError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return responseOf(errorAnswer(status, code, message, headers));
}

export const rateLimited = (retryAfter: number, headers: Record<string, string> = {}) =>
  responseOf(rateLimitedAnswer(retryAfter, headers));

/** Public read-only APIs: any site may call them; verdicts are never cached. */
export const PUBLIC_API_HEADERS = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" };
