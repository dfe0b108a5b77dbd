import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { withRefusals } from "~/http/refusal.server";
import { reportFile } from "~/http/report-file.server";
import { requireStaff } from "~/http/staff-guard.server";
import { operatorForStaff } from "~/models/operator-oversight.server";
import { getFiledReport } from "~/models/operator-report.server";

// A report an operator of this municipality filed, as filed, in PDF.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:application");
  const operator = await operatorForStaff(municipality.id, params.id);
  const filed = operator ? await getFiledReport(operator.id, params.reportId) : null;
  if (!filed) throw notFound("Relatório não encontrado.");
  return reportFile(filed, "pdf");
});
