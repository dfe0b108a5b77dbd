import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { invalid } from "~/domain/refusal";
import { zReportFiling } from "~/forms/operator";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { filedReports } from "~/http/report-file.server";
import { fileReport } from "~/models/operator-report.server";
import { operatorSchedule } from "~/models/operator-report-schedule.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const [{ schedule }, history] = await Promise.all([operatorSchedule(operator), filedReports(operator.id)]);
  return {
    frame: frameOf(operator),
    active: operator.status === "ACTIVE",
    due: schedule.filter((s) => s.state !== "FILED"),
    history,
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "create:report");
  const parsed = parseForm(zReportFiling, await readForm(request));
  if (!parsed.ok) throw invalid("Relatório inválido.");
  await fileReport(operator, parsed.data, actor);
  return redirect(`/operadora/${operator.id}/relatorios?ok=entregue`);
});
