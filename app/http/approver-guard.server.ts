import { isRefusal } from "~/domain/refusal";
import { actorOf, forbidden, grantIn } from "~/http/permissions.server";
import { requireApplication } from "~/http/review-screen.server";
import { requireStaff } from "~/http/staff-guard.server";
import { assertApprover } from "~/models/review.server";

/** The guard of "aprovar e emitir" (ADR 051): who may issue, never the people behind the application;
 * a staff member's, only a gestor — acting and audited as GESTOR. */
export async function requireApprover(request: Request, slug: string | undefined, id: string | undefined) {
  const staff = await requireStaff(request, slug, "read:application");
  const { municipality, user } = staff;
  const app = await requireApplication(id, municipality.id);
  const duty = await assertApprover(app.id, municipality.id, user.id).catch((e: unknown) => {
    // Someone else holding it is the review screen's business (409 there); here only who may approve.
    if (isRefusal(e) && e.kind === "conflict") return { gestorApproval: false };
    throw e;
  });
  const grant = duty.gestorApproval
    ? user.grants.find((g) => g.role === "GESTOR" && g.municipalityId === municipality.id)
    : grantIn(user, "issue:credential", municipality.id);
  if (!grant) throw forbidden();
  const actor = actorOf(user, request, grant) as ReturnType<typeof actorOf> & { userId: string };
  return { ...staff, actor, app };
}
