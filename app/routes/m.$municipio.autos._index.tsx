import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { listInfractions } from "~/models/infraction-review.server";
import { parseProcess } from "~/domain/infractions/process";
import { requireStaff } from "~/http/staff-guard.server";
import { activePack } from "~/models/rule-pack.server";
import { today } from "~/models/application.server";
import { INFRACTION_STATUSES } from "~/domain/infractions/status";
import { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES } from "~/domain/infractions/labels";
import styles from "~/components/back-office/back-office.css";
import { formatDate, formatInstant } from "~/domain/format";
import { Pagination } from "~/components/ui/pagination";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:infraction");
  const url = new URL(request.url);
  const pack = await activePack(municipality);
  const status = url.searchParams.get("situacao");
  const classCode = url.searchParams.get("classe");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 80) || null;
  const list = await listInfractions(municipality.id, {
    status: (INFRACTION_STATUSES as readonly string[]).includes(status ?? "") ? status : null,
    classCode: pack.infractions.classes.some((c) => c.code === classCode) ? classCode : null,
    q,
    page: Number(url.searchParams.get("pagina")) || 1,
  });
  const classLabel = new Map(pack.infractions.classes.map((c) => [c.code, c.label]));
  const description = new Map(pack.infractions.catalogue.map((i) => [i.code, i.description]));
  const todayIso = today(new Date(), municipality.timeZone);
  return {
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    filters: { status, classCode, q },
    classes: pack.infractions.classes.map((c) => ({ code: c.code, label: c.label })),
    countByStatus: list.countByStatus,
    total: list.total,
    page: list.page,
    pages: list.pages,
    rows: list.rows.map((i) => {
      const proposed = JSON.parse(i.proposedJson || "{}") as {
        escalated?: boolean;
        appliedClass?: { label: string } | null;
      };
      const process = parseProcess(i.decisionJson);
      const deadline =
        i.status === "NOTIFIED" && i.defenceDeadline
          ? {
              label:
                i.defenceDeadline < todayIso
                  ? `Defesa encerrada em ${formatDate(i.defenceDeadline)} — pronto para julgar`
                  : `Defesa até ${formatDate(i.defenceDeadline)}`,
              late: i.defenceDeadline < todayIso,
            }
          : i.status === "DECIDED" && i.appealDeadline
            ? {
                label:
                  i.appealDeadline < todayIso
                    ? `Recurso encerrado em ${formatDate(i.appealDeadline)}`
                    : `Recurso até ${formatDate(i.appealDeadline)}`,
                late: false,
              }
            : null;
      return {
        id: i.id,
        number: i.number,
        occurredAt: i.occurredAt.toISOString(),
        status: i.status,
        description: description.get(i.code) ?? i.code,
        citation: i.citation,
        classLabel: classLabel.get(i.class) ?? (i.class === "SEM_CLASSE" ? "Penalidade própria" : i.class),
        escalatedTo: proposed.escalated ? (proposed.appliedClass?.label ?? null) : null,
        credential: i.credential
          ? { id: i.credential.id, serial: i.credential.serial, holder: i.credential.holderDisplayName }
          : null,
        decision: process.decision?.summary
          ? `${process.decision.summary}${process.appealRuling ? ` — recurso ${process.appealRuling.outcome === "GRANTED" ? "deferido (penalidade anulada)" : "indeferido"}` : ""}`
          : null,
        deadline,
      };
    }),
  };
});

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
        <div className="tabela-rolagem">
          <table className="tabela-responsiva bo-tabela">
            <caption className="visualmente-oculto">Autos de infração, dos mais recentes aos mais antigos</caption>
            <thead>
              <tr>
                <th scope="col">Auto</th>
                <th scope="col">Credencial</th>
                <th scope="col">Infração</th>
                <th scope="col">Classe</th>
                <th scope="col">Situação</th>
                <th scope="col">Prazo</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((i) => (
                <tr key={i.id}>
                  <td data-label="Auto">
                    <Link to={`${base}/${i.id}`}>
                      <strong>{i.number}</strong>
                    </Link>
                    <p className="dica">{formatInstant(i.occurredAt, d.municipality.timeZone)}</p>
                  </td>
                  <td data-label="Credencial">
                    {i.credential ? (
                      <>
                        {i.credential.serial}
                        <p className="dica">{i.credential.holder}</p>
                      </>
                    ) : (
                      "—"
                    )}
                  </td>
                  <td data-label="Infração">
                    {i.description}
                    <p className="dica">{i.citation}</p>
                  </td>
                  <td data-label="Classe">
                    {i.classLabel}
                    {i.escalatedTo ? (
                      <p className="dica">
                        <strong>Reincidência:</strong> como {i.escalatedTo}
                      </p>
                    ) : null}
                  </td>
                  <td data-label="Situação">
                    <span className={`selo ${INFRACTION_STATUS_TONES[i.status] ?? "pendente"}`}>
                      {INFRACTION_STATUS_LABELS[i.status] ?? i.status}
                    </span>
                    {i.decision ? <p className="dica">{i.decision}</p> : null}
                  </td>
                  <td data-label="Prazo">
                    {i.deadline ? i.deadline.late ? <strong>{i.deadline.label}</strong> : i.deadline.label : "—"}
                  </td>
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

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Autos de infração — Portal de Credenciamento" }];
