import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { actorOf } from "~/http/permissions.server";
import { findLiveToken, resetPassword } from "~/models/user.server";
import { passwordProblem, PASSWORD_MIN } from "~/domain/auth/password-policy";
import { withPasswordCheck, zNewPassword } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { Field } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ params }: LoaderFunctionArgs) => {
  const row = await findLiveToken(params.token ?? "", ["RESET_PASSWORD", "STAFF_INVITE"]);
  return { valid: Boolean(row), name: row?.user?.name ?? null };
});

const Schema = withPasswordCheck(zNewPassword, passwordProblem);
const limits = constraintsOf(zNewPassword);

export const action = /* @__PURE__ */ withRefusals(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(Schema, form, { secret: ["password", "confirm"] });
  if (!parsed.ok) return data({ errors: parsed.errors, expired: false }, { status: 400 });
  const row = await findLiveToken(params.token ?? "", ["RESET_PASSWORD", "STAFF_INVITE"]);
  if (row) {
    const personal = [row.user?.name ?? "", row.email, row.user?.cpf ?? ""];
    const problem = passwordProblem(parsed.data.password, personal);
    if (problem)
      return data(
        { errors: { password: problem } as Record<string, string | undefined>, expired: false },
        { status: 400 },
      );
  }
  const ok =
    row &&
    (await resetPassword(params.token ?? "", parsed.data.password, {
      ...actorOf(null, request),
      requestId: context.requestId ?? null,
    }));
  if (!ok) return data({ errors: {} as Record<string, string | undefined>, expired: true }, { status: 400 });
  return redirect("/entrar?senha=redefinida");
});

export default function ResetPassword() {
  const { valid, name } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (!valid || result?.expired) {
    return (
      <div className="cartao estreito" role="alert">
        <h1>Link expirado ou já usado</h1>
        <p>Este link de redefinição não vale mais. Peça um novo: ele chega por e-mail e vale por 1 hora.</p>
        <p>
          <Link className="botao" to="/senha/esqueci">
            Pedir novo link
          </Link>
        </p>
      </div>
    );
  }
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  return (
    <div className="cartao estreito">
      <h1>Criar nova senha</h1>
      {name ? <p>Olá, {name}. Escolha sua nova senha.</p> : null}
      <ErrorSummary errors={errors} />
      <Form method="post" noValidate>
        <CsrfInput />
        <Field
          label="Nova senha"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={`Pelo menos ${PASSWORD_MIN} caracteres.`}
          constraint={limits.password}
        />
        <Field
          label="Repita a nova senha"
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
          constraint={limits.confirm}
        />
        <SubmitButton busyText="Salvando…">Salvar nova senha</SubmitButton>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Nova senha — Portal de Credenciamento" }];
