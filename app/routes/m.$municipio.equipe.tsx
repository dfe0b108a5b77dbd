import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { requireStaff } from "~/http/staff-guard.server";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { zAddStaff, zTeamRole } from "~/forms/team";
import { constraintsOf } from "~/forms/constraints";
import { requireMunicipality } from "~/models/municipality.server";
import { addStaff, disableStaff, listStaff, staffConflicts } from "~/models/staff.server";
import { ROLE_LABELS, STAFF_ROLES, type Role } from "~/domain/auth/permissions";
import { maskCpf } from "~/domain/br";
import { cpfViews } from "~/models/cpf-standing.server";
import { invalid } from "~/domain/refusal";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SelectField } from "~/components/ui/select-field";
import { useFormResult } from "~/components/ui/form-result";
import { TeamPersonForm, TeamTable, type TeamRow } from "~/components/team/team";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
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

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
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

const ROLE_LIMIT = constraintsOf(zAddStaff).role;

const OK: Record<string, string> = {
  adicionado: "Acesso criado; a pessoa recebeu um e-mail para definir a senha.",
  desativado: "Acesso desativado.",
};

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export default function Staff() {
  const { municipality, staff } = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  return (
    <>
      <h1>Equipe — {municipality.name}</h1>
      {flash.ok ? (
        <div className="aviso sucesso" role="status">
          {flash.ok}
        </div>
      ) : null}
      <TeamTable
        rows={staff}
        caption="Acessos da equipe"
        removeIntent="disable"
        removeText="Desativar"
        removeLabel={(s) => `Desativar acesso de ${s.name} (${s.role})`}
        inactiveText="Desativado"
      />
      <section className="cartao estreito" aria-labelledby="novo-acesso">
        <h2 id="novo-acesso">Novo acesso</h2>
        <ErrorSummary errors={errors} />
        <TeamPersonForm errors={errors} values={values} intent="add" submitText="Criar acesso" busyText="Criando…">
          <SelectField
            label="Perfil"
            name="role"
            options={ROLE_OPTIONS}
            defaultValue={values.role ?? ""}
            error={errors.role}
            constraint={ROLE_LIMIT}
          />
        </TeamPersonForm>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Equipe — Portal de Credenciamento" }];
