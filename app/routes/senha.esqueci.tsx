import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { passRetryAfter } from "~/http/route-headers";
import { parseForm } from "~/utils/forms";
import { actorOf } from "~/http/permissions.server";
import { consumeLimit } from "~/utils/rate-limit.server";
import { startPasswordReset } from "~/models/user.server";
import { zForgotPassword } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { Field } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

const limits = constraintsOf(zForgotPassword);

export const action = /* @__PURE__ */ withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(zForgotPassword, form);
  if (!parsed.ok) return data({ sent: false, errors: parsed.errors, values: parsed.values }, { status: 400 });
  const limit = await consumeLimit(`reset:ip:${context.clientIp}`, 10, 15 * 60_000);
  if (!limit.allowed) {
    return data(
      { sent: false, errors: { login: "Muitos pedidos. Aguarde alguns minutos." }, values: parsed.values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  // Answered before the account is looked up: the answer and its timing are the same whether or
  // not the account exists (issue #35); the work, and its limit per account, come after.
  startPasswordReset(parsed.data.login, { ...actorOf(null, request), requestId: context.requestId ?? null });
  return data({ sent: true, errors: {} as Record<string, string | undefined> });
});

// The 429 keeps its Retry-After on the way to the browser.
export const headers = passRetryAfter;

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const { errors, values } = useFormResult();
  if (result?.sent) {
    return (
      <div className="cartao estreito">
        <h1>Verifique seu e-mail</h1>
        <p role="status">
          Se houver uma conta com esses dados, enviamos um link para redefinir a senha. O link vale por 1 hora.
        </p>
        <p>
          <Link to="/entrar">Voltar para entrar</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="cartao estreito">
      <h1>Esqueci minha senha</h1>
      <p>Informe o CPF ou o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>
      <ErrorSummary errors={errors} />
      <Form method="post" noValidate>
        <CsrfInput />
        <Field
          label="CPF ou e-mail"
          name="login"
          autoComplete="username"
          defaultValue={values.login}
          error={errors.login}
          constraint={limits.login}
        />
        <SubmitButton>Enviar link</SubmitButton>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Esqueci minha senha — Portal de Credenciamento" }];
