import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRefusals } from "~/http/refusal.server";
import { REPORTS, reportTable } from "~/http/report-tables.server";
import { requireStaff } from "~/http/staff-guard.server";
import { today } from "~/models/application.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:report");
  const date = today(new Date(), municipality.timeZone);
  const reports = await Promise.all(REPORTS.map((name) => reportTable(name, municipality, date)));
  return { municipality: { name: municipality.name, slug: municipality.slug }, date, reports };
});
