import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { TeamPersonForm, TeamTable } from "~/components/team/team";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { SelectField } from "~/components/ui/select-field";
import { ROLE_LABELS, STAFF_ROLES } from "~/domain/auth/permissions";
import { constraintsOf } from "~/forms/constraints";
import { zAddStaff } from "~/forms/team";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

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

export const handle: PageHandle = { title: "Equipe" };
