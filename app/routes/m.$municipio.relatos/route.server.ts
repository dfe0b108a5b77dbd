import type { LoaderFunctionArgs } from "@remix-run/node";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { requireMunicipality } from "~/models/municipality.server";
import {
  listPassengerReports,
  PASSENGER_REPORT_KIND_LABELS,
  type PassengerReportKind,
} from "~/models/passenger-report.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  await requirePermission(request, "read:passenger-report", { municipalityId: municipality.id });
  const reports = await listPassengerReports(municipality.id);
  return {
    municipality: { name: municipality.name, uf: municipality.uf, timeZone: municipality.timeZone },
    reports: reports.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      kind: PASSENGER_REPORT_KIND_LABELS[r.kind as PassengerReportKind] ?? r.kind,
      message: r.message,
      contact: r.contact,
      status: r.status,
      serial: r.serial,
      credential: r.credential
        ? {
            serial: r.credential.serial,
            holder: r.credential.holderDisplayName,
            plate: r.credential.plate,
            category: CATEGORY_LABELS[r.credential.category] ?? r.credential.category,
            status: CREDENTIAL_STATUS_LABELS[r.credential.status] ?? r.credential.status,
          }
        : null,
    })),
  };
});
