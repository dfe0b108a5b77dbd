import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Fields } from "~/components/ui/fields";
import { PASSWORD_MIN } from "~/domain/auth/password-policy";
import { NEW_PASSWORD_FIELDS, zNewPassword } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const limits = constraintsOf(zNewPassword);

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

export const handle: PageHandle = { title: "Nova senha" };
