// Where a person lands after signing in. A fiscal on the street needs the scanner, not the
// panel: someone whose only staff role is FISCAL (everyone also holds CONDUTOR) lands on
// /fiscal; everyone else on /painel, where their several hats are listed.
import type { Role } from "./permissions";

export type Landing = "/fiscal" | "/painel";

export function landingFor(user: { isPlatformAdmin?: boolean; grants: ReadonlyArray<{ role: Role }> }): Landing {
  if (user.isPlatformAdmin) return "/painel";
  const roles = new Set(user.grants.map((g) => g.role).filter((r) => r !== "CONDUTOR"));
  return roles.size === 1 && roles.has("FISCAL") ? "/fiscal" : "/painel";
}
