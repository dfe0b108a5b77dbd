// CSRF: a token in an httpOnly cookie repeated in <CsrfInput/>, and, when the browser says where a
// POST comes from (Origin / Sec-Fetch-Site), it must be this site.
import { readCookie, serializeCookie } from "~/http/cookies.server";
import { randomToken, safeEqual } from "~/utils/crypto.server";
import { env } from "~/utils/env.server";

const CSRF_COOKIE = "csrf";
const CSRF_FIELD = "csrf";

/** The token for the root loader to render into forms, and a Set-Cookie when it is new. */
export function csrfTokenFor(request: Request): { token: string; setCookie: string | null } {
  const existing = readCookie(request, CSRF_COOKIE);
  if (existing) return { token: existing, setCookie: null };
  const token = randomToken();
  return { token, setCookie: serializeCookie(CSRF_COOKIE, token, null) };
}

/** A new token, set at every sign-in and sign-out (ADR 053), so a token seen or planted before it
 * (a shared computer, a sibling subdomain's cookie) is worthless after. */
export function rotatedCsrfCookie(): string {
  return serializeCookie(CSRF_COOKIE, randomToken(), null);
}

function forbidden(message: string): Response {
  return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

function sameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin !== "null";
  const requestOrigin = new URL(request.url).origin;
  return origin === requestOrigin || origin === new URL(env().PUBLIC_BASE_URL).origin;
}

/** Throws a 403 unless the submitted token matches the cookie and the request is same-site. */
export function assertCsrf(request: Request, submitted: FormDataEntryValue | string | null): void {
  const cookie = readCookie(request, CSRF_COOKIE);
  if (!sameOrigin(request) || !cookie || typeof submitted !== "string" || !safeEqual(cookie, submitted)) {
    throw forbidden("Formulário expirado ou enviado de outro site. Volte à página, recarregue-a e tente de novo.");
  }
}

/** Reads a urlencoded form and checks its CSRF token; the one way actions read their form. */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Formulário inválido.", { status: 400 });
  }
  assertCsrf(request, form.get(CSRF_FIELD));
  return form;
}
