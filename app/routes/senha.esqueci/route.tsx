import { Form, Link, useActionData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { useFormResult } from "~/components/ui/form-result";
import { zForgotPassword } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import type { action } from "./route.server";

export { action, headers } from "./route.server";

const limits = constraintsOf(zForgotPassword);

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

export const handle: PageHandle = { title: "Esqueci minha senha" };
