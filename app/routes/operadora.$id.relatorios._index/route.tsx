import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { DueTag, periodText } from "~/components/operator/due-list";
import { FiledReports } from "~/components/operator/filed-reports";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function OperatorReports() {
  const d = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const base = `/operadora/${d.frame.id}/relatorios`;
  return (
    <OperatorFrame operator={d.frame} current="relatorios" title="Relatórios à prefeitura">
      <Flash
        ok={params.get("ok") === "entregue" ? "Relatório gerado e entregue à prefeitura." : null}
        error={refused?.error}
      />
      <section className="cartao" aria-labelledby="pendentes">
        <h2 id="pendentes">A entregar</h2>
        {!d.active ? (
          <p>Os relatórios começam com o credenciamento da empresa.</p>
        ) : d.due.length === 0 ? (
          <p>Nenhum relatório pendente.</p>
        ) : (
          <ul className="op-lista">
            {d.due.map((i) => (
              <li key={`${i.duty}-${i.periodStart}-${i.requested}`}>
                <h3 style={{ fontSize: "1.05rem", margin: 0 }}>{i.label}</h3>
                <p>
                  {periodText(i)} <DueTag item={i} />
                </p>
                <p className="citacao">
                  {i.citation}
                  {i.sanction ? ` · sanção: ${i.sanction}` : ""}
                </p>
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="duty" value={i.duty} />
                  <input type="hidden" name="periodStart" value={i.periodStart} />
                  <button
                    type="submit"
                    className="botao pequeno"
                    aria-label={`Gerar e entregar: ${i.label}, ${periodText(i)}`}
                  >
                    Gerar e entregar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <p className="dica">
          O relatório é gerado com os dados do portal no momento da entrega (condutores, documentos, frota) e guardado
          como entregue.
        </p>
      </section>
      <section className="cartao" aria-labelledby="historico">
        <h2 id="historico">Entregues</h2>
        {d.history.length === 0 ? (
          <p>Nenhum relatório entregue ainda.</p>
        ) : (
          <FiledReports reports={d.history} base={base} timeZone={d.frame.timeZone} className="op-tabela" />
        )}
      </section>
    </OperatorFrame>
  );
}

export const handle: PageHandle = { title: "Relatórios" };
