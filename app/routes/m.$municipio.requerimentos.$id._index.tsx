import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { instantAt } from "~/domain/time";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Fragment, useEffect } from "react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import {
  documentDecision,
  zRecordInspection,
  zRejectApplication,
  zRequestChanges,
  zScheduleInspection,
  zStartReview,
} from "~/forms/back-office";
import { may, requireStaffRecord } from "~/http/staff-guard.server";
import { requireApplication, reviewScreen } from "~/http/review-screen.server";
import { evaluateFor } from "~/models/application.server";
import { decideDocument, REJECTION_REASONS } from "~/models/document.server";
import { checklistFor, recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import {
  assertReviewer,
  assignToMe,
  rejectApplication,
  releaseAssignment,
  requestChanges,
  startReview,
} from "~/models/review.server";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import { CATEGORY_LABELS, CREDENTIAL_STATUS_LABELS, CREDENTIAL_STATUS_TONE } from "~/domain/credentials/labels";
import { Checklist } from "~/components/checklist";
import { Timeline } from "~/components/timeline";
import { DocumentReview } from "~/components/back-office/document-review";
import { VistoriaPanel } from "~/components/back-office/vistoria-panel";
import { DecisionPanel } from "~/components/back-office/decision-panel";
import { PrepostoTitular } from "~/components/back-office/preposto-titular";
import { APPLICATION_STATUS_TONE, DOCUMENT_REVIEW_LABELS, MODE_LABELS } from "~/components/back-office/labels";
import { CsrfInput } from "~/components/csrf-input";
import { Cpf } from "~/components/back-office/cpf";
import styles from "~/components/back-office/back-office.css";
import { formatDate, formatInstant } from "~/domain/format";
import { isId } from "~/domain/ids";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { conflict, forbidden, invalid, isRefusal } from "~/domain/refusal";
import { RenewalSummary } from "~/components/renewal/renewal-summary";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "read:application", requireApplication);
  const { municipality, user, record } = staff;
  return reviewScreen(municipality, user, record);
});

