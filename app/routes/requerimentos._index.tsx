import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { listOwnApplications } from "~/models/application.server";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:application");
  const apps = await listOwnApplications(user.id);
  return {
    applications: apps.map((a) => ({
      id: a.id,
      number: a.number,
      status: a.status as ApplicationStatus,
      category: a.category,
      kind: a.kind,
      municipality: `${a.municipality.name} (${a.municipality.uf})`,
      createdAt: a.createdAt.toISOString(),
    })),
  };
});

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
                    {a.kind === "RENOVACAO" ? " (renovação)" : ""}
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

export const meta: MetaFunction = () => [{ title: "Meus requerimentos — Portal de Credenciamento" }];
