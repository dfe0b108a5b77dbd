// JSON responses of the public and integration APIs (api.md): errors are always
// { error: { code, message } } with a stable snake_case code and a pt-BR message.
const BASE_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
};

export function apiJson(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { ...BASE_HEADERS, ...init.headers },
  });
}

export function apiError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return apiJson({ error: { code, message } }, { status, headers });
}

export const rateLimited = (retryAfter: number, headers: Record<string, string> = {}) =>
  apiError(429, "rate_limited", "Muitas consultas em pouco tempo. Aguarde e tente de novo.", {
    ...headers,
    "Retry-After": String(retryAfter),
  });

/** Public read-only APIs: any site may call them; verdicts are never cached. */
export const PUBLIC_API_HEADERS = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-store" };
