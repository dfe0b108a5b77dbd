import { Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function MyOperators() {
  const { operators } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Minhas empresas</h1>
      <p>
        Empresas, concessionárias, plataformas e cooperativas credenciadas pela prefeitura: cadastro, condutores, frota,
        relatórios e comunicações que a lei exige.
      </p>
      <p>
        <Link className="botao" to="/operadora/nova">
          Cadastrar uma empresa
        </Link>
      </p>
      {operators.length === 0 ? (
        <p className="dica">
          Você ainda não faz parte da equipe de nenhuma empresa. Se a sua empresa já está no portal, peça ao responsável
          que convide você.
        </p>
      ) : (
        <div className="grade">
          {operators.map((o) => (
            <section className="cartao" key={o.id} aria-labelledby={`op-${o.id}`}>
              <h2 id={`op-${o.id}`} style={{ overflowWrap: "anywhere" }}>
                {o.name}
              </h2>
              <p className="dica">
                {o.legalName} · CNPJ {o.cnpj}
                <br />
                {o.municipality}
                {o.owner ? " · responsável" : ""}
              </p>
              <p>
                <span className={`selo ${o.active ? "ok" : "pendente"}`}>{o.status}</span>
              </p>
              <p>
                <Link className="botao secundario" to={`/operadora/${o.id}`} aria-label={`Abrir ${o.name}`}>
                  Abrir
                </Link>
              </p>
            </section>
          ))}
        </div>
      )}
    </>
  );
}

export const handle: PageHandle = { title: "Minhas empresas" };