type ActionResult = {
  intent: string;
  error?: string;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
  documentId?: string;
};
const fail = (intent: string, status: number, body: Omit<ActionResult, "intent">) =>
  data<ActionResult>({ intent, ...body }, { status });

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "read:application", requireApplication);
  const { municipality, user, actor, record: app } = staff;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const need = (permission: `${string}:${string}`) => {
    if (!may(user, municipality.id, permission)[permission]) throw forbidden("Você não tem permissão para esta ação.");
  };
  const here = `/m/${municipality.slug}/requerimentos/${app.id}`;
  const done = (ok: string, anchor = "") => redirect(`${here}?ok=${ok}${anchor ? `#${anchor}` : ""}`);
  try {
    switch (intent) {
      case "assign":
      case "take_over":
        need("review:application");
        await assignToMe(app.id, municipality.id, actor, { takeOver: intent === "take_over" });
        return done("atribuido");
      case "release":
        need("review:application");
        await releaseAssignment(app.id, municipality.id, actor);
        return done("devolvido");
      case "start_review": {
        need("review:application");
        const parsed = parseForm(zStartReview, form);
        if (!parsed.ok) throw invalid("Pedido inválido.");
        await startReview(app.id, municipality.id, actor, parsed.data.expected);
        return done("analise", "documentos");
      }
      case "decide_document": {
        need("review:document");
        const parsed = parseForm(documentDecision(REJECTION_REASONS.map((r) => r.code)), form);
        if (!parsed.ok)
          return fail(intent, 400, {
            error: parsed.errors.code ?? "Pedido inválido.",
            documentId: String(form.get("documentId") ?? ""),
          });
        const d = parsed.data;
        await assertReviewer(app.id, municipality.id, user.id);
        await decideDocument(
          d.documentId,
          municipality.id,
          d.decision === "accept" ? { accept: true } : { accept: false, code: d.code as never, text: d.text ?? null },
          actor,
          { expected: d.expected },
        );
        const next =
          d.next && (d.next === "decisao" || (d.next.startsWith("doc-") && isId(d.next.slice(4))))
            ? d.next
            : `doc-${d.documentId}`;
        return done(d.decision === "accept" ? "aceito" : "recusado", next);
      }
      case "request_changes": {
        need("review:application");
        const parsed = parseForm(zRequestChanges, form);
        if (!parsed.ok) return fail(intent, 400, { errors: parsed.errors, values: parsed.values });
        const { result } = await evaluateFor(app);
        const labels = new Map(result.requiredDocuments.map((d) => [d.type, d.label]));
        try {
          await requestChanges(app.id, municipality.id, actor, { note: parsed.data.note, labels });
        } catch (e) {
          if (isRefusal(e) && e.field === "note")
            return fail(intent, 400, { errors: { note: e.message }, values: formValues(form) });
          throw e;
        }
        return done("correcoes");
      }
      case "reject": {
        need("review:application");
        const parsed = parseForm(zRejectApplication, form);
        if (!parsed.ok) return fail(intent, 400, { errors: parsed.errors, values: parsed.values });
        await rejectApplication(app.id, municipality.id, actor, parsed.data);
        return done("indeferido");
      }
      case "schedule_vistoria": {
        need("manage:vistoria");
        const parsed = parseForm(zScheduleInspection, form);
        if (!parsed.ok) return fail(intent, 400, { errors: parsed.errors, values: parsed.values });
        const when = instantAt(parsed.data.when, municipality.timeZone); // on the municipality's clock
        if (!when || when.getTime() < Date.now() - 86_400_000)
          return fail(intent, 400, {
            errors: { when: "Escolha uma data a partir de hoje." },
            values: formValues(form),
          });
        await scheduleVistoria(app.id, municipality.id, when, parsed.data.place, actor);
        return done("vistoria-agendada", "vistoria");
      }
      case "record_vistoria": {
        need("manage:vistoria");
        const parsed = parseForm(zRecordInspection, form);
        if (!parsed.ok) throw invalid("Pedido inválido.");
        const spec = await checklistFor(app);
        if (!spec) throw conflict("A lei não prevê vistoria para esta categoria.");
        const answers = spec.items.map((i) => [i.code, form.get(`item:${i.code}`)] as const);
        if (answers.some(([, v]) => v !== "conforme" && v !== "nao")) {
          return fail(intent, 400, { errors: { items: "Responda todos os itens: conforme ou não conforme." } });
        }
        await recordVistoria(
          parsed.data.vistoriaId,
          municipality.id,
          { failedItems: answers.filter(([, v]) => v === "nao").map(([c]) => c), notes: parsed.data.notes ?? null },
          actor,
        );
        return done("vistoria-registrada", "vistoria");
      }
      default:
        throw invalid("Ação desconhecida.");
    }
  } catch (e) {
    return refusedForm<ActionResult>(e, { intent, documentId: String(form.get("documentId") ?? "") || undefined });
  }
});

const OK_MESSAGES: Record<string, string> = {
  atribuido: "Requerimento atribuído a você.",
  devolvido: "Requerimento devolvido à fila.",
  analise: "Análise iniciada. O requerimento está com você.",
  aceito: "Documento aceito.",
  recusado: "Documento recusado. Quando terminar, peça as correções ao condutor.",
  correcoes: "Correções pedidas: o condutor recebeu a lista por e-mail.",
  indeferido: "Requerimento indeferido. O condutor recebeu o motivo por e-mail.",
  "vistoria-agendada": "Vistoria agendada; o condutor foi avisado por e-mail.",
  "vistoria-registrada": "Resultado da vistoria registrado.",
  emitido: "Requerimento aprovado e credenciais emitidas.",
};

// The decision panel's inputs, for the error summary's links (a refused decision takes focus there).
const DECISION_FIELD_IDS: Record<string, string> = {
  note: "nota-correcoes",
  reason: "motivo-indeferimento",
  when: "vistoria-quando",
};

