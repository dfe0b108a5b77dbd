import type { LinksFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { STAGE_HINTS, STAGE_LABELS, waitingLabel } from "~/components/back-office/labels";
import { InfractionTermList } from "~/components/back-office/workload";
import workloadStyles from "~/components/back-office/workload.css";
import type { PageHandle } from "~/components/page-title";
import { formatCount, formatDate, formatNumber } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

const total = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);

export default function MunicipalityPanel() {
  const { municipality: m, law, overview, workload, terms, canOpenQueue } = useLoaderData<typeof loader>();
  const queue = `/m/${m.slug}/fila`;
  return (
    <>
      <h1>
        {m.name} ({m.uf})
      </h1>

      {workload ? (
        <section aria-labelledby="carga-titulo" className="bo-carga">
          <h2 id="carga-titulo">Requerimentos em andamento</h2>
          <p className="bo-sub">
            A lei do município não fixa prazo para decidir o requerimento: cada etapa mostra há quanto tempo espera o
            mais antigo, contado do último envio.
          </p>
          <ul className="bo-carga-lista">
            {workload.map((s) => (
              <li key={s.stage} className="cartao">
                <h3>
                  {canOpenQueue ? (
                    <Link to={`${queue}?etapa=${s.stage}`}>
                      {STAGE_LABELS[s.stage]}: <strong>{formatNumber(s.count)}</strong>
                    </Link>
                  ) : (
                    <>
                      {STAGE_LABELS[s.stage]}: <strong>{formatNumber(s.count)}</strong>
                    </>
                  )}
                </h3>
                <p className="dica">{STAGE_HINTS[s.stage]}</p>
                {s.oldest ? (
                  <p>
                    Mais antigo:{" "}
                    {canOpenQueue ? (
                      <Link to={`/m/${m.slug}/requerimentos/${s.oldest.id}`}>{s.oldest.number}</Link>
                    ) : (
                      s.oldest.number
                    )}
                    , {s.oldest.waitingDays > 0 ? `há ${waitingLabel(s.oldest.waitingDays)}` : "desde hoje"}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {terms ? <InfractionTermList terms={terms} autosUrl={`/m/${m.slug}/autos`} /> : null}

      <div className="grade">
        <section className="cartao">
          <h2>Município</h2>
          <dl>
            <dt>Código IBGE</dt>
            <dd>{m.ibgeCode}</dd>
            <dt>População</dt>
            <dd>
              {formatNumber(m.population)} ({m.populationSource}
              {m.populationDate ? `, ${formatDate(m.populationDate)}` : ""})
            </dd>
            <dt>Unidade fiscal</dt>
            <dd>{m.fiscalUnitName}</dd>
            <dt>Lei aplicada</dt>
            <dd>
              {law.label} (regras na versão {law.version})
            </dd>
          </dl>
        </section>
        <section className="cartao">
          <h2>Totais</h2>
          <ul className="bo-totais">
            <li>{formatCount(total(overview.applications), "requerimento", "requerimentos")}</li>
            <li>{formatCount(total(overview.credentials), "credencial emitida", "credenciais emitidas")}</li>
            <li>{formatCount(overview.staff, "acesso ativo na equipe", "acessos ativos na equipe")}</li>
          </ul>
        </section>
      </div>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: workloadStyles }];

export const handle: PageHandle<typeof loader> = {
  title: (data) => `${data?.municipality.name ?? "Município"}`,
};
