// The session and CSRF cookies. Over https each is Secure and `__Host-` prefixed, so a sibling
// subdomain (another city's site, say) cannot plant or overwrite one.
import { env } from "~/utils/env.server";

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
