import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { type TeamRow } from "~/components/team/team";
import { type Role, ROLE_LABELS } from "~/domain/auth/permissions";
import { maskCpf } from "~/domain/br";
import { invalid } from "~/domain/refusal";
import { zAddStaff, zTeamRole } from "~/forms/team";
import { readForm } from "~/http/csrf.server";
import { requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { cpfViews } from "~/models/cpf-standing.server";
import { requireMunicipality } from "~/models/municipality.server";
import { addStaff, disableStaff, listStaff, staffConflicts } from "~/models/staff.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  const user = await requirePermission(request, "manage:staff", { municipalityId: municipality.id });
  const staff = await listStaff(municipality.id);
  const cpfOf = await cpfViews(
    staff.map((s) => s.user.cpf),
    { masked: true },
  );
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    staff: staff.map((s): TeamRow => ({
      id: s.id,
      role: ROLE_LABELS[s.role as Role] ?? s.role,
      active: !s.disabledAt,
      name: s.user.name,
      email: s.user.email,
      cpf: maskCpf(s.user.cpf),
      cpfView: cpfOf(s.user.cpf),
      removable: s.user.id !== user.id,
    })),
  };
});

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  // The actor's role is the one held here, or the platform administrator's ADMIN (ADR 053).
  const { municipality, actor } = await requireStaff(request, params.municipio, "manage:staff");
  const form = await readForm(request);
  if (form.get("intent") === "disable") {
    const parsed = parseForm(zTeamRole, form);
    if (!parsed.ok) throw invalid("Pedido inválido.");
    await disableStaff(municipality.id, parsed.data.roleId, actor);
    return redirect(`/m/${municipality.slug}/equipe?ok=desativado`);
  }
  const parsed = parseForm(zAddStaff, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const conflicts = await staffConflicts(municipality.id, parsed.data);
  if (Object.keys(conflicts).length)
    return data(
      { errors: conflicts as Record<string, string | undefined>, values: parsed.data as Record<string, string> },
      { status: 400 },
    );
  await addStaff(municipality, parsed.data, actor);
  return redirect(`/m/${municipality.slug}/equipe?ok=adicionado`);
});
