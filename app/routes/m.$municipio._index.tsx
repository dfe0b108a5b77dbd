import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff, may } from "~/http/staff-guard.server";
import { municipalityOverview } from "~/models/municipality.server";
import { activePack } from "~/models/rule-pack.server";
import { infractionTerms, reviewWorkload } from "~/models/review-workload.server";
import { formatCount, formatDate, formatNumber } from "~/domain/format";
import { today } from "~/domain/time";
import { STAGE_HINTS, STAGE_LABELS, waitingLabel } from "~/components/back-office/labels";
import { InfractionTermList } from "~/components/back-office/workload";
import styles from "~/components/back-office/back-office.css";
import workloadStyles from "~/components/back-office/workload.css";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality: m, user } = await requireStaff(request, params.municipio, "read:panel");
  const can = may(user, m.id, "read:application", "review:application", "read:infraction");
  const now = new Date();
  const pack = await activePack(m);
  const [overview, workload, terms] = await Promise.all([
    municipalityOverview(m.id),
    can["read:application"] ? reviewWorkload(m.id, now) : null,
    can["read:infraction"] ? infractionTerms(m.id, pack, today(now, m.timeZone), now) : null,
  ]);
  return {
    municipality: {
      name: m.name,
      uf: m.uf,
      slug: m.slug,
      ibgeCode: m.ibgeCode,
      population: m.population,
      populationSource: m.populationSource,
      populationDate: m.populationDate,
      fiscalUnitName: m.fiscalUnitName,
    },
    law: { label: pack.law.label, version: pack.version },
    overview,
    workload,
    terms,
    canOpenQueue: can["review:application"],
  };
});

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

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: workloadStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.municipality.name ?? "Município"} — Portal de Credenciamento` },
];
