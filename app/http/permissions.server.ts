// The one permission check of the application: every loader, action and resource route that
// is not public starts with requirePermission (or requireUser for what any signed-in user may do).
import { requireUser, type CurrentUser } from "~/http/auth.server";
import { can, type Grant, type Target } from "~/domain/auth/permissions";
import type { Actor } from "~/utils/audit.server";
import { requestIdOf } from "~/http/request-id.server";
import type { TrustedActor } from "~/domain/auth/trust-level";

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

/**
 * The grant a user acts under in a municipality with a permission, for the audit trail: the role
 * held in that municipality, otherwise a platform-wide one (the platform administrator's ADMIN) —
 * never a role of another municipality nor, for lack of one, CONDUTOR.
 */
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

/**
 * Who acts, for the audit trail, and the gov.br level of the session they act in (ADR 053: the
 * models that guard a staff act with the municipality's level read it; null: a password).
 */
export function actorOf(user: CurrentUser | null, request: Request, grant?: Grant): Actor & TrustedActor {
  return {
    userId: user?.id ?? null,
    role: grant?.role ?? (user ? "CONDUTOR" : "PUBLICO"),
    municipalityId: grant?.municipalityId ?? null,
    requestId: requestIdOf(request),
    govbrLevel: user?.govbrLevel ?? null,
  };
}
