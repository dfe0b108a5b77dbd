// The driver's home view-model (/painel): open applications with their steps and missing documents,
// and the badges with their penalty notices, in words.
import { type HomeApplication, type HomeCredential, OPEN_STATUSES } from "~/domain/applications/next-step";
import type { ApplicationStatus } from "~/domain/applications/status";
import { openItems, wizardSteps } from "~/domain/applications/wizard";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { type CredentialStatus, verdictFor } from "~/domain/credentials/status";
import { civilDate } from "~/domain/time";
import { evaluateFor, getApplication, listOwnApplications } from "~/models/application.server";
import { penaltyNotices } from "~/models/credentials/penalty-notice.server";
import { credentialsOfUser } from "~/models/credentials/read.server";

/** What the driver's home reads (app/domain/applications/next-step.ts); closed applications are not evaluated. */
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
  const notices = await penaltyNotices(badges);
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
