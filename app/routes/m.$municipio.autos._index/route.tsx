import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { InfractionsTable } from "~/components/back-office/infraction/infractions-table";
import type { PageHandle } from "~/components/page-title";
import { Pagination } from "~/components/ui/pagination";
import { INFRACTION_STATUS_LABELS } from "~/domain/infractions/labels";
import { INFRACTION_STATUSES } from "~/domain/infractions/status";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function Autos() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const base = `/m/${d.municipality.slug}/autos`;
  const only = (s: string | null) => {
    const p = new URLSearchParams(params);
    p.delete("pagina");
    if (s) p.set("situacao", s);
    else p.delete("situacao");
    const x = p.toString();
    return x ? `${base}?${x}` : base;
  };
  const all = Object.values(d.countByStatus).reduce((a, b) => a + b, 0);
  return (
    <>
      <h1>Autos de infração — {d.municipality.name}</h1>
      <p className="bo-sub">
        Autos lavrados pelos fiscais, com a classificação da lei e a penalidade proposta (agravada na reincidência).
        Abra um auto para notificar o autuado, registrar a defesa e julgar.
      </p>
      <ul className="bo-contagens" aria-label="Quantidade por situação (clique para filtrar)">
        <li>
          <Link to={only(null)} aria-current={!d.filters.status ? "true" : undefined}>
            Todos <strong>{all}</strong>
          </Link>
        </li>
        {INFRACTION_STATUSES.map((s) => (
          <li key={s}>
            <Link to={only(s)} aria-current={d.filters.status === s ? "true" : undefined}>
              {INFRACTION_STATUS_LABELS[s]} <strong>{d.countByStatus[s] ?? 0}</strong>
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" className="bo-filtros" role="search" aria-label="Filtrar autos">
        {d.filters.status ? <input type="hidden" name="situacao" value={d.filters.status} /> : null}
        <div className="campo">
          <label htmlFor="busca-auto">Número, série, nome ou placa</label>
          <input id="busca-auto" name="q" type="search" defaultValue={d.filters.q ?? ""} autoComplete="off" />
        </div>
        {d.classes.length ? (
          <div className="campo">
            <label htmlFor="classe-auto">Classe</label>
            <select id="classe-auto" name="classe" defaultValue={d.filters.classCode ?? ""}>
              <option value="">Todas</option>
              {d.classes.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="bo-acoes-filtro">
          <button type="submit" className="botao">
            Filtrar
          </button>
          <Link to={base}>Limpar</Link>
        </div>
      </Form>
      <p role="status">
        <strong>{d.total}</strong> {d.total === 1 ? "auto" : "autos"}
        {d.pages > 1 ? ` — página ${d.page} de ${d.pages}` : ""}
      </p>
      {d.rows.length === 0 ? (
        <p className="bo-vazio">Nenhum auto de infração com estes filtros.</p>
      ) : (
        <InfractionsTable rows={d.rows} base={base} timeZone={d.municipality.timeZone} />
      )}
      <Pagination page={d.page} pages={d.pages} />
    </>
  );
}

export const handle: PageHandle = { title: "Autos de infração" };
