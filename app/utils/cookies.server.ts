// Cookie parsing and serialisation for the session and CSRF cookies. When the portal is served
// over https (PUBLIC_BASE_URL), every cookie is Secure and carries the __Host- prefix: the
// browser then keeps it only for this exact host, on Path=/, over https — a sibling subdomain
// (another city's site under the same domain, say) cannot plant or overwrite one.
import { env } from "./env.server";

const overHttps = () => env().PUBLIC_BASE_URL.startsWith("https:");

/** The name a cookie travels under: `__Host-<name>` over https, `<name>` on plain http (local runs). */
export function cookieName(name: string): string {
  return overHttps() ? `__Host-${name}` : name;
}

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  const wanted = cookieName(name);
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    if (part.slice(0, i).trim() === wanted) {
      const value = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function serializeCookie(name: string, value: string, maxAgeSeconds: number | null): string {
  const parts = [`${cookieName(name)}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (overHttps()) parts.push("Secure");
  if (maxAgeSeconds !== null) parts.push(`Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`);
  return parts.join("; ");
}
