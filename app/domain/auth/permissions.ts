// Roles and their permissions, `action:entity:access` (access: own, operator, municipality, any).
// Every loader and action asks `can` through requirePermission; nothing else decides who may do what.
import { forbidden } from "~/domain/refusal";

export const ROLES = ["CONDUTOR", "OPERADOR", "ANALISTA", "FISCAL", "GESTOR", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES = ["ANALISTA", "FISCAL", "GESTOR"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  CONDUTOR: "Condutor",
  OPERADOR: "Operador",
  ANALISTA: "Analista",
  FISCAL: "Fiscal",
  GESTOR: "Gestor",
  ADMIN: "Administrador da plataforma",
};

type Access = "own" | "operator" | "municipality" | "any";
type Permission = `${string}:${string}:${Access}`;

const GRANTS: Record<Role, Permission[]> = {
  CONDUTOR: [
    "read:profile:own",
    "update:profile:own",
    "create:application:own",
    "read:application:own",
    "update:application:own",
    "read:document:own",
    "create:document:own",
    "read:credential:own",
  ],
  OPERADOR: [
    "read:operator:operator",
    "update:operator:operator",
    "read:driver-link:operator",
    "create:driver-link:operator",
    "read:vehicle:operator",
    "update:vehicle:operator",
    "create:report:operator",
    "create:notice:operator",
    "manage:api-key:operator",
  ],
  ANALISTA: [
    "read:panel:municipality",
    "read:application:municipality",
    "review:application:municipality",
    "read:document:municipality",
    "review:document:municipality",
    "read:person:municipality",
    "manage:vistoria:municipality",
    "issue:credential:municipality",
    "read:credential:municipality",
    "enforce:credential:municipality",
    "read:infraction:municipality",
    "decide:infraction:municipality",
    "read:passenger-report:municipality",
    "read:audit:municipality",
  ],
  FISCAL: [
    "read:panel:municipality",
    "read:credential:municipality",
    "verify:credential:municipality",
    "create:infraction:municipality",
    "read:infraction:municipality",
    "read:passenger-report:municipality",
  ],
  GESTOR: [
    "read:panel:municipality",
    "read:application:municipality",
    "read:document:municipality",
    "read:person:municipality",
    "read:credential:municipality",
    "enforce:credential:municipality",
    "read:infraction:municipality",
    "decide:infraction:municipality",
    "manage:staff:municipality",
    "manage:rule-pack:municipality",
    "manage:quota:municipality",
    "manage:signing-key:municipality",
    "manage:identity:municipality",
    "read:report:municipality",
    "read:audit:municipality",
    "read:passenger-report:municipality",
  ],
  ADMIN: [
    "create:municipality:any",
    "read:municipality:any",
    "read:panel:any",
    "manage:staff:any",
    "read:audit:any",
    "manage:jobs:any",
  ],
};

/** A role a user holds, with the scope it is bound to. */
export type Grant = { role: Role; municipalityId: string | null; operatorId: string | null };

/** What a permission is asked about: the owner, operator and municipality of the record. */
export type Target = { ownerUserId?: string | null; operatorId?: string | null; municipalityId?: string | null };

/** Whether any grant allows `action:entity`; without a target: somewhere (to show a menu, say). */
export function can(
  userId: string,
  grants: readonly Grant[],
  permission: `${string}:${string}`,
  target?: Target,
): boolean {
  for (const grant of grants) {
    for (const p of GRANTS[grant.role]) {
      const i = p.lastIndexOf(":");
      if (p.slice(0, i) !== permission) continue;
      const access = p.slice(i + 1) as Access;
      if (!target) return true;
      if (access === "any") return true;
      if (access === "own" && target.ownerUserId && target.ownerUserId === userId) return true;
      if (access === "operator" && grant.operatorId && target.operatorId === grant.operatorId) return true;
      if (access === "municipality" && grant.municipalityId && target.municipalityId === grant.municipalityId)
        return true;
    }
  }
  return false;
}

/** Throws a forbidden Refusal unless the user may act on the target (403 at the HTTP layer). */
export function assertCan(
  user: { id: string; grants: readonly Grant[] },
  permission: `${string}:${string}`,
  target: Target,
): void {
  if (!can(user.id, user.grants, permission, target))
    throw forbidden("Você não tem permissão para acessar esta página.");
}
