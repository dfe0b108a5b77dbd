import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileAnswer } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { type ReportName, REPORTS, reportTable, toCsv } from "~/http/report-tables.server";
import { requireStaff } from "~/http/staff-guard.server";
import { today } from "~/models/application.server";

// /m/<slug>/relatorios/<nome>.csv — the same table the report page shows, as a download.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:report");
  const name = params.relatorio as ReportName;
  if (!(REPORTS as readonly string[]).includes(name)) throw notFound("Relatório não encontrado.");
  const date = today(new Date(), municipality.timeZone);
  const table = await reportTable(name, municipality, date);
  return fileAnswer(toCsv(table), "text/csv; charset=utf-8", "private, no-store", {
    "Content-Disposition": `attachment; filename="relatorio-${name}-${municipality.slug}-${date}.csv"`,
  });
});
