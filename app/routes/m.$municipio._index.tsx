import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { municipalityOverview, requireMunicipality } from "~/models/municipality.server";
import { formatNumber } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  await requirePermission(request, "read:panel", { municipalityId: municipality.id });
  const overview = await municipalityOverview(municipality.id);
  return { municipality, overview };
});

export default function MunicipalityPanel() {
  const { municipality: m, overview } = useLoaderData<typeof loader>();
  const total = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
  return (
    <>
      <h1>
        {m.name} ({m.uf})
      </h1>
      <div className="grade">
        <section className="cartao">
          <h2>Município</h2>
          <dl>
            <dt>Código IBGE</dt>
            <dd>{m.ibgeCode}</dd>
            <dt>População</dt>
            <dd>
              {formatNumber(m.population)} ({m.populationSource}
              {m.populationDate ? `, ${m.populationDate}` : ""})
            </dd>
            <dt>Unidade fiscal</dt>
            <dd>{m.fiscalUnitName}</dd>
            <dt>Pacote de regras</dt>
            <dd>{m.rulePackId}</dd>
          </dl>
        </section>
        <section className="cartao">
          <h2>Requerimentos</h2>
          <p>
            <strong>{total(overview.applications)}</strong> no total
          </p>
        </section>
        <section className="cartao">
          <h2>Credenciais emitidas</h2>
          <p>
            <strong>{total(overview.credentials)}</strong> no total
          </p>
        </section>
        <section className="cartao">
          <h2>Equipe</h2>
          <p>
            <strong>{overview.staff}</strong> acessos ativos
          </p>
        </section>
      </div>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.municipality.name ?? "Município"} — Portal de Credenciamento` },
];
