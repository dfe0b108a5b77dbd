import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { type ApplicationStatus, isEditable, OPEN_STATUSES } from "~/domain/applications/status";
import { renewalWindow } from "~/domain/credentials/renewal-window";
import { type CredentialStatus, verdictFor } from "~/domain/credentials/status";
import { daysBetween } from "~/domain/eligibility/calendar";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { today } from "~/models/application.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { countActiveDrivers } from "~/models/driver-standing.server";
import { countVehicles } from "~/models/fleet.server";
import { listOperatorNotices } from "~/models/notice.server";
import { operatorApplication } from "~/models/operator.server";
import { operatorCertificate } from "~/models/operator-approval.server";
import { startOperatorRenewal } from "~/models/operator-renewal.server";
import { operatorSchedule } from "~/models/operator-report-schedule.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const now = new Date();
  const [app, certificate, { schedule }, notices, drivers, vehicles] = await Promise.all([
    operatorApplication(operator.id),
    operatorCertificate(operator.id),
    operatorSchedule(operator, now),
    listOperatorNotices(operator.id, now),
    countActiveDrivers(operator.id),
    countVehicles(operator.id),
  ]);
  const date = today(now, operator.municipality.timeZone);
  const open = app ? OPEN_STATUSES.includes(app.status as ApplicationStatus) : false;
  const verdict = certificate
    ? verdictFor(
        {
          status: certificate.status as CredentialStatus,
          validFrom: certificate.validFrom,
          validUntil: certificate.validUntil,
        },
        date,
      )
    : null;
  return {
    frame: frameOf(operator),
    application: app
      ? {
          number: app.number,
          status: app.status as ApplicationStatus,
          editable: isEditable(app.status),
          renewal: app.kind === "RENEWAL",
          open,
        }
      : null,
    certificate:
      certificate && verdict
        ? {
            id: certificate.id,
            serial: certificate.serial,
            code: typedCodeFor(certificate.serial),
            validFrom: certificate.validFrom,
            validUntil: certificate.validUntil,
            verdict,
            daysLeft: daysBetween(date, certificate.validUntil),
            ...renewalOffer(certificate, date, open),
          }
        : null,
    due: schedule.filter((s) => s.state !== "FILED"),
    openNotices: notices.filter((n) => n.state === "OPEN" || n.state === "OVERDUE"),
    drivers,
    vehicles,
  };
});

/** "Renovar certificado" only inside the renewal window, as a driver's (ADR 028, ADR 033). */
function renewalOffer(c: { status: string; validFrom: string; validUntil: string }, date: string, open: boolean) {
  const window = renewalWindow(c, date);
  return {
    renewable: window.open && !open,
    renewalOpensOn: !window.open && window.reason === "too_early" ? window.opensOn : null,
  };
}

// "Renovar certificado": starts the renewal and sends the team to the application's documents.
export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, user, actor } = await requireOperator(request, params.id, "update:operator");
  await readForm(request);
  await startOperatorRenewal(operator.id, user, actor);
  return redirect(`/operadora/${operator.id}/documentos?ok=renovacao`);
});
