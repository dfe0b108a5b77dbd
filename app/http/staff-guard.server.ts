// The first line of every back-office handler: the URL's municipality, the permission checked there,
// and the audit actor with the role held in THAT municipality.
import type { CurrentUser } from "~/http/auth.server";
import { actorOf, grantIn, requirePermission, userCan } from "~/http/permissions.server";
import { requireMunicipality } from "~/models/municipality.server";

export async function requireStaff(request: Request, slug: string | undefined, permission: `${string}:${string}`) {
  const municipality = await requireMunicipality(slug);
  const user = await requirePermission(request, permission, { municipalityId: municipality.id });
  // The role held here, or the platform administrator's (ADR 053: never audited as CONDUTOR).
  const grant = grantIn(user, permission, municipality.id);
  // requirePermission returned a signed-in user, so the actor always has an id.
  const actor = actorOf(user, request, grant) as ReturnType<typeof actorOf> & { userId: string };
  return { municipality, user, actor };
}

/** What the page may offer this user in this municipality (the actions check again). */
export function may(user: CurrentUser, municipalityId: string, ...permissions: `${string}:${string}`[]) {
  return Object.fromEntries(permissions.map((p) => [p, userCan(user, p, { municipalityId })])) as Record<
    string,
    boolean
  >;
}

/** requireStaff, then the URL's record read by `find` within that municipality only (404 otherwise). */
export async function requireStaffRecord<T>(
  request: Request,
  params: { municipio?: string; id?: string },
  permission: `${string}:${string}`,
  find: (id: string, municipalityId: string) => Promise<T>,
) {
  const staff = await requireStaff(request, params.municipio, permission);
  return { ...staff, record: await find(params.id ?? "", staff.municipality.id) };
}
