import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { actorOf } from "~/utils/permissions.server";
import { readForm } from "~/utils/csrf.server";
import { loadOwnApplication, openItems } from "~/models/driver-wizard.server";
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

export async function loader({ request, params }: LoaderFunctionArgs) {
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
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, app } = await loadOwnApplication(request, params.id, "update:application");
  const form = await readForm(request);
  if (form.get("intent") === "withdraw") {
    await applyAction(app.id, "withdraw", actorOf(user, request), {
      expectedStatus: app.status as ApplicationStatus,
      reason: "Desistência do condutor",
    });
  }
  return redirect(`/requerimentos/${app.id}`);
}

const DOC_LABEL: Record<string, { text: string; cls: string }> = {
  MISSING: { text: "Falta enviar", cls: "pendente" },
  AWAITING_REVIEW: { text: "Em análise", cls: "pendente" },
  ACCEPTED: { text: "Aceito", cls: "ok" },
  REJECTED: { text: "Recusado", cls: "falha" },
  EXPIRING: { text: "Aceito (vence em breve)", cls: "pendente" },
  EXPIRED: { text: "Vencido", cls: "falha" },
};
const VISTORIA: Record<string, string> = {
  SCHEDULED: "Agendada",
  PASSED: "Aprovada",
  CONDITIONAL: "Aprovada com prazo para correções",
  FAILED: "Reprovada",
  CANCELLED: "Cancelada",
};
const when = (iso: string) => new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" });

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
              <span className={`selo ${DOC_LABEL[doc.status]?.cls ?? "pendente"}`}>
                {DOC_LABEL[doc.status]?.text ?? doc.status}
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
                {v.when ? ` — ${when(v.when)}` : ""}
                {v.place ? `, ${v.place}` : ""}
                {v.graceUntil ? ` · corrigir até ${v.graceUntil.split("-").reverse().join("/")}` : ""}
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
              <time dateTime={h.at}>{when(h.at)}</time> — {h.to}
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
