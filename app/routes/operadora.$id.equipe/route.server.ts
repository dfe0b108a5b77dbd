import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { type TeamRow } from "~/components/team/team";
import { formatCpf } from "~/domain/br";
import { formatDayOf } from "~/domain/format";
import { invalid } from "~/domain/refusal";
import { zMember, zTeamRole } from "~/forms/team";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { forbidden } from "~/http/permissions.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import {
  addMember,
  cancelTeamInvitation,
  listMembers,
  memberConflicts,
  pendingInvitations,
  removeMember,
} from "~/models/operator-team.server";
import { formValues, parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator, owner, user } = await requireOperator(request, params.id, "read:operator");
  const [members, invitations] = await Promise.all([listMembers(operator.id), pendingInvitations(operator.id)]);
  const zone = operator.municipality.timeZone;
  return {
    frame: frameOf(operator),
    owner,
    // What the owner typed, waiting for the person to accept (issue #35: no one joins without consent).
    invitations: invitations.map((i) => ({
      id: i.id,
      name: i.name,
      email: i.email,
      cpf: formatCpf(i.cpf),
      invitedAt: formatDayOf(i.invitedAt, zone),
      expiresAt: formatDayOf(i.expiresAt, zone),
    })),
    members: members.map((m): TeamRow => ({
      id: m.id,
      name: m.user.name,
      role: m.operatorOwner ? "Responsável" : "Equipe",
      email: m.user.email,
      cpf: formatCpf(m.user.cpf),
      active: !m.disabledAt,
      // Only the owner manages the team, and neither the owner's access nor one's own is removed.
      removable: owner && !m.operatorOwner && m.userId !== user.id,
    })),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor, owner } = await requireOperator(request, params.id, "update:operator");
  // Only the company's responsible person manages its team.
  if (!owner) throw forbidden("Só o responsável pela empresa gerencia a equipe.");
  const form = await readForm(request);
  if (form.get("intent") === "cancelar-convite") {
    await cancelTeamInvitation(operator, String(form.get("invitationId") ?? ""), actor);
    return redirect(`/operadora/${operator.id}/equipe?ok=convite-cancelado`);
  }
  if (form.get("intent") === "remover") {
    const parsed = parseForm(zTeamRole, form);
    if (!parsed.ok) throw invalid("Pedido inválido.");
    await removeMember(operator.id, operator.municipalityId, parsed.data.roleId, actor);
    return redirect(`/operadora/${operator.id}/equipe?ok=removido`);
  }
  const parsed = parseForm(zMember, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  // Only what the team itself shows (an active member's CPF) is refused; whether the CPF or the
  // e-mail has an account is never said (issue #35): the invitation goes to the typed e-mail.
  const conflicts = await memberConflicts(operator.id, parsed.data);
  if (Object.keys(conflicts).length)
    return data({ errors: conflicts as Record<string, string | undefined>, values: formValues(form) }, { status: 400 });
  await addMember(operator, parsed.data, actor);
  return redirect(`/operadora/${operator.id}/equipe?ok=convidado`);
});
