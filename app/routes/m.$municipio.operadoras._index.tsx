import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/http/staff-guard.server";
import { operatorsOfMunicipality } from "~/models/operator-oversight.server";
import { OPERATOR_STATUS_LABELS } from "~/models/operator.server";
import { OPERATOR_KIND_LABELS, type OperatorKind } from "~/domain/operators/vocabulary";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { formatCnpj } from "~/domain/br";
import styles from "~/components/back-office/back-office.css";
import { formatDate } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

// The municipality's operators for its staff: who is credentialed and what each owes — overdue
// reports and notices not filed (or filed late) are flagged here as they are to the operator.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:application");
  const rows = await operatorsOfMunicipality(municipality);
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    operators: rows.map((o) => ({
      ...o,
      cnpj: formatCnpj(o.cnpj),
      kind: OPERATOR_KIND_LABELS[o.kind as OperatorKind] ?? o.kind,
      statusLabel: OPERATOR_STATUS_LABELS[o.status] ?? o.status,
      applicationStatus: o.application
        ? (APPLICATION_STATUS_LABELS[o.application.status as ApplicationStatus] ?? o.application.status)
        : null,
    })),
  };
});

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

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Operadoras — Portal de Credenciamento" }];