export default function ReviewScreen() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const location = useLocation();
  const ok = new URLSearchParams(location.search).get("ok");
  const { app, municipality } = d;
  const base = `/m/${municipality.slug}`;
  const fileUrl = (id: string, download = false) => `${base}/documentos/${id}${download ? "?baixar=1" : ""}`;
  const viewer = {
    module: `${base}/requerimentos/visor/pdf.mjs`,
    worker: `${base}/requerimentos/visor/pdf.worker.mjs`,
  };
  const mine = app.assignedToId === d.me;
  const decidable = app.status === "IN_REVIEW" && (mine || !app.assignedToId);
  const pendingDocs = d.documents.filter((x) => x.reviewStatus === "PENDING");

  // After a decision the page comes back at the next document waiting: move the focus there too.
  useEffect(() => {
    if (!location.hash) return;
    const el = document.getElementById(location.hash.slice(1));
    if (el) el.focus({ preventScroll: false });
  }, [location.key, location.hash]);

  const errors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <>
      <p className="bo-voltar">
        <Link to={`${base}/fila`}>← Fila de análise</Link>
      </p>
      <div className="bo-cabecalho">
        <h1>Requerimento {app.number}</h1>
        <span className={`selo ${APPLICATION_STATUS_TONE[app.status]}`}>{APPLICATION_STATUS_LABELS[app.status]}</span>
      </div>
      <p className="bo-sub">
        {CATEGORY_LABELS[app.category] ?? app.category} · {MODE_LABELS[app.mode] ?? app.mode}
        {app.kind === "RENOVACAO" ? " · renovação" : ""}
        {app.submittedAt ? ` · enviado em ${formatInstant(app.submittedAt, municipality.timeZone)}` : ""} · pacote de
        regras v{app.packVersion}
      </p>

      {ok && OK_MESSAGES[ok] ? (
        <div className="aviso sucesso" role="status" id="aviso" tabIndex={-1}>
          {OK_MESSAGES[ok]}
          {ok === "emitido" && d.credentials.length ? (
            <>
              {" "}
              <a href="#credenciais">Ver as credenciais emitidas</a>.
            </>
          ) : null}
        </div>
      ) : null}
      <ErrorSummary
        error={result?.error && !result.documentId ? result.error : null}
        errors={result?.documentId ? {} : errors}
        idOf={(name) => DECISION_FIELD_IDS[name] ?? name}
      />

      {d.segregation.notice ? (
        <p className="aviso atencao" id="segregacao">
          {d.segregation.notice}
        </p>
      ) : null}

      <Form method="post" className="bo-responsavel" aria-label="Responsável pela análise">
        <CsrfInput />
        <span>
          {app.assignedToId ? (
            <>
              Com <strong>{mine ? "você" : app.assignedToName}</strong>.
            </>
          ) : (
            <>Sem responsável.</>
          )}
        </span>
        {d.can.review && !mine && !app.assignedToId ? (
          <button type="submit" name="intent" value="assign" className="botao pequeno secundario">
            Atribuir a mim
          </button>
        ) : null}
        {d.can.review && !mine && app.assignedToId ? (
          <button type="submit" name="intent" value="take_over" className="botao pequeno secundario">
            Assumir de {app.assignedToName}
          </button>
        ) : null}
        {d.can.release && mine ? (
          <button type="submit" name="intent" value="release" className="link-botao">
            Devolver à fila
          </button>
        ) : null}
      </Form>

      <nav aria-label="Partes do requerimento">
        <ul className="bo-ancoras">
          <li>
            <a href="#documentos">Documentos</a>
          </li>
          <li>
            <a href="#decisao">Decisão</a>
          </li>
          <li>
            <a href="#checklist-titulo">Checklist da lei</a>
          </li>
          {d.vistoria ? (
            <li>
              <a href="#vistoria">Vistoria</a>
            </li>
          ) : null}
          <li>
            <a href="#historico-titulo">Histórico</a>
          </li>
        </ul>
      </nav>

      <div className="bo-revisao">
        <div>
          <section className="cartao" aria-labelledby="requerente">
            <h2 id="requerente">Requerente e veículo</h2>
            <dl className="bo-dados">
              <dt>Nome</dt>
              <dd>{d.person?.fullName ?? "—"}</dd>
              <dt>CPF</dt>
              <dd>{d.person ? <Cpf view={d.person.cpfView} timeZone={d.municipality.timeZone} /> : "—"}</dd>
              <dt>Nascimento</dt>
              <dd>{d.person?.birthDate ? formatDate(d.person.birthDate) : "—"}</dd>
              <dt>CNH</dt>
              <dd>{d.person?.cnh ?? "—"}</dd>
              <dt>Endereço</dt>
              <dd>
                {d.person?.address ?? "—"}
                {d.person?.residenceHere === false ? " (fora do município)" : ""}
              </dd>
              <dt>Contato</dt>
              <dd>{[d.person?.email, d.person?.phone].filter(Boolean).join(" · ") || "—"}</dd>
              {d.person?.bloodType ? (
                <>
                  <dt>Tipo sanguíneo</dt>
                  <dd>{d.person.bloodType}</dd>
                </>
              ) : null}
              <dt>Placa</dt>
              <dd>{d.vehicle.plate ?? "—"}</dd>
              <dt>Veículo</dt>
              <dd>{d.vehicle.description ?? "—"}</dd>
              {d.vehicle.facts.map((f) => (
                <Fragment key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </Fragment>
              ))}
              {d.vehicle.controlNumber ? (
                <>
                  <dt>Nº de controle</dt>
                  <dd>{d.vehicle.controlNumber}</dd>
                </>
              ) : null}
              {d.titular ? <PrepostoTitular titular={d.titular} timeZone={municipality.timeZone} /> : null}
              {d.link ? (
                <>
                  <dt>Empresa</dt>
                  <dd>
                    {d.link.operatorName} —{" "}
                    <span className={`selo ${d.link.status === "ACTIVE" ? "ok" : "falha"}`}>{d.link.statusLabel}</span>
                    {d.link.since ? ` desde ${formatDate(d.link.since)}` : ""}
                    {d.link.status === "ACTIVE" && d.link.dataSentOn
                      ? `; dados do motorista enviados à Prefeitura em ${formatDate(d.link.dataSentOn)}`
                      : ""}
                  </dd>
                </>
              ) : null}
            </dl>
          </section>

          <section aria-labelledby="documentos-titulo" id="documentos">
            <h2 id="documentos-titulo">
              Documentos ({d.documents.length}
              {pendingDocs.length ? `, ${pendingDocs.length} aguardando` : ""})
            </h2>
            {app.status === "IN_REVIEW" && !decidable && !d.segregation.own ? (
              <p className="aviso atencao">Este requerimento está com {app.assignedToName}. Assuma-o para decidir.</p>
            ) : null}
            {(app.status === "SUBMITTED" || app.status === "RESUBMITTED") && d.can.review ? (
              <p className="aviso">Inicie a análise para aceitar ou recusar os documentos.</p>
            ) : null}
            {d.documents.length === 0 ? (
              <p className="bo-vazio">Nenhum documento enviado.</p>
            ) : (
              <ul className="bo-indice" aria-label="Índice dos documentos">
                {d.documents.map((x) => (
                  <li key={x.id}>
                    <span
                      className={`selo ${x.reviewStatus === "ACCEPTED" ? "ok" : x.reviewStatus === "REJECTED" ? "falha" : "pendente"}`}
                    >
                      {DOCUMENT_REVIEW_LABELS[x.reviewStatus] === "Aguardando análise"
                        ? "Aguarda"
                        : (DOCUMENT_REVIEW_LABELS[x.reviewStatus] ?? x.reviewStatus)}
                    </span>
                    <a href={`#doc-${x.id}`}>{x.label}</a>
                  </li>
                ))}
              </ul>
            )}
            {d.documents.map((doc, i) => {
              const next = [...d.documents.slice(i + 1), ...d.documents.slice(0, i)].find(
                (x) => x.reviewStatus === "PENDING",
              );
              return (
                <DocumentReview
                  key={doc.id}
                  doc={doc}
                  fileUrl={fileUrl}
                  viewer={viewer}
                  decidable={decidable && d.can.document}
                  reasons={d.reasons}
                  nextAnchor={next ? `doc-${next.id}` : "decisao"}
                  error={result?.documentId === doc.id ? (result.error ?? null) : null}
                  timeZone={municipality.timeZone}
                />
              );
            })}
          </section>
        </div>

        <div>
          <section className="cartao bo-painel" aria-labelledby="decisao-titulo" id="decisao" tabIndex={-1}>
            <h2 id="decisao-titulo">Decisão</h2>
            <DecisionPanel
              ctx={{
                status: app.status,
                approveUrl: `${base}/requerimentos/${app.id}/aprovar`,
                decidable,
                can: { review: d.can.review, issue: d.can.issue },
                segregation: d.segregation,
                rejected: d.documents
                  .filter((x) => x.reviewStatus === "REJECTED")
                  .map((x) => ({ label: x.label, reason: x.reviewReason })),
                toIssue: d.toIssue,
                eligible: d.result.eligible,
                blocked: d.blocked,
                vistoriaDue: d.vistoriaDue,
                citations: d.citations,
                errors,
                values,
              }}
            />
            {app.status === "CHANGES_REQUESTED" ? <p>Aguardando o condutor reenviar o que foi pedido.</p> : null}
            {d.credentials.length ? (
              <div id="credenciais">
                <h3>Credenciais emitidas</h3>
                <ul>
                  {d.credentials.map((c) => (
                    <li key={c.id}>
                      {c.typeLabel} <strong>{c.serial}</strong> —{" "}
                      <span className={`selo ${CREDENTIAL_STATUS_TONE[c.status] ?? "pendente"}`}>
                        {CREDENTIAL_STATUS_LABELS[c.status] ?? c.status}
                      </span>
                      , até {formatDate(c.validUntil)}
                      <br />
                      <a href={`${base}/credenciais/${c.id}/pdf`}>
                        PDF
                        <span className="visualmente-oculto">
                          {" "}
                          do {c.typeLabel} {c.serial}
                        </span>
                      </a>
                      {d.can.credential ? (
                        <>
                          {" "}
                          ·{" "}
                          <Link to={`${base}/credenciais/${c.id}`}>
                            Detalhes e situação
                            <span className="visualmente-oculto">
                              {" "}
                              do {c.typeLabel} {c.serial}
                            </span>
                          </Link>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {d.can.credential ? (
                  <p>
                    <Link to={`${base}/credenciais`}>Todas as credenciais do município</Link>
                  </p>
                ) : null}
              </div>
            ) : null}
          </section>

          <section className="cartao bo-painel" aria-labelledby="checklist-titulo">
            <h2 id="checklist-titulo">Checklist da lei</h2>
            <RenewalSummary renewal={d.result.renewal} credentials={d.result.credentials} headingLevel={3} />
            <Checklist result={d.result} headingLevel={3} pendingWho={d.pendingWho} />
          </section>

          {d.vistoria ? (
            <VistoriaPanel
              spec={d.vistoria.spec}
              vistorias={d.vistoria.list}
              canManage={d.can.vistoria && !["ISSUED", "REJECTED", "WITHDRAWN"].includes(app.status)}
              errors={result?.intent === "schedule_vistoria" || result?.intent === "record_vistoria" ? errors : {}}
              nowLocal={d.nowLocal}
              timeZone={municipality.timeZone}
            />
          ) : null}

          <section className="cartao bo-painel" aria-labelledby="historico-titulo">
            <h2 id="historico-titulo">Histórico do requerimento</h2>
            <Timeline entries={d.history} label="Histórico do requerimento" timeZone={municipality.timeZone} />
            {d.driverHistory.length > d.history.length ? (
              <details>
                <summary>Histórico do condutor no município ({d.driverHistory.length} eventos)</summary>
                <Timeline
                  entries={d.driverHistory}
                  label="Histórico do condutor"
                  timeZone={municipality.timeZone}
                  newestFirst
                />
              </details>
            ) : null}
          </section>
        </div>
      </div>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Requerimento ${data?.app.number ?? ""} — Portal de Credenciamento` },
];
