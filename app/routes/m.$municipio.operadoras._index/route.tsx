import { Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { formatDate } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function StaffOperators() {
  const { municipality, operators } = useLoaderData<typeof loader>();
  const late = operators.filter((o) => o.overdueReports.length || o.overdueNotices);
  return (
    <>
      <h1>Operadoras — {municipality.name}</h1>
      <p className="bo-sub">
        Empresas, concessionárias e plataformas; relatórios e comunicações que a lei exige delas.
      </p>
      {late.length ? (
        <div className="aviso erro" role="status">
          {late.length}{" "}
          {late.length === 1 ? "operadora com obrigação em atraso" : "operadoras com obrigações em atraso"}.
        </div>
      ) : null}
      {operators.length === 0 ? (
        <p className="bo-vazio">Nenhuma operadora cadastrada.</p>
      ) : (
        <div className="tabela-rolagem">
          <table className="tabela-responsiva bo-tabela">
            <thead>
              <tr>
                <th scope="col">Empresa</th>
                <th scope="col">Situação</th>
                <th scope="col" className="num">
                  Condutores
                </th>
                <th scope="col" className="num">
                  Veículos
                </th>
                <th scope="col">Obrigações</th>
              </tr>
            </thead>
            <tbody>
              {operators.map((o) => (
                <tr key={o.id}>
                  <td data-label="Empresa">
                    <Link to={`/m/${municipality.slug}/operadoras/${o.id}`}>{o.tradeName ?? o.legalName}</Link>
                    <p className="dica">
                      {o.kind} · CNPJ {o.cnpj}
                    </p>
                  </td>
                  <td data-label="Situação">
                    <span className={`selo ${o.status === "ACTIVE" ? "ok" : "pendente"}`}>{o.statusLabel}</span>
                    {o.application && o.status !== "ACTIVE" ? (
                      <p className="dica">
                        {o.application.number}: {o.applicationStatus}
                      </p>
                    ) : null}
                  </td>
                  <td data-label="Condutores" className="num">
                    {o.drivers}
                  </td>
                  <td data-label="Veículos" className="num">
                    {o.vehicles}
                  </td>
                  <td data-label="Obrigações">
                    {o.overdueReports.map((r) => (
                      <p key={r.label + r.dueOn} className="dica">
                        <span className="selo falha">Atrasado</span> {r.label} (vencia{" "}
                        {r.dueOn ? formatDate(r.dueOn) : "—"})
                      </p>
                    ))}
                    {o.overdueNotices ? (
                      <p className="dica">
                        <span className="selo falha">
                          {o.overdueNotices} {o.overdueNotices === 1 ? "comunicação vencida" : "comunicações vencidas"}
                        </span>
                      </p>
                    ) : null}
                    {o.lateNotices ? (
                      <p className="dica">
                        <span className="selo pendente">{o.lateNotices} fora do prazo</span>
                      </p>
                    ) : null}
                    {!o.overdueReports.length && !o.overdueNotices ? (
                      <p className="dica">
                        {o.nextDue ? `Próximo: ${o.nextDue.label} até ${formatDate(o.nextDue.dueOn!)}` : "Em dia"}
                      </p>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const handle: PageHandle = { title: "Operadoras" };
