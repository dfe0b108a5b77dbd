import { Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function MyApplications() {
  const { applications } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Meus requerimentos</h1>
      <p>
        <Link className="botao" to="/requerimentos/novo">
          Novo requerimento
        </Link>
      </p>
      {applications.length === 0 ? (
        <p>Você ainda não tem requerimentos.</p>
      ) : (
        <div className="tabela-rolagem">
          <table className="tabela-responsiva">
            <thead>
              <tr>
                <th scope="col">Número</th>
                <th scope="col">Município</th>
                <th scope="col">Categoria</th>
                <th scope="col">Situação</th>
              </tr>
            </thead>
            <tbody>
              {applications.map((a) => (
                <tr key={a.id}>
                  <td data-label="Número">
                    <Link to={`/requerimentos/${a.id}`}>{a.number}</Link>
                    {a.kind === "RENEWAL" ? " (renovação)" : ""}
                  </td>
                  <td data-label="Município">{a.municipality}</td>
                  <td data-label="Categoria">{CATEGORY_LABELS[a.category] ?? a.category}</td>
                  <td data-label="Situação">{APPLICATION_STATUS_LABELS[a.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const handle: PageHandle = { title: "Meus requerimentos" };
