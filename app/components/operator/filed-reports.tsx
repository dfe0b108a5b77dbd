// The reports a company has filed, for the company and the city; one card per report on a phone.
import { formatCount, formatDate, formatInstant } from "~/domain/format";

export type FiledReportRow = {
  id: string;
  title: string;
  periodStart: string;
  periodEnd: string;
  filedAt: string;
  late: boolean;
  /** Lines in the report's first table. */
  rows: number;
  /** Filed because the city asked for it. */
  requested: boolean;
};

type Props = {
  reports: FiledReportRow[];
  /** The path the report's id is appended to for its `/csv` and `/pdf` downloads. */
  base: string;
  /** The municipality's zone: the day "Entregue em" shows is the day it was there. */
  timeZone: string;
  className?: string;
};

export function FiledReports({ reports, base, timeZone, className }: Props) {
  return (
    <div className="tabela-rolagem">
      <table className={className ? `tabela-responsiva ${className}` : "tabela-responsiva"}>
        <thead>
          <tr>
            <th scope="col">Relatório</th>
            <th scope="col">Período</th>
            <th scope="col">Entregue em</th>
            <th scope="col">Arquivos</th>
          </tr>
        </thead>
        <tbody>
          {reports.map((h) => (
            <tr key={h.id}>
              <td data-label="Relatório">
                {h.title}
                {h.requested ? " (a pedido da prefeitura)" : ""}
                <br />
                <span className="dica">{formatCount(h.rows, "linha", "linhas")}</span>
              </td>
              <td data-label="Período">
                {h.periodStart === h.periodEnd
                  ? formatDate(h.periodStart)
                  : `${formatDate(h.periodStart)} a ${formatDate(h.periodEnd)}`}
              </td>
              <td data-label="Entregue em">
                {formatInstant(h.filedAt, timeZone)}{" "}
                {h.late ? <span className="selo falha">com atraso</span> : <span className="selo ok">no prazo</span>}
              </td>
              <td data-label="Arquivos">
                <a href={`${base}/${h.id}/csv`} download aria-label={`CSV de ${h.title}`}>
                  CSV
                </a>{" "}
                ·{" "}
                <a href={`${base}/${h.id}/pdf`} download aria-label={`PDF de ${h.title}`}>
                  PDF
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
