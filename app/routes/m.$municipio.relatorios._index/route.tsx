import { useLoaderData } from "@remix-run/react";
import { BarChart } from "~/components/back-office/bar-chart";
import type { PageHandle } from "~/components/page-title";
import { formatDate, formatNumber } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function Reports() {
  const { municipality, date, reports } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Relatórios — {municipality.name}</h1>
      <p className="bo-sub">
        Situação em {formatDate(date)}. Cada relatório pode ser baixado em CSV (abre no Excel ou no LibreOffice).
      </p>
      <nav aria-label="Relatórios nesta página" className="cartao">
        <ul className="bo-botoes" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {reports.map((r) => (
            <li key={r.name}>
              <a href={`#${r.name}`}>{r.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {reports.map((r) => (
        <section key={r.name} id={r.name} className="cartao bo-relatorio" aria-labelledby={`${r.name}-titulo`}>
          <div className="bo-cabecalho">
            <h2 id={`${r.name}-titulo`}>{r.title}</h2>
            <a className="botao pequeno secundario" href={`/m/${municipality.slug}/relatorios/${r.name}.csv`} download>
              Baixar CSV<span className="visualmente-oculto">: {r.title}</span>
            </a>
          </div>
          <p className="dica">
            {r.description}
            {r.summary ? ` ${r.summary}` : ""}
          </p>
          {r.chart && r.chart.rows.some((x) => x.value > 0) ? (
            <BarChart title={r.chart.title} rows={r.chart.rows} unit={r.chart.unit} />
          ) : null}
          {r.rows.length === 0 ? (
            <p className="bo-vazio">Nada a mostrar.</p>
          ) : (
            <div className="tabela-rolagem">
              <table className="tabela-responsiva bo-tabela">
                <caption className="visualmente-oculto">{r.title}</caption>
                <thead>
                  <tr>
                    {r.columns.map((c, i) => (
                      <th key={c} scope="col" className={r.numeric[i] ? "num" : undefined}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {r.rows.map((row, j) => (
                    <tr key={j}>
                      {row.map((v, i) => (
                        <td key={i} data-label={r.columns[i]} className={r.numeric[i] ? "num" : undefined}>
                          {typeof v === "number" ? formatNumber(v) : v === "" ? "—" : v}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </>
  );
}

export const handle: PageHandle = { title: "Relatórios" };
