import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { formatCnpj, formatCpf } from "~/domain/br";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { endReasonText, LINK_STATUS_LABELS } from "~/domain/operators/driver-link";
import { notFound } from "~/domain/refusal";
import { zReportRequest } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { filedReports } from "~/http/report-file.server";
import { requireStaff } from "~/http/staff-guard.server";
import { today } from "~/models/application.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { listDriverLinks } from "~/models/driver-standing.server";
import { countVehicles } from "~/models/fleet.server";
import { listOperatorNotices } from "~/models/notice.server";
import { OPERATOR_STATUS_LABELS, operatorApplication } from "~/models/operator.server";
import { operatorCertificate } from "~/models/operator-approval.server";
import { operatorForStaff } from "~/models/operator-oversight.server";
import { reportDuties } from "~/models/operator-policy.server";
import { requestReport } from "~/models/operator-report.server";
import { operatorSchedule } from "~/models/operator-report-schedule.server";
import { parseForm } from "~/utils/forms";

async function load(request: Request, slug: string | undefined, id: string | undefined) {
  const staff = await requireStaff(request, slug, "read:application");
  const operator = await operatorForStaff(staff.municipality.id, id);
  if (!operator) throw notFound("Operadora não encontrada.");
  return { ...staff, operator };
}

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, operator } = await load(request, params.municipio, params.id);
  const [app, certificate, { pack, schedule }, history, notices, links, vehicles] = await Promise.all([
    operatorApplication(operator.id),
    operatorCertificate(operator.id),
    operatorSchedule(operator),
    filedReports(operator.id),
    listOperatorNotices(operator.id),
    listDriverLinks(operator.id),
    countVehicles(operator.id),
  ]);
  return {
    municipality: { slug: municipality.slug, name: municipality.name, timeZone: municipality.timeZone },
    operator: {
      id: operator.id,
      name: operator.tradeName ?? operator.legalName,
      legalName: operator.legalName,
      cnpj: formatCnpj(operator.cnpj),
      status: OPERATOR_STATUS_LABELS[operator.status] ?? operator.status,
      address: [
        [operator.street, operator.addressNumber].filter(Boolean).join(", "),
        operator.district,
        [operator.city, operator.uf].filter(Boolean).join("/"),
      ]
        .filter(Boolean)
        .join(" – "),
      rep: [operator.legalRepName, operator.legalRepCpf ? `CPF ${formatCpf(operator.legalRepCpf)}` : null]
        .filter(Boolean)
        .join(", "),
    },
    application: app
      ? {
          id: app.id,
          number: app.number,
          status: `${APPLICATION_STATUS_LABELS[app.status as ApplicationStatus] ?? app.status}${app.kind === "RENEWAL" ? " (renovação)" : ""}`,
          draft: app.status === "DRAFT",
        }
      : null,
    certificate: certificate
      ? { serial: certificate.serial, code: typedCodeFor(certificate.serial), validUntil: certificate.validUntil }
      : null,
    due: schedule.filter((s) => s.state !== "FILED"),
    duties: reportDuties(pack).map((r) => ({ value: r.deadline.id, label: r.deadline.label })),
    history,
    notices,
    drivers: links
      .filter((l) => l.status === "ACTIVE" || l.status === "ENDED")
      .map((l) => ({
        id: l.id,
        name: l.person?.fullName ?? "—",
        status: LINK_STATUS_LABELS[l.status],
        endReason: endReasonText(l.endReason),
        credential: l.standing.credentials[0]
          ? `${l.standing.credentials[0].serial}: ${VERDICT_LABELS[l.standing.credentials[0].verdict].label}`
          : "—",
      })),
    vehicles,
    today: today(new Date(), municipality.timeZone),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await load(request, params.municipio, params.id);
  const parsed = parseForm(zReportRequest, await readForm(request));
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  await requestReport(operator, parsed.data.duty, parsed.data.dueOn, parsed.data.note ?? null, actor);
  return redirect(`/m/${params.municipio}/operadoras/${operator.id}?ok=solicitado`);
});
