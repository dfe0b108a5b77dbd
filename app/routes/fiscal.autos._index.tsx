import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { grantFor, requirePermission } from "~/http/permissions.server";
import { infractionsByFiscal } from "~/models/infraction.server";
import { fiscalHome } from "~/models/fiscal.server";
import { formatInstant } from "~/domain/format";
import { DEFAULT_TIME_ZONE } from "~/domain/time";
import { infractionLabel } from "~/components/fiscal/infraction-search";
import fiscalStyles from "~/components/fiscal/fiscal.css";
import { withRefusals } from "~/http/refusal.server";

// The autos this fiscal wrote in their municipality (recorded through /fiscal/autos/novo), one
// card each with the infraction's readable name (the law's words, not its code).
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "create:infraction");
  const grant = grantFor(user, "create:infraction");
  if (!grant?.municipalityId) return { timeZone: DEFAULT_TIME_ZONE, autos: [] };
  const [autos, home] = await Promise.all([
    infractionsByFiscal(user.id, grant.municipalityId),
    fiscalHome(grant.municipalityId),
  ]);
  const catalogue = new Map(home.catalogue.map((i) => [i.code, i]));
  return {
    timeZone: home.municipality.timeZone,
    autos: autos.map((a) => {
      const item = catalogue.get(a.code);
      return {
        id: a.id,
        number: a.number,
        // An infraction since dropped from the law's catalogue keeps its citation, at least.
        infraction: item ? infractionLabel(item) : `${a.citation} — ${a.code}`,
        place: a.place,
        occurredAt: a.occurredAt.toISOString(),
        serial: a.credential?.serial ?? null,
        holder: a.credential?.holderDisplayName ?? null,
      };
    }),
  };
});

export const links: LinksFunction = () => [{ rel: "stylesheet", href: fiscalStyles }];

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

export const meta: MetaFunction = () => [{ title: "Autos que lavrei — Fiscalização" }];
