// The first line of every page of the driver's wizard: the signed-in owner, the application, and
// the rule pack's live evaluation of it.
import { requireUser } from "~/http/auth.server";
import { ownApplicationFor } from "~/models/driver-wizard.server";

export async function loadOwnApplication(
  request: Request,
  id: string | undefined,
  permission: "read:application" | "update:application" = "read:application",
) {
  return ownApplicationFor(await requireUser(request), id, permission);
}
