// The one permission check: every non-public handler starts with requirePermission (or requireUser).
import { can, type Grant, type Target } from "~/domain/auth/permissions";
import type { TrustedActor } from "~/domain/auth/trust-level";
import { type CurrentUser, requireUser } from "~/http/auth.server";
import { requestIdOf } from "~/http/request-id.server";
import type { Actor } from "~/utils/audit.server";

export function forbidden(message = "Você não tem permissão para acessar esta página."): Response {
  return new Response(message, { status: 403, statusText: "Forbidden" });
}

export function userCan(
  user: Pick<CurrentUser, "id" | "grants">,
  permission: `${string}:${string}`,
  target?: Target,
): boolean {
  return can(user.id, user.grants, permission, target);
}

export async function requirePermission(
  request: Request,
  permission: `${string}:${string}`,
  target?: Target,
): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!userCan(user, permission, target)) throw forbidden();
  return user;
}

/** The staff grant the user holds in a municipality with the permission (for audit and scoping). */
export function grantFor(user: CurrentUser, permission: `${string}:${string}`): Grant | undefined {
  return user.grants.find((g) => can(user.id, [g], permission));
}

/** The municipalities where the user holds a permission (used to scope staff lists). */
export function municipalitiesWith(user: CurrentUser, permission: `${string}:${string}`): string[] {
  return user.grants.filter((g) => g.municipalityId && can(user.id, [g], permission)).map((g) => g.municipalityId!);
}

/** The grant acted under in a municipality, for the audit: the role held there, else a platform-wide
 * one — never another municipality's role, nor CONDUTOR for lack of one. */
export function grantIn(
  user: CurrentUser,
  permission: `${string}:${string}`,
  municipalityId: string,
): Grant | undefined {
  const target = { municipalityId };
  return (
    user.grants.find((g) => g.municipalityId === municipalityId && can(user.id, [g], permission, target)) ??
    user.grants.find((g) => g.municipalityId === null && can(user.id, [g], permission, target))
  );
}

/** Who acts, for the audit, with the session's gov.br level (ADR 053; null: a password). */
export function actorOf(user: CurrentUser | null, request: Request, grant?: Grant): Actor & TrustedActor {
  return {
    userId: user?.id ?? null,
    role: grant?.role ?? (user ? "CONDUTOR" : "PUBLICO"),
    municipalityId: grant?.municipalityId ?? null,
    requestId: requestIdOf(request),
    govbrLevel: user?.govbrLevel ?? null,
  };
}
