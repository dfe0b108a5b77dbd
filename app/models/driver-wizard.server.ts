// What every page of the driver's wizard needs: the owner's application and the rule pack's live
// evaluation of it (the signed-in user comes from app/http/driver-wizard.server.ts).
import { assertCan } from "~/domain/auth/permissions";
import { OPEN_STATUSES, type HomeApplication, type HomeCredential } from "~/domain/applications/next-step";
import { openItems, wizardSteps } from "~/domain/applications/wizard";
import type { ApplicationStatus } from "~/domain/applications/status";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { verdictFor, type CredentialStatus } from "~/domain/credentials/status";
import { civilDate } from "~/domain/time";
import { evaluateFor, getApplication, listOwnApplications, requireOwnApplication } from "./application.server";
import { credentialsOfUser } from "./credentials/read.server";
import { holderNotices } from "./credentials/notice.server";
import type { CurrentUser } from "./user.server";

export async function ownApplicationFor<U extends CurrentUser>(
  user: U,
  id: string | undefined,
  permission: "read:application" | "update:application" = "read:application",
) {
  const app = await requireOwnApplication(id, user.id);
  assertCan(user, permission, { ownerUserId: app.person?.userId });
  const { pack, result } = await evaluateFor(app);
  return { user, app, pack, result };
}

/**
 * The states the driver's home reads (app/domain/applications/next-step.ts): each open application
 * with its wizard progress, the documents still to send and since when it is in its status; the
 * crachás in force. Closed applications are not evaluated.
 */
export async function driverHome(
  userId: string,
  instant: Date,
): Promise<{
  applications: HomeApplication[];
  credentials: HomeCredential[];
}> {
  const listed = await listOwnApplications(userId);
  const applications: HomeApplication[] = [];
  for (const row of listed.filter((a) => OPEN_STATUSES.includes(a.status as ApplicationStatus))) {
    const app = await getApplication(row.id);
    if (!app?.person) continue;
    const { result } = await evaluateFor(app);
    const changed = [...app.history].reverse().find((h) => h.toStatus === app.status);
    const zone = app.municipality.timeZone;
    applications.push({
      id: app.id,
      number: app.number,
      status: app.status as ApplicationStatus,
      what: `${CATEGORY_LABELS[app.category] ?? app.category} em ${app.municipality.name} (${app.municipality.uf})`,
      steps: wizardSteps(result),
      documents: openItems(result).documents.map((d) => ({ label: d.label, status: d.status, reason: d.reason })),
      since: changed ? civilDate(changed.at, zone) : null,
      reason: app.status === "CHANGES_REQUESTED" ? (changed?.reason ?? null) : null,
    });
  }
  const { credentials } = await credentialsOfUser(userId, instant);
  const badges = credentials.filter((c) => c.type === "CRACHA");
  const notices = await holderNotices(badges);
  return {
    applications,
    credentials: badges.map((c) => ({
      id: c.id,
      label: `${CREDENTIAL_TYPE_LABELS[c.type]} — ${CATEGORY_LABELS[c.category] ?? c.category}`,
      serial: c.serial,
      valid:
        verdictFor(
          { status: c.status as CredentialStatus, validFrom: c.validFrom, validUntil: c.validUntil },
          civilDate(instant, c.municipality.timeZone),
        ) === "VALID",
      notice: notices.get(c.id) ?? null,
    })),
  };
}
