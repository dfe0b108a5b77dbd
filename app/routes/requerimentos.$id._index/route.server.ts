import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  allowedActions,
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  isEditable,
} from "~/domain/applications/status";
import { openItems } from "~/domain/applications/wizard";
import { readForm } from "~/http/csrf.server";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { applyAction } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { listVistorias } from "~/models/vistoria.server";

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

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
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
      .filter((d) => d.submittedBy === "REQUERENTE")
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

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
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
