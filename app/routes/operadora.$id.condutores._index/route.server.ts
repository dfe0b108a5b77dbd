import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { formatCpf } from "~/domain/br";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { formatDayOf } from "~/domain/format";
import { allowedLinkActions, endReasonText, LINK_STATUS_LABELS } from "~/domain/operators/driver-link";
import { zInvite } from "~/forms/operator";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { cancelInvitation, inviteDriver } from "~/models/driver-invitation.server";
import { listDriverLinks } from "~/models/driver-standing.server";
import { operatorCategory } from "~/models/operator.server";
import { exclusiveDriverRule } from "~/models/operator-policy.server";
import { activePack } from "~/models/rule-pack.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:driver-link");
  const driverLinks = await listDriverLinks(operator.id);
  const category = await operatorCategory(operator.id);
  const exclusive = category ? exclusiveDriverRule(await activePack(operator.municipality), category) : null;
  return {
    frame: frameOf(operator),
    exclusive,
    links: driverLinks.map((l) => ({
      id: l.id,
      status: l.status,
      statusLabel: LINK_STATUS_LABELS[l.status] ?? l.status,
      actions: allowedLinkActions(l.status),
      name: l.person?.fullName ?? null,
      cpf: formatCpf(l.person?.cpf ?? l.invitedCpf),
      email: l.invitedEmail,
      invitedAt: formatDayOf(l.invitedAt, operator.municipality.timeZone),
      acceptedAt: l.acceptedAt ? formatDayOf(l.acceptedAt, operator.municipality.timeZone) : "—",
      endedAt: l.endedAt ? formatDayOf(l.endedAt, operator.municipality.timeZone) : "—",
      endReason: endReasonText(l.endReason),
      application: l.standing.application
        ? `${l.standing.application.number} — ${APPLICATION_STATUS_LABELS[l.standing.application.status as ApplicationStatus] ?? l.standing.application.status}`
        : null,
      credential: l.standing.credentials[0]
        ? `${l.standing.credentials[0].serial}: ${VERDICT_LABELS[l.standing.credentials[0].verdict].label}`
        : null,
      inForce: l.standing.credentialInForce,
    })),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "create:driver-link");
  const form = await readForm(request);
  if (form.get("intent") === "cancelar") {
    await cancelInvitation(operator, String(form.get("linkId") ?? ""), actor);
    return redirect(`/operadora/${operator.id}/condutores?ok=cancelado`);
  }
  const parsed = parseForm(zInvite, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  // The same answer whether or not the CPF or the e-mail has an account (issue #35).
  await inviteDriver(operator, parsed.data, actor);
  return redirect(`/operadora/${operator.id}/condutores?ok=convidado`);
});
