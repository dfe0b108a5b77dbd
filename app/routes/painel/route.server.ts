import type { LoaderFunctionArgs } from "@remix-run/node";
import { nextSteps } from "~/domain/applications/next-step";
import { ROLE_LABELS } from "~/domain/auth/permissions";
import { linkTransition } from "~/domain/operators/driver-link";
import { driverHome } from "~/http/driver-home-view.server";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { linksOfUser } from "~/models/driver-invitation.server";
import { municipalitiesByIds } from "~/models/municipality.server";
import { operatorsOfUser } from "~/models/operator.server";
import { openPrepostoCount } from "~/models/preposto.server";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:profile");
  const staffIds = user.grants.map((g) => g.municipalityId).filter((x): x is string => Boolean(x));
  const municipalities = await municipalitiesByIds(staffIds);
  const byId = new Map(municipalities.map((m) => [m.id, m]));
  const staffRoles = user.grants
    .filter((g) => g.municipalityId && byId.has(g.municipalityId))
    .map((g) => ({ role: ROLE_LABELS[g.role], municipality: byId.get(g.municipalityId!)! }));
  // The companies this person acts for: their own work first, one tap to invite a driver.
  const companies = (await operatorsOfUser(user.id)).map((o) => ({
    id: o.id,
    name: o.tradeName ?? o.legalName,
    municipality: `${o.municipality.name} (${o.municipality.uf})`,
    active: o.status === "ACTIVE",
  }));
  // Staff of a town or of a company without applications or crachás see their cards, not "Pedir credenciamento".
  const home = await driverHome(user.id, new Date());
  const driver =
    (staffRoles.length === 0 && companies.length === 0) || home.applications.length > 0 || home.credentials.length > 0;
  const invitations = (await linksOfUser(user)).filter((l) => linkTransition(l.status, "accept") !== null);
  return {
    name: user.name,
    emailVerified: user.emailVerified,
    isAdmin: user.isPlatformAdmin,
    staffRoles,
    companies,
    // Invitations of companies waiting for this driver's answer (/vinculos).
    invitations: invitations.map((l) => l.operator.tradeName ?? l.operator.legalName),
    // "Meu crachá": each badge one tap from home, opened also with no signal (/credenciais/<id>/carteira).
    badges: home.credentials.map((c) => ({ id: c.id, label: c.label, valid: c.valid })),
    next: driver ? nextSteps(home.applications, home.credentials) : [],
    // Preposto applications naming this person as titular (Lei 4.883/2017, art. 14): /prepostos.
    prepostos: await openPrepostoCount(user),
  };
});
