import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import backOfficeStyles from "~/components/back-office/back-office.css";
import { FederalLayer } from "~/components/back-office/rule-pack/federal-layer";
import { PackReading } from "~/components/back-office/rule-pack/reading";
import lawStyles from "~/components/law/law.css";
import type { PageHandle } from "~/components/page-title";
import { formatDate } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: backOfficeStyles },
  { rel: "stylesheet", href: lawStyles },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    name: "description",
    content: data ? `Regras de credenciamento de ${data.municipality.name}, pela ${data.pack.law.label}` : "",
  },
];

export default function PublicRulesPage() {
  const { municipality, pack, lawPath } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>
        Regras de credenciamento — {municipality.name} ({municipality.uf})
      </h1>
      <p>
        O que o portal confere em cada pedido, pela {pack.law.label} ({pack.law.title}
        {pack.law.amendments.length
          ? `, com as alterações das ${pack.law.amendments.map((a) => a.label).join(", ")}`
          : ""}
        ) e pela legislação federal. Versão {pack.version} das regras, em vigor desde {formatDate(pack.effectiveDate)}.{" "}
        {lawPath ? <a href={lawPath}>Ler o texto da lei</a> : null}
      </p>
      {pack.summary ? <p>{pack.summary}</p> : null}
      <PackReading pack={pack} lawPath={lawPath} />
      <FederalLayer rows={pack.federal} />
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => (data ? `Regras de credenciamento — ${data.municipality.name}` : "Regras de credenciamento"),
};
