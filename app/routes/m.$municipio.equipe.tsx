import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { zAddStaff, zDisableStaff } from "~/forms/back-office";
import { constraintsOf } from "~/forms/constraints";
import { requireMunicipality } from "~/models/municipality.server";
import { addStaff, disableStaff, listStaff, staffConflicts } from "~/models/staff.server";
import { ROLE_LABELS, STAFF_ROLES, type Role } from "~/domain/auth/permissions";
import { maskCpf } from "~/domain/br";
import { Field } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  const user = await requirePermission(request, "manage:staff", { municipalityId: municipality.id });
  const staff = await listStaff(municipality.id);
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    me: user.id,
    staff: staff.map((s) => ({
      id: s.id,
      role: ROLE_LABELS[s.role as Role] ?? s.role,
      active: !s.disabledAt,
      name: s.user.name,
      email: s.user.email,
      cpf: maskCpf(s.user.cpf),
      userId: s.user.id,
    })),
  };
});

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  const user = await requirePermission(request, "manage:staff", { municipalityId: municipality.id });
  const form = await readForm(request);
  const actor = actorOf(user, request, { role: "GESTOR", municipalityId: municipality.id, operatorId: null });
  if (form.get("intent") === "disable") {
    const parsed = parseForm(zDisableStaff, form);
    if (!parsed.ok) throw new Response("Pedido inválido.", { status: 400 });
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

const LIMITS = { ...constraintsOf(zAddStaff), ...constraintsOf(zDisableStaff) };

export default function Staff() {
  const { municipality, staff, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? {};
  const ok = params.get("ok");
  return (
    <>
      <h1>Equipe — {municipality.name}</h1>
      {ok ? (
        <div className="aviso sucesso" role="status">
          {ok === "adicionado"
            ? "Acesso criado; a pessoa recebeu um e-mail para definir a senha."
            : "Acesso desativado."}
        </div>
      ) : null}
      <div className="tabela-rolagem">
        <table>
          <caption className="visualmente-oculto">Acessos da equipe</caption>
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">Perfil</th>
              <th scope="col">E-mail</th>
              <th scope="col">CPF</th>
              <th scope="col">Situação</th>
              <th scope="col">
                <span className="visualmente-oculto">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((s) => (
              <tr key={s.id}>
                <td>{s.name}</td>
                <td>{s.role}</td>
                <td>{s.email}</td>
                <td>{s.cpf}</td>
                <td>
                  <span className={`selo ${s.active ? "ok" : "falha"}`}>{s.active ? "Ativo" : "Desativado"}</span>
                </td>
                <td>
                  {s.active && s.userId !== me ? (
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="disable" />
                      <input type="hidden" name="roleId" value={s.id} />
                      <button
                        type="submit"
                        className="link-botao"
                        aria-label={`Desativar acesso de ${s.name} (${s.role})`}
                      >
                        Desativar
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="cartao estreito" aria-labelledby="novo-acesso">
        <h2 id="novo-acesso">Novo acesso</h2>
        <ErrorSummary errors={errors} />
        <Form method="post" noValidate>
          <CsrfInput />
          <input type="hidden" name="intent" value="add" />
          <Field label="CPF" name="cpf" defaultValue={values.cpf} error={errors.cpf} constraint={LIMITS.cpf} />
          <Field
            label="Nome completo"
            name="name"
            defaultValue={values.name}
            error={errors.name}
            constraint={LIMITS.name}
          />
          <Field
            label="E-mail"
            name="email"
            type="email"
            defaultValue={values.email}
            error={errors.email}
            constraint={LIMITS.email}
          />
          <div className="campo">
            <label htmlFor="campo-role">Perfil</label>
            <select
              id="campo-role"
              name="role"
              defaultValue={values.role ?? ""}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={errors.role ? "campo-role-erro" : undefined}
            >
              <option value="" disabled>
                Escolha…
              </option>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            {errors.role ? (
              <p className="erro-campo" id="campo-role-erro">
                {errors.role}
              </p>
            ) : null}
          </div>
          <SubmitButton busyText="Criando…">Criar acesso</SubmitButton>
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Equipe — Portal de Credenciamento" }];
