// The queue's counts by status (each a filtering link), its stage, and the filter form.
import { Form, Link } from "@remix-run/react";
import type { RefObject } from "react";
import { STAGE_LABELS } from "~/components/back-office/labels";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus, WAITING_STATUSES } from "~/domain/applications/status";
import type { QueueFilters } from "~/models/review-queue.server";

/** The statuses the queue counts and lets the analyst pick, in the order work flows. */
const SHOWN_STATUSES: ApplicationStatus[] = [
  "SUBMITTED",
  "RESUBMITTED",
  "IN_REVIEW",
  "CHANGES_REQUESTED",
  "APPROVED",
  "ISSUED",
  "REJECTED",
  "WITHDRAWN",
];

type Filters = Required<QueueFilters>;

type CountsProps = {
  filters: Filters;
  queue: { countByStatus: Partial<Record<string, number>> };
  /** The queue with its filters as now, changed by `change` (and back to the first page). */
  link: (change: (p: URLSearchParams) => void) => string;
  /** The filters are the default ones (waiting statuses only). */
  isDefault: boolean;
};

export function StatusCounts({ filters, queue, link, isDefault }: CountsProps) {
  const only = (status: ApplicationStatus) =>
    link((p) => {
      p.delete("situacao");
      p.append("situacao", status);
    });
  const single = filters.statuses.length === 1 ? filters.statuses[0] : null;
  return (
    <>
      <ul className="bo-contagens" aria-label="Quantidade por situação (clique para filtrar)">
        <li>
          <Link to={link((p) => p.delete("situacao"))} aria-current={isDefault ? "true" : undefined}>
            Aguardando análise{" "}
            <strong>{WAITING_STATUSES.reduce((n, s) => n + (queue.countByStatus[s] ?? 0), 0)}</strong>
          </Link>
        </li>
        {SHOWN_STATUSES.map((s) => (
          <li key={s}>
            <Link to={only(s)} aria-current={single === s ? "true" : undefined}>
              {APPLICATION_STATUS_LABELS[s]} <strong>{queue.countByStatus[s] ?? 0}</strong>
            </Link>
          </li>
        ))}
      </ul>

      {filters.stage ? (
        <p className="bo-etapa">
          Etapa: <strong>{STAGE_LABELS[filters.stage]}</strong>{" "}
          <Link
            to={link((p) => {
              p.delete("etapa");
              p.delete("situacao");
            })}
          >
            Ver todas as etapas
          </Link>
        </p>
      ) : null}
    </>
  );
}

type FormProps = {
  filters: Filters;
  categories: { code: string; label: string }[];
  isDefault: boolean;
  /** The queue without filters. */
  base: string;
  searchRef: RefObject<HTMLInputElement>;
};

export function QueueFilterForm({ filters, categories, isDefault, base, searchRef }: FormProps) {
  return (
    <Form method="get" className="bo-filtros" role="search" aria-label="Filtrar a fila">
      {filters.stage ? <input type="hidden" name="etapa" value={filters.stage} /> : null}
      <div className="campo bo-busca">
        <label htmlFor="busca">Buscar</label>
        <input
          ref={searchRef}
          id="busca"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          aria-describedby="busca-dica"
          autoComplete="off"
        />
        <p className="dica" id="busca-dica">
          Nome, CPF, placa, número do requerimento ou série da credencial.
        </p>
      </div>
      <div className="campo">
        <label htmlFor="categoria">Categoria</label>
        <select id="categoria" name="categoria" defaultValue={filters.category ?? ""}>
          <option value="">Todas</option>
          {categories.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <div className="campo">
        <label htmlFor="atribuicao">Com quem</label>
        <select id="atribuicao" name="atribuicao" defaultValue={filters.assigned === "any" ? "" : filters.assigned}>
          <option value="">Qualquer pessoa</option>
          <option value="me">Comigo</option>
          <option value="nobody">Sem responsável</option>
          <option value="others">Com colegas</option>
        </select>
      </div>
      <div className="campo">
        <label htmlFor="ordem">Ordem</label>
        <select id="ordem" name="ordem" defaultValue={filters.order === "newest" ? "recentes" : ""}>
          <option value="">Antigos primeiro</option>
          <option value="recentes">Recentes primeiro</option>
        </select>
      </div>
      <details open={!isDefault}>
        <summary>Situações: {filters.statuses.map((s) => APPLICATION_STATUS_LABELS[s]).join(", ")}</summary>
        <fieldset>
          <legend className="visualmente-oculto">Situações mostradas</legend>
          <div className="bo-opcoes">
            {SHOWN_STATUSES.map((s) => (
              <label key={s}>
                <input type="checkbox" name="situacao" value={s} defaultChecked={filters.statuses.includes(s)} />
                {APPLICATION_STATUS_LABELS[s]}
              </label>
            ))}
          </div>
        </fieldset>
      </details>
      <div className="bo-acoes-filtro">
        <button type="submit" className="botao">
          Filtrar
        </button>
        <Link to={base}>Limpar</Link>
      </div>
    </Form>
  );
}
