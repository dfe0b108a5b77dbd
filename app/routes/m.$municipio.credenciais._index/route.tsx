import { Form, Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { Pagination } from "~/components/ui/pagination";
import { CREDENTIAL_STATUS_LABELS, CREDENTIAL_STATUS_TONE } from "~/domain/credentials/labels";
import { CREDENTIAL_STATUSES } from "~/domain/credentials/status";
import { formatDate, formatListCount } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function Credentials() {
  const d = useLoaderData<typeof loader>();
  const base = `/m/${d.municipality.slug}/credenciais`;
  return (
    <>
      <h1>Credenciais — {d.municipality.name}</h1>
      <p className="bo-sub">
        Busque pela série, pelo nome do titular ou pela placa. Suspensão, reativação e cassação ficam na página de cada
        credencial e valem na hora para toda verificação.
      </p>
      <Form method="get" className="bo-filtros" role="search" aria-label="Buscar credenciais">
        <div className="campo bo-busca">
          <label htmlFor="busca-credencial">Série, nome ou placa</label>
          <input id="busca-credencial" name="q" type="search" defaultValue={d.q ?? ""} autoComplete="off" />
        </div>
        <div className="campo">
          <label htmlFor="situacao-credencial">Situação</label>
          <select id="situacao-credencial" name="situacao" defaultValue={d.status ?? ""}>
            <option value="">Todas</option>
            {CREDENTIAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CREDENTIAL_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="bo-acoes-filtro">
          <button type="submit" className="botao">
            Buscar
          </button>
          <Link to={base}>Limpar</Link>
        </div>
      </Form>
      <p role="status">
        <strong>{formatListCount(d.total)}</strong> {d.total === 1 ? "credencial" : "credenciais"}
        {d.pages > 1 ? ` — página ${d.page} de ${d.pages}` : ""}
      </p>
      {d.rows.length === 0 ? (
        <p className="bo-vazio">Nenhuma credencial encontrada.</p>
      ) : (
        <div className="tabela-rolagem">
          <table className="tabela-responsiva bo-tabela">
            <caption className="visualmente-oculto">Credenciais encontradas, das mais recentes às mais antigas</caption>
            <thead>
              <tr>
                <th scope="col">Série</th>
                <th scope="col">Tipo</th>
                <th scope="col">Titular</th>
                <th scope="col">Placa</th>
                <th scope="col">Situação</th>
                <th scope="col">Validade</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((c) => (
                <tr key={c.id}>
                  <td data-label="Série">
                    <Link to={`${base}/${c.id}`}>
                      <strong>{c.serial}</strong>
                    </Link>
                  </td>
                  <td data-label="Tipo">
                    {c.type}
                    <p className="dica">{c.category}</p>
                  </td>
                  <td data-label="Titular">{c.holder}</td>
                  <td data-label="Placa">{c.plate ?? "—"}</td>
                  <td data-label="Situação">
                    <span className={`selo ${CREDENTIAL_STATUS_TONE[c.status] ?? "pendente"}`}>
                      {CREDENTIAL_STATUS_LABELS[c.status] ?? c.status}
                    </span>
                    {c.suspendedUntil ? <p className="dica">até {formatDate(c.suspendedUntil)}</p> : null}
                  </td>
                  <td data-label="Validade">{formatDate(c.validUntil)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={d.page} pages={d.pages} />
    </>
  );
}

export const handle: PageHandle = { title: "Credenciais" };
