import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { actorOf } from "~/http/permissions.server";
import { findPasswordToken, resetPassword } from "~/models/user.server";
import { passwordProblem, PASSWORD_MIN } from "~/domain/auth/password-policy";
import { NEW_PASSWORD_FIELDS, passwordErrors, zNewPassword } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { Fields } from "~/components/ui/fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ params }: LoaderFunctionArgs) => {
  const row = await findPasswordToken(params.token ?? "");
  return { valid: Boolean(row), name: row?.user?.name ?? null };
});

const limits = constraintsOf(zNewPassword);

export const action = /* @__PURE__ */ withRefusals(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(zNewPassword, form, { secret: ["password", "confirm"] });
  if (!parsed.ok) return data({ errors: parsed.errors, expired: false }, { status: 400 });
  const row = await findPasswordToken(params.token ?? "");
  // The password is checked against the account's own words (name, e-mail, CPF) when the link is good.
  const personal = row ? [row.user?.name ?? "", row.email, row.user?.cpf ?? ""] : [];
  const errors: Record<string, string | undefined> = passwordErrors(parsed.data, passwordProblem, personal);
  if (Object.keys(errors).length) return data({ errors, expired: false }, { status: 400 });
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
        <Fields
          fields={NEW_PASSWORD_FIELDS}
          values={{}}
          errors={errors}
          limits={limits}
          extra={{ password: { hint: `Pelo menos ${PASSWORD_MIN} caracteres.` } }}
        />
        <SubmitButton busyText="Salvando…">Salvar nova senha</SubmitButton>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Nova senha — Portal de Credenciamento" }];
