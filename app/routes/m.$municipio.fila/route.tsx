import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { QueueFilterForm, StatusCounts } from "~/components/back-office/queue/filters";
import { QueueTable } from "~/components/back-office/queue/table";
import type { PageHandle } from "~/components/page-title";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Pagination } from "~/components/ui/pagination";
import { WAITING_STATUSES } from "~/domain/applications/status";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function ReviewQueue() {
  const { municipality, filters, queue, categories, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const search = useRef<HTMLInputElement>(null);
  const base = `/m/${municipality.slug}/fila`;

  // "/" jumps to the search box, as in most work queues.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.key === "/" && !e.ctrlKey && !e.metaKey && !["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) {
        e.preventDefault();
        search.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const withParams = (change: (p: URLSearchParams) => void) => {
    const p = new URLSearchParams(params);
    p.delete("pagina");
    change(p);
    const s = p.toString();
    return s ? `${base}?${s}` : base;
  };
  const isDefault =
    filters.statuses.length === WAITING_STATUSES.length && WAITING_STATUSES.every((s) => filters.statuses.includes(s));

  return (
    <>
      <div className="bo-cabecalho">
        <h1>Fila de análise — {municipality.name}</h1>
      </div>
      <p className="bo-sub">
        Requerimentos por ordem de chegada: os que esperam há mais tempo primeiro. Tecle <kbd>/</kbd> para buscar.
      </p>

      <StatusCounts filters={filters} queue={queue} link={withParams} isDefault={isDefault} />
      <QueueFilterForm filters={filters} categories={categories} isDefault={isDefault} base={base} searchRef={search} />

      <ErrorSummary error={result?.error} />

      <div className="bo-paginacao">
        <p role="status" style={{ margin: 0 }}>
          <strong>{queue.total}</strong> {queue.total === 1 ? "requerimento" : "requerimentos"}
          {queue.pages > 1 ? ` — página ${queue.page} de ${queue.pages}` : ""}
        </p>
      </div>

      {queue.rows.length === 0 ? (
        <p className="bo-vazio">Nenhum requerimento com estes filtros.</p>
      ) : (
        <QueueTable rows={queue.rows} me={me} slug={municipality.slug} order={filters.order} />
      )}

      <Pagination page={queue.page} pages={queue.pages} label="Páginas da fila" />
    </>
  );
}

export const handle: PageHandle<typeof loader> = {
  title: (data) => `Fila de análise — ${data?.municipality.name ?? ""}`,
};
