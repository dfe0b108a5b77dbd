import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { actorOf } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { openItems } from "~/domain/applications/wizard";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { applyAction } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { listVistorias } from "~/models/vistoria.server";
import {
  APPLICATION_STATUS_LABELS,
  allowedActions,
  isEditable,
  type ApplicationStatus,
} from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { CsrfInput } from "~/components/csrf-input";
import { formatInstant, formatDate } from "~/domain/format";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { withRefusals } from "~/http/refusal.server";

const NEXT_STEP: Record<ApplicationStatus, string> = {
  DRAFT: "Complete os dados e os documentos e envie para análise.",
  SUBMITTED: "Recebemos seu requerimento. Ele está na fila de análise da prefeitura.",
  IN_REVIEW: "A prefeitura está analisando seus documentos.",
  CHANGES_REQUESTED: "A prefeitura pediu correções. Troque só os documentos recusados e reenvie.",
  RESUBMITTED: "Recebemos suas correções. Elas voltaram para a análise.",
  APPROVED: "Aprovado. A emissão das credenciais está em andamento.",
  ISSUED: "Suas credenciais foram emitidas. Baixe o crachá e o certificado em Minhas credenciais.",
  REJECTED: "O requerimento foi indeferido. Veja o motivo abaixo.",
  WITHDRAWN: "Você desistiu deste requerimento.",
};

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { app, result } = await loadOwnApplication(request, params.id);
  const status = app.status as ApplicationStatus;
  const docs = await currentDocuments(app);
  const vistorias = await listVistorias(app.id);
  return {
    app: {
      id: app.id,
      number: app.number,
      status,
      category: app.category,
      municipality: `${app.municipality.name} (${app.municipality.uf})`,
      timeZone: app.municipality.timeZone,
      kind: app.kind,
    },
    statusLabel: APPLICATION_STATUS_LABELS[status],
    next: NEXT_STEP[status],
    editable: isEditable(status),
    canWithdraw: allowedActions(status).includes("withdraw"),
    documents: result.requiredDocuments
      .filter((d) => d.submittedBy === "APPLICANT")
      .map((d) => ({
        type: d.type,
        label: d.label,
        status: d.status,
        reason: d.reason ?? docs.find((x) => x.type === d.type)?.reviewReason ?? null,
      })),
    vistorias: vistorias.map((v) => ({
      id: v.id,
      status: v.status,
      when: v.scheduledFor?.toISOString() ?? null,
      place: v.place,
      validUntil: v.validUntil,
      graceUntil: v.graceUntil,
    })),
    history: app.history.map((h) => ({
      id: h.id,
      to: APPLICATION_STATUS_LABELS[h.toStatus as ApplicationStatus] ?? h.toStatus,
      at: h.at.toISOString(),
      reason: h.reason,
    })),
    open: openItems(result),
  };
});

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { user, app } = await loadOwnApplication(request, params.id, "update:application");
  const form = await readForm(request);
  if (form.get("intent") === "withdraw") {
    await applyAction(app.id, "withdraw", actorOf(user, request), {
      expectedStatus: app.status as ApplicationStatus,
      reason: "Desistência do condutor",
    });
  }
  return redirect(`/requerimentos/${app.id}`);
});

const VISTORIA: Record<string, string> = {
  SCHEDULED: "Agendada",
  PASSED: "Aprovada",
  CONDITIONAL: "Aprovada com prazo para correções",
  FAILED: "Reprovada",
  CANCELLED: "Cancelada",
};

export default function ApplicationOverview() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <p className="dica">
        <Link to="/requerimentos">Meus requerimentos</Link>
      </p>
      <h1>Requerimento {d.app.number}</h1>
      {params.get("enviado") ? (
        <div className="aviso sucesso" role="status">
          Requerimento enviado. Avisaremos por e-mail a cada decisão.
        </div>
      ) : null}
      {params.get("salvo") === "parcial" ? (
        <div className="aviso atencao" role="status">
          Salvamos o que estava correto. Os campos com erro não foram salvos: o que você digitou neles ficou guardado
          neste aparelho até você voltar e corrigir.
        </div>
      ) : null}
      <section className="cartao" aria-labelledby="situacao">
        <h2 id="situacao">Situação: {d.statusLabel}</h2>
        <p>{d.next}</p>
        <p className="dica">
          {CATEGORY_LABELS[d.app.category] ?? d.app.category} · {d.app.municipality}
          {d.app.kind === "RENOVACAO" ? " · renovação" : ""}
        </p>
        <div className="acoes">
          {d.editable ? (
            <Link
              className="botao"
              to={`/requerimentos/${d.app.id}/${d.app.status === "CHANGES_REQUESTED" ? "documentos" : "dados"}`}
            >
              {d.app.status === "CHANGES_REQUESTED" ? "Corrigir documentos" : "Continuar preenchendo"}
            </Link>
          ) : null}
          {d.editable ? (
            <Link className="botao secundario" to={`/requerimentos/${d.app.id}/revisao`}>
              Revisar e enviar
            </Link>
          ) : null}
          {d.app.status === "ISSUED" ? (
            <Link className="botao" to="/credenciais">
              Minhas credenciais
            </Link>
          ) : null}
        </div>
      </section>
      <section className="cartao" aria-labelledby="docs">
        <h2 id="docs">Documentos</h2>
        <ul>
          {d.documents.map((doc) => (
            <li key={doc.type}>
              {doc.label}:{" "}
              <span className={`selo ${documentStatusLabel(doc.status, true).tone}`}>
                {documentStatusLabel(doc.status, true).label}
              </span>
              {doc.status === "REJECTED" && doc.reason ? <> — motivo: {doc.reason}</> : null}
            </li>
          ))}
        </ul>
      </section>
      {d.vistorias.length ? (
        <section className="cartao" aria-labelledby="vist">
          <h2 id="vist">Vistoria do veículo</h2>
          <ul>
            {d.vistorias.map((v) => (
              <li key={v.id}>
                {VISTORIA[v.status] ?? v.status}
                {v.when ? ` — ${formatInstant(v.when, d.app.timeZone)}` : ""}
                {v.place ? `, ${v.place}` : ""}
                {v.graceUntil ? ` · corrigir até ${formatDate(v.graceUntil)}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="cartao" aria-labelledby="hist">
        <h2 id="hist">Histórico</h2>
        <ol>
          {d.history.map((h) => (
            <li key={h.id}>
              <time dateTime={h.at}>{formatInstant(h.at, d.app.timeZone)}</time> — {h.to}
              {h.reason ? `: ${h.reason}` : ""}
            </li>
          ))}
        </ol>
      </section>
      {d.canWithdraw ? (
        <Form
          method="post"
          onSubmit={(e) => {
            if (!confirm("Desistir deste requerimento? Não dá para desfazer.")) e.preventDefault();
          }}
        >
          <CsrfInput />
          <button type="submit" name="intent" value="withdraw" className="link-botao">
            Desistir do requerimento
          </button>
        </Form>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Requerimento — Portal de Credenciamento" }];
