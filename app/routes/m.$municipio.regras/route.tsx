import type { LinksFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { FederalLayer } from "~/components/back-office/rule-pack/federal-layer";
import { ParametersForm, PublishedVersions } from "~/components/back-office/rule-pack/parameters";
import { PackReading } from "~/components/back-office/rule-pack/reading";
import lawStyles from "~/components/law/law.css";
import type { PageHandle } from "~/components/page-title";
import { useFormResult } from "~/components/ui/form-result";
import { formatDate } from "~/domain/format";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: lawStyles }];

export default function RulePackPage() {
  const { municipality, pack, history, lawPath } = useLoaderData<typeof loader>();
  const { errors, values, error } = useFormResult();
  const [params] = useSearchParams();
  const published = params.get("publicada");
  const from = params.get("vigencia");
  return (
    <>
      <h1>Regras — {municipality.name}</h1>
      <p className="bo-sub">
        {pack.law.label}: {pack.law.title} ({formatDate(pack.law.date)})
        {pack.law.amendments.length
          ? `, com as alterações das ${pack.law.amendments.map((a) => a.label).join(", ")}`
          : ""}
        . Pacote {pack.id}, versão <strong>{pack.version}</strong>, em vigor desde {formatDate(pack.effectiveDate)}.{" "}
        {lawPath ? (
          <a href={lawPath}>Ler o texto da lei</a>
        ) : (
          "O texto da lei ainda não foi anexado: as citações aparecem sem o trecho citado."
        )}
      </p>
      {published ? (
        <div className="aviso sucesso" role="status">
          Versão {published} publicada.{" "}
          {from
            ? `Novos requerimentos são avaliados por ela a partir de ${formatDate(from)}`
            : "Novos requerimentos já são avaliados por ela"}
          ; os anteriores continuam na versão em que foram feitos.
        </div>
      ) : null}

      <nav aria-label="Nesta página" className="cartao">
        <ul className="bo-botoes" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          <li>
            <a href="#categorias">Categorias</a>
          </li>
          {pack.groups.map((g, i) => (
            <li key={g.title}>
              <a href={`#grupo-${i}`}>{g.title}</a>
            </li>
          ))}
          <li>
            <a href="#infracoes">Infrações</a>
          </li>
          <li>
            <a href="#camada-federal">Camada federal</a>
          </li>
          <li>
            <a href="#parametros">Parâmetros</a>
          </li>
          <li>
            <a href="#versoes">Versões</a>
          </li>
          <li>
            <Link to={`/m/${municipality.slug}/regras/rascunho`}>Escrever um novo texto das regras</Link>
          </li>
          <li>
            <a href={`/regras/${municipality.slug}`}>Página pública das regras</a>
          </li>
        </ul>
      </nav>

      <PackReading pack={pack} lawPath={lawPath} />
      <FederalLayer rows={pack.federal} />
      <ParametersForm parameters={pack.parameters} errors={errors} values={values} error={error} />
      <PublishedVersions
        history={history}
        parameters={pack.parameters}
        version={pack.version}
        timeZone={municipality.timeZone}
      />
    </>
  );
}

export const handle: PageHandle = { title: "Regras" };
