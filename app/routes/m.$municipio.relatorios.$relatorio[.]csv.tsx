import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/http/staff-guard.server";
import { reportTable, REPORTS, toCsv, type ReportName } from "~/http/report-tables.server";
import { today } from "~/models/application.server";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// /m/<slug>/relatorios/<nome>.csv — the same table the report page shows, as a download.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:report");
  const name = params.relatorio as ReportName;
  if (!(REPORTS as readonly string[]).includes(name)) throw notFound("Relatório não encontrado.");
  const date = today(new Date(), municipality.timeZone);
  const table = await reportTable(name, municipality, date);
  return new Response(toCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="relatorio-${name}-${municipality.slug}-${date}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
