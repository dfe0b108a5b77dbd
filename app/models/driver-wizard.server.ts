// What every page of the driver's wizard needs: the owner's application and its live evaluation.
import { assertCan } from "~/domain/auth/permissions";
import { evaluateFor, requireOwnApplication } from "./application.server";
import type { CurrentUser } from "./user.server";

type Permission = "read:application" | "update:application";

/** The user's own application, refused as not found to anyone else (nothing evaluated). */
export async function ownedApplication(user: CurrentUser, id: string | undefined, permission: Permission) {
  const app = await requireOwnApplication(id, user.id);
  assertCan(user, permission, { ownerUserId: app.person?.userId });
  return app;
}

export async function ownApplicationFor<U extends CurrentUser>(
  user: U,
  id: string | undefined,
  permission: Permission = "read:application",
) {
  const app = await ownedApplication(user, id, permission);
  const { pack, result } = await evaluateFor(app);
  return { user, app, pack, result };
}
