import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { reportFile } from "~/http/report-file.server";
import { getFiledReport } from "~/models/operator-report.server";

// A report the company filed, as it was filed, in PDF.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const filed = await getFiledReport(operator.id, params.reportId);
  if (!filed) throw notFound("Relatório não encontrado.");
  return reportFile(filed, "pdf");
});
