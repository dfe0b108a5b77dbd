import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import styles from "~/components/law/law.css";
import { LawUnits } from "~/components/law/law-units";
import type { PageHandle } from "~/components/page-title";
import { formatDate } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { name: "description", content: data ? `${data.law.label} de ${data.municipality.name}: ${data.law.title}` : "" },
];

export default function LawPage() {
  const { municipality, law, units, rulesPath } = useLoaderData<typeof loader>();
  return (
    <article className="lei">
      <h1>
        {law.label} — {municipality.name} ({municipality.uf})
      </h1>
      <p className="lei-ementa">{law.title}</p>
      <p>
        {law.publishedOn ? `Publicada em ${formatDate(law.publishedOn)}. ` : ""}
        {law.amendments.length ? `Com as alterações das ${law.amendments.map((a) => a.label).join(", ")}. ` : ""}
        Cada dispositivo tem um endereço próprio: as regras do portal citam a lei por ele. O texto oficial é o publicado
        pelo município.{" "}
        {rulesPath ? <a href={rulesPath}>Ver as regras que o portal aplica, com a camada federal</a> : null}
      </p>
      <LawUnits units={units} />
    </article>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => (data ? `${data.law.label} — ${data.municipality.name}` : "Lei municipal"),
};
