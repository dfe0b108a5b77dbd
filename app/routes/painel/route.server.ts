import type { LoaderFunctionArgs } from "@remix-run/node";
import { nextSteps } from "~/domain/applications/next-step";
import { ROLE_LABELS } from "~/domain/auth/permissions";
import { driverHome } from "~/http/driver-home-view.server";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { municipalitiesByIds } from "~/models/municipality.server";
import { openPrepostoCount } from "~/models/preposto.server";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:profile");
  const staffIds = user.grants.map((g) => g.municipalityId).filter((x): x is string => Boolean(x));
  const municipalities = await municipalitiesByIds(staffIds);
  const byId = new Map(municipalities.map((m) => [m.id, m]));
  const staffRoles = user.grants
    .filter((g) => g.municipalityId && byId.has(g.municipalityId))
    .map((g) => ({ role: ROLE_LABELS[g.role], municipality: byId.get(g.municipalityId!)! }));
  // A staff member without applications or crachás sees their cards, not "Pedir credenciamento".
  const home = await driverHome(user.id, new Date());
  const driver = staffRoles.length === 0 || home.applications.length > 0 || home.credentials.length > 0;
  return {
    name: user.name,
    emailVerified: user.emailVerified,
    isAdmin: user.isPlatformAdmin,
    staffRoles,
    next: driver ? nextSteps(home.applications, home.credentials) : [],
    // Preposto applications naming this person as titular (Lei 4.883/2017, art. 14): /prepostos.
    prepostos: await openPrepostoCount(user),
  };
});
