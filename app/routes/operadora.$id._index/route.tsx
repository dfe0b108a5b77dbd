import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Credentialing } from "~/components/operator/credentialing";
import { DueList } from "~/components/operator/due-list";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = { enviado: "Requerimento enviado à prefeitura para análise." };

export default function OperatorOverview() {
  const d = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const base = `/operadora/${d.frame.id}`;
  return (
    <OperatorFrame operator={d.frame} current="" title={d.frame.name}>
      <Flash ok={OK[params.get("ok") ?? ""]} error={refused?.error} />
      <div className="op-grade">
        <Credentialing certificate={d.certificate} application={d.application} base={base} />
        <section className="cartao" aria-labelledby="resumo">
          <h2 id="resumo">Condutores e frota</h2>
          <p>
            <Link to={`${base}/condutores`}>
              {d.drivers} {d.drivers === 1 ? "condutor vinculado" : "condutores vinculados"}
            </Link>
          </p>
          <p>
            <Link to={`${base}/frota`}>
              {d.vehicles} {d.vehicles === 1 ? "veículo na frota" : "veículos na frota"}
            </Link>
          </p>
        </section>
      </div>
      <section className="cartao" aria-labelledby="obrigacoes">
        <h2 id="obrigacoes">Obrigações com a prefeitura</h2>
        {d.due.length === 0 && d.openNotices.length === 0 ? (
          <p>Nada pendente{d.certificate ? "" : " — as obrigações começam com o credenciamento"}.</p>
        ) : null}
        <DueList items={d.due} reportsUrl={`${base}/relatorios`} />
        {d.openNotices.length ? (
          <ul className="op-lista">
            {d.openNotices.map((n) => (
              <li key={n.id}>
                <strong>{n.kindLabel}</strong>
                {n.driverName ? ` — ${n.driverName}` : ""}:{" "}
                {n.state === "OVERDUE" ? (
                  <span className="selo falha">Prazo vencido há {n.left}</span>
                ) : (
                  <span className="selo pendente">Faltam {n.left}</span>
                )}
                <span className="citacao">
                  {n.label} ({n.citation}) · <Link to={`${base}/comunicacoes`}>comunicar</Link>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </OperatorFrame>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `${data?.frame.name ?? "Empresa"}`,
};
