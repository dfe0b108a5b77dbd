import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useEffect, useRef } from "react";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { zAssign } from "~/forms/back-office";
import { parseQueueFilters, reviewQueue } from "~/models/review-queue.server";
import { STAGE_LABELS } from "~/components/back-office/labels";
import { requireStaff } from "~/http/staff-guard.server";
import { assignToMe, releaseAssignment } from "~/models/review.server";
import { activePack } from "~/models/rule-pack.server";
import { APPLICATION_STATUS_LABELS, WAITING_STATUSES, type ApplicationStatus } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { formatPlate } from "~/domain/br";
import { cpfViews } from "~/models/cpf-standing.server";
import { Cpf } from "~/components/back-office/cpf";
import { APPLICATION_STATUS_TONE, MODE_LABELS, waitingLabel } from "~/components/back-office/labels";
import { CsrfInput } from "~/components/csrf-input";
import styles from "~/components/back-office/back-office.css";
import { Pagination } from "~/components/ui/pagination";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { invalid } from "~/domain/refusal";

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

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, user } = await requireStaff(request, params.municipio, "review:application");
  const filters = parseQueueFilters(new URL(request.url).searchParams);
  const [queue, pack] = await Promise.all([
    reviewQueue(municipality.id, filters, { userId: user.id }),
    activePack(municipality),
  ]);
  // Each applicant's CPF, masked, and whether gov.br proved it (ADR 054).
  const cpfOf = await cpfViews(
    queue.rows.map((r) => r.person?.cpf ?? ""),
    { masked: true },
  );
  return {
    municipality: { name: municipality.name, uf: municipality.uf, slug: municipality.slug },
    me: user.id,
    filters,
    categories: pack.categories.map((c) => ({ code: c.code, label: c.label })),
    queue: {
      ...queue,
      rows: queue.rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status as ApplicationStatus,
        category: r.category,
        mode: r.mode,
        kind: r.kind,
        name: r.person?.fullName ?? "—",
        cpf: r.person?.cpf ? cpfOf(r.person.cpf) : null,
        plate: r.plate ? formatPlate(r.plate) : null,
        submittedAt: r.submittedAt?.toISOString() ?? null,
        waitingDays: r.waitingDays,
        assignedToId: r.assignedToId,
        assignedToName: r.assignedToName,
        // Segregation of duties (ADR 051): the viewer's own application offers no assignment.
        own: r.segregation.own,
        notice: r.segregation.notice,
      })),
    },
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "review:application");
  const parsed = parseForm(zAssign, await readForm(request));
  if (!parsed.ok) throw invalid("Pedido inválido.");
  const { intent, applicationId } = parsed.data;
  try {
    if (intent === "release") await releaseAssignment(applicationId, municipality.id, actor);
    else await assignToMe(applicationId, municipality.id, actor, { takeOver: intent === "take_over" });
  } catch (e) {
    return refusedForm(e, { applicationId });
  }
  const back = new URL(request.url);
  back.searchParams.delete("index");
  return redirect(`${back.pathname}${back.search}`);
});

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
  const only = (status: ApplicationStatus) =>
    withParams((p) => {
      p.delete("situacao");
      p.append("situacao", status);
    });
  const single = filters.statuses.length === 1 ? filters.statuses[0] : null;
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

      <ul className="bo-contagens" aria-label="Quantidade por situação (clique para filtrar)">
        <li>
          <Link to={withParams((p) => p.delete("situacao"))} aria-current={isDefault ? "true" : undefined}>
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
            to={withParams((p) => {
              p.delete("etapa");
              p.delete("situacao");
            })}
          >
            Ver todas as etapas
          </Link>
        </p>
      ) : null}

      <Form method="get" className="bo-filtros" role="search" aria-label="Filtrar a fila">
        {filters.stage ? <input type="hidden" name="etapa" value={filters.stage} /> : null}
        <div className="campo bo-busca">
          <label htmlFor="busca">Buscar</label>
          <input
            ref={search}
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
        <div className="tabela-rolagem">
          <table className="tabela-responsiva bo-tabela">
            <caption className="visualmente-oculto">
              Requerimentos da fila, {filters.order === "newest" ? "mais recentes" : "mais antigos"} primeiro
            </caption>
            <thead>
              <tr>
                <th scope="col">Requerimento</th>
                <th scope="col">Condutor</th>
                <th scope="col">Categoria</th>
                <th scope="col">Placa</th>
                <th scope="col">Situação</th>
                <th scope="col" className="num">
                  Na fila há
                </th>
                <th scope="col">Com</th>
                <th scope="col">
                  <span className="visualmente-oculto">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {queue.rows.map((r) => (
                <tr key={r.id} className={r.assignedToId === me ? "bo-linha-minha" : undefined}>
                  <td data-label="Requerimento" className="nowrap">
                    <Link to={`/m/${municipality.slug}/requerimentos/${r.id}`}>
                      <strong>{r.number}</strong>
                    </Link>
                    {r.kind === "RENOVACAO" ? <p className="dica">Renovação</p> : null}
                  </td>
                  <td data-label="Condutor">
                    {r.name}
                    <p className="dica">CPF {r.cpf ? <Cpf view={r.cpf} /> : "—"}</p>
                  </td>
                  <td data-label="Categoria">
                    {CATEGORY_LABELS[r.category] ?? r.category}
                    <p className="dica">{MODE_LABELS[r.mode] ?? r.mode}</p>
                  </td>
                  <td data-label="Placa">{r.plate ?? "—"}</td>
                  <td data-label="Situação">
                    <span className={`selo ${APPLICATION_STATUS_TONE[r.status]}`}>
                      {APPLICATION_STATUS_LABELS[r.status]}
                    </span>
                  </td>
                  <td data-label="Na fila há" className="num">
                    {r.submittedAt ? <time dateTime={r.submittedAt}>{waitingLabel(r.waitingDays)}</time> : "—"}
                  </td>
                  <td data-label="Com">
                    {r.assignedToId === me ? (
                      <strong>Você</strong>
                    ) : (
                      (r.assignedToName ?? <span className="dica">ninguém</span>)
                    )}
                  </td>
                  <td data-label="Ações">
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="applicationId" value={r.id} />
                      {r.assignedToId === me ? (
                        <button
                          type="submit"
                          name="intent"
                          value="release"
                          className="link-botao"
                          aria-label={`Devolver ${r.number} à fila`}
                        >
                          Devolver
                        </button>
                      ) : r.own ? null : r.assignedToId ? null : (
                        <button
                          type="submit"
                          name="intent"
                          value="assign"
                          className="botao pequeno secundario nowrap"
                          aria-label={`Atribuir ${r.number} a mim`}
                        >
                          Atribuir a mim
                        </button>
                      )}
                    </Form>
                    {r.notice ? <p className="dica">{r.notice}</p> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pagination page={queue.page} pages={queue.pages} label="Páginas da fila" />
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Fila de análise — ${data?.municipality.name ?? ""} — Portal de Credenciamento` },
];
