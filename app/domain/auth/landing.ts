// Where a person lands after signing in: a FISCAL-only staff member on the street needs the
// scanner (/fiscal); everyone else /painel.
import type { Role } from "./permissions";

type Landing = "/fiscal" | "/painel";

export function landingFor(user: { isPlatformAdmin?: boolean; grants: ReadonlyArray<{ role: Role }> }): Landing {
  if (user.isPlatformAdmin) return "/painel";
  const roles = new Set(user.grants.map((g) => g.role).filter((r) => r !== "CONDUTOR"));
  return roles.size === 1 && roles.has("FISCAL") ? "/fiscal" : "/painel";
}
