import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { OperatorDrivers, OperatorRegistration, ReportsDue } from "~/components/back-office/operator/sections";
import { FiledReports } from "~/components/operator/filed-reports";
import { NoticeClock } from "~/components/operator/notice-clock";
import { Flash } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function StaffOperator() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = (result && "errors" in result && result.errors) || {};
  const base = `/m/${d.municipality.slug}/operadoras/${d.operator.id}`;
  return (
    <>
      <p className="bo-voltar">
        <Link to={`/m/${d.municipality.slug}/operadoras`}>← Operadoras</Link>
      </p>
      <h1>{d.operator.name}</h1>
      <p className="bo-sub">
        {d.operator.legalName} · CNPJ {d.operator.cnpj} · {d.operator.status}
      </p>
      <Flash
        ok={params.get("ok") === "solicitado" ? "Relatório solicitado à empresa." : null}
        error={result && "error" in result ? result.error : null}
        errors={errors}
      />
      <OperatorRegistration
        operator={d.operator}
        application={d.application}
        certificate={d.certificate}
        vehicles={d.vehicles}
        slug={d.municipality.slug}
      />
      <ReportsDue due={d.due} duties={d.duties} errors={errors} today={d.today} />
      <section className="cartao">
        <h2>Relatórios entregues</h2>
        {d.history.length === 0 ? (
          <p>Nenhum.</p>
        ) : (
          <FiledReports
            reports={d.history}
            base={`${base}/relatorios`}
            timeZone={d.municipality.timeZone}
            className="bo-tabela"
          />
        )}
      </section>
      <section className="cartao">
        <h2>Comunicações</h2>
        {d.notices.length === 0 ? (
          <p>Nenhuma.</p>
        ) : (
          <ul style={{ listStyle: "none", padding: 0 }}>
            {d.notices.map((n) => (
              <li key={n.id} className="bo-documento">
                <h3>
                  {n.kindLabel}
                  {n.driverName ? ` — ${n.driverName}` : ""}
                </h3>
                <NoticeClock notice={n} />
                {n.description ? <p>{n.description}</p> : null}
                <p className="dica">
                  {n.label} ({n.citation})
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <OperatorDrivers drivers={d.drivers} />
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `${data?.operator.name ?? "Operadora"}`,
};
