// Who is signed in. `getUser` reads the session; `requireUser` redirects to the sign-in page.
import { redirect } from "@remix-run/node";
import { db } from "./db.server";
import { readSession } from "./session.server";
import type { Grant, Role } from "~/domain/auth/permissions";

export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  cpf: string;
  emailVerified: boolean;
  isPlatformAdmin: boolean;
  grants: Grant[];
  sessionId: string;
};

export async function getUser(request: Request): Promise<CurrentUser | null> {
  const session = await readSession(request);
  if (!session) return null;
  const user = await db.user.findUnique({
    where: { id: session.userId },
    include: { roles: { where: { disabledAt: null } } },
  });
  if (!user || user.disabledAt) return null;
  const grants: Grant[] = [
    { role: "CONDUTOR", municipalityId: null, operatorId: null },
    ...user.roles.map((r) => ({ role: r.role as Role, municipalityId: r.municipalityId, operatorId: r.operatorId })),
  ];
  if (user.isPlatformAdmin) grants.push({ role: "ADMIN", municipalityId: null, operatorId: null });
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    cpf: user.cpf,
    emailVerified: Boolean(user.emailVerifiedAt),
    isPlatformAdmin: user.isPlatformAdmin,
    grants,
    sessionId: session.id,
  };
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

/** Only same-site relative paths are followed after sign-in. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/painel"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}
