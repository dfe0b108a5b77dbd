// Filed reports — the list and each one as a download, CSV or PDF — for the operator's pages and
// the city's alike.
import type { FiledReportRow } from "~/components/operator/filed-reports";
import { reportHistory } from "~/models/operator-report.server";
import { reportCsv, type ReportSnapshot } from "~/models/operator-report-content.server";
import { renderReportPdf } from "~/models/operator-report-pdf.server";

export async function reportFile(
  {
    report,
    snapshot,
    timeZone,
  }: {
    report: { kind: string; periodStart: string; filedAt: Date | null };
    snapshot: ReportSnapshot;
    /** The municipality's zone: the day "Entregue em" prints is the day it was there. */
    timeZone: string;
  },
  format: "csv" | "pdf",
): Promise<Response> {
  const name = `${report.kind}-${report.periodStart}`;
  const headers = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };
  if (format === "csv") {
    return new Response(reportCsv(snapshot), {
      headers: {
        ...headers,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.csv"`,
      },
    });
  }
  const bytes = await renderReportPdf(snapshot, report.filedAt ?? new Date(snapshot.generatedAt), timeZone);
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...headers,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}.pdf"`,
    },
  });
}

/** The reports a company has filed, newest first, as the company's and the city's pages list them. */
export async function filedReports(operatorId: string): Promise<FiledReportRow[]> {
  const history = await reportHistory(operatorId);
  return history.map((h) => ({
    id: h.id,
    title: h.snapshot?.title ?? h.kind,
    periodStart: h.periodStart,
    periodEnd: h.periodEnd,
    filedAt: h.filedAt.toISOString(),
    late: h.late,
    rows: h.snapshot?.tables[0]?.rows.length ?? 0,
    requested: Boolean(h.snapshot?.requested),
  }));
}
