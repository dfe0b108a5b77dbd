// Who is signed in. `getUser` reads the session; `requireUser` redirects to the sign-in page.
import { redirect } from "@remix-run/node";
import { readSession } from "~/http/session.server";
import { type CurrentUser, currentUser } from "~/models/user.server";
import { env } from "~/utils/env.server";

export type { CurrentUser };

export async function getUser(request: Request): Promise<CurrentUser | null> {
  const session = await readSession(request);
  return session ? currentUser(session.userId, session.id, session.govbrLevel) : null;
}

function safeRedirectTarget(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getUser(request);
  if (!user) {
    const to = encodeURIComponent(safeRedirectTarget(request));
    throw redirect(`/entrar?voltar=${to}`);
  }
  return user;
}

// Printable ASCII only: browsers strip tab and CR/LF from a Location and read "\\" as "/",
// so "/\t/evil.example" or "/\\evil.example" would leave the portal.
const PATH_CHARS = /^[\x21-\x5b\x5d-\x7e]*$/;

function escapesOrigin(path: string): boolean {
  return !path.startsWith("/") || path.startsWith("//") || !PATH_CHARS.test(path);
}

/** Only a path of the portal itself is followed after sign-in; control characters, backslash, "//"
 * and their percent-encoded forms send the user to the fallback. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/painel"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000 || escapesOrigin(to)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\x00-\x1f\x7f\\]/.test(decoded) || decoded.startsWith("//")) return fallback;
  const origin = new URL(env().PUBLIC_BASE_URL).origin;
  let url: URL;
  try {
    url = new URL(to, origin);
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== origin || escapesOrigin(path)) return fallback;
  return path;
}
