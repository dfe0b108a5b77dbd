import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { grantFor, requirePermission } from "~/http/permissions.server";
import { infractionsByFiscal } from "~/models/infraction.server";
import { timeZoneOf } from "~/models/municipality.server";
import { formatInstant } from "~/domain/format";
import { DEFAULT_TIME_ZONE } from "~/domain/time";
import { withRefusals } from "~/http/refusal.server";

// The autos this fiscal wrote in their municipality (recorded through /fiscal/autos/novo).
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "create:infraction");
  const grant = grantFor(user, "create:infraction");
  const autos = grant?.municipalityId ? await infractionsByFiscal(user.id, grant.municipalityId) : [];
  return {
    timeZone: grant?.municipalityId ? await timeZoneOf(grant.municipalityId) : DEFAULT_TIME_ZONE,
    autos: autos.map((a) => ({
      id: a.id,
      number: a.number,
      code: a.code,
      class: a.class,
      citation: a.citation,
      place: a.place,
      occurredAt: a.occurredAt.toISOString(),
      serial: a.credential?.serial ?? null,
      holder: a.credential?.holderDisplayName ?? null,
    })),
  };
});

export default function MyAutos() {
  const { autos, timeZone } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Autos que lavrei</h1>
      {autos.length === 0 ? (
        <p className="cartao">Nenhum auto registrado por você.</p>
      ) : (
        <div className="tabela-rolagem">
          <table>
            <caption className="visualmente-oculto">
              Autos de infração lavrados por você, do mais recente ao mais antigo
            </caption>
            <thead>
              <tr>
                <th scope="col">Número</th>
                <th scope="col">Data e hora</th>
                <th scope="col">Credencial</th>
                <th scope="col">Infração</th>
                <th scope="col">Local</th>
              </tr>
            </thead>
            <tbody>
              {autos.map((a) => (
                <tr key={a.id}>
                  <td>{a.number}</td>
                  <td>{formatInstant(a.occurredAt, timeZone)}</td>
                  <td>
                    {a.serial ? <Link to={`/fiscal/credencial/${a.serial}`}>{a.serial}</Link> : "—"}
                    {a.holder ? (
                      <>
                        <br />
                        {a.holder}
                      </>
                    ) : null}
                  </td>
                  <td>
                    {a.code} (classe {a.class})<br />
                    <span className="dica">{a.citation}</span>
                  </td>
                  <td>{a.place ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <Link to="/fiscal" className="botao secundario">
          Voltar ao leitor
        </Link>
      </p>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Autos que lavrei — Fiscalização" }];
