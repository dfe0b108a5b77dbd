import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  APPLICATION_STATUS_LABELS,
  type ApplicationStatus,
  OPERATOR_UPLOAD_STATUSES,
} from "~/domain/applications/status";
import { formatCpf } from "~/domain/br";
import { CREDENTIAL_TYPE_LABELS, VERDICT_LABELS } from "~/domain/credentials/labels";
import { formatDate, formatDayOf } from "~/domain/format";
import { allowedLinkActions, endReasonText, LINK_STATUS_LABELS } from "~/domain/operators/driver-link";
import { UNLINK_REASONS, type UnlinkReason } from "~/domain/operators/vocabulary";
import { notFound } from "~/domain/refusal";
import { localDateTime } from "~/domain/time";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { evaluateFor } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { driverStanding, getDriverLink } from "~/models/driver-standing.server";
import { operatorCategory } from "~/models/operator.server";
import { driverDataDuty, operatorCollectsDriverDocuments, unlinkNotice } from "~/models/operator-policy.server";
import { activePack } from "~/models/rule-pack.server";
import { dataSent } from "./dados-enviados.server";
import { unlink } from "./desvincular.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:driver-link");
  const link = await getDriverLink(operator.id, params.linkId);
  if (!link || !link.person) throw notFound("Condutor não encontrado.");
  const pack = await activePack(operator.municipality);
  const standing = await driverStanding(operator.id, link);
  const app = standing.application;
  const evaluation = app ? (await evaluateFor(app)).result : null;
  const files = app ? new Map((await currentDocuments(app)).map((d) => [d.type, d.id])) : new Map<string, string>();
  const collects = operatorCollectsDriverDocuments(pack);
  const category = await operatorCategory(operator.id);
  const dataDuty = category ? driverDataDuty(pack, category) : null;
  const uploadOpen = Boolean(app && OPERATOR_UPLOAD_STATUSES.includes(app.status)) && link.status === "ACTIVE";
  return {
    frame: frameOf(operator),
    link: {
      id: link.id,
      status: link.status,
      statusLabel: LINK_STATUS_LABELS[link.status],
      actions: allowedLinkActions(link.status),
      name: link.person.fullName,
      cpf: formatCpf(link.person.cpf),
      acceptedAt: link.acceptedAt ? formatDayOf(link.acceptedAt, operator.municipality.timeZone) : null,
      endReason: endReasonText(link.endReason),
      endedAt: link.endedAt ? formatDayOf(link.endedAt, operator.municipality.timeZone) : null,
      dataSentOn: link.driverDataSentOn ? formatDate(link.driverDataSentOn) : null,
    },
    dataDuty,
    application: app
      ? { number: app.number, status: APPLICATION_STATUS_LABELS[app.status as ApplicationStatus] ?? app.status }
      : null,
    evaluation,
    documents: (evaluation?.requiredDocuments ?? []).map((d) => ({
      type: d.type,
      label: d.label,
      citation: d.citation,
      status: d.status,
      submittedBy: d.submittedBy,
      fileId: collects || d.submittedBy === "OPERADORA" ? (files.get(d.type) ?? null) : null,
      upload:
        uploadOpen &&
        d.submittedBy === "OPERADORA" &&
        ["MISSING", "REJECTED", "EXPIRED", "AWAITING_REVIEW"].includes(d.status),
    })),
    collects,
    credentials: standing.credentials.map((c) => ({
      ...c,
      typeLabel: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type,
      verdictLabel: VERDICT_LABELS[c.verdict].label,
    })),
    reasons: (Object.keys(UNLINK_REASONS) as UnlinkReason[]).map((r) => {
      const notice = unlinkNotice(pack, r);
      return {
        value: r,
        label: UNLINK_REASONS[r].label,
        notice: notice
          ? {
              label: notice.deadline.label,
              citation: notice.deadline.citation,
              within: notice.deadline.within ?? null,
              immediate: notice.deadline.immediate,
            }
          : null,
      };
    }),
    now: localDateTime(new Date(), operator.municipality.timeZone),
  };
});

/** What an intent gets: the operator, who acts, the form and the bond's id. */
export type LinkStep = {
  operator: Awaited<ReturnType<typeof requireOperator>>["operator"];
  actor: Awaited<ReturnType<typeof requireOperator>>["actor"];
  form: FormData;
  linkId: string;
};

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "create:driver-link");
  const form = await readForm(request);
  const step = { operator, actor, form, linkId: params.linkId ?? "" };
  return form.get("intent") === "dados-enviados" ? dataSent(step) : unlink(step);
});
