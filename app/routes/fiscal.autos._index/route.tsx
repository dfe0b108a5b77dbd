import { Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { formatInstant } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function MyAutos() {
  const { autos, timeZone } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Autos que lavrei</h1>
      {autos.length === 0 ? (
        <p className="cartao">Nenhum auto registrado por você.</p>
      ) : (
        <ul className="lista-autos" aria-label="Autos de infração lavrados por você, do mais recente ao mais antigo">
          {autos.map((a) => (
            <li key={a.id} className="cartao">
              <h2>Auto nº {a.number}</h2>
              <p>{a.infraction}</p>
              <dl className="dados">
                <dt>Data e hora</dt>
                <dd>{formatInstant(a.occurredAt, timeZone)}</dd>
                <dt>Credencial</dt>
                <dd>
                  {a.serial ? <Link to={`/fiscal/credencial/${a.serial}`}>{a.serial}</Link> : "—"}
                  {a.holder ? ` · ${a.holder}` : ""}
                </dd>
                <dt>Local</dt>
                <dd>{a.place ?? "—"}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/fiscal" className="botao secundario">
          Voltar ao leitor
        </Link>
      </p>
    </>
  );
}

export const handle: PageHandle = { title: "Autos que lavrei — Fiscalização" };
