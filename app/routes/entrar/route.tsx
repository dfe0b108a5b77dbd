import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { GovbrButton } from "~/components/govbr";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { useFormResult } from "~/components/ui/form-result";
import { zSignIn } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import type { loader } from "./route.server";

export { action, headers, loader } from "./route.server";

const limits = constraintsOf(zSignIn);

export default function SignIn() {
  const { errors, values, error } = useFormResult();
  const [params] = useSearchParams();
  const loaded = useLoaderData<typeof loader>();
  return (
    <div className="cartao estreito">
      <h1>Entrar</h1>
      {loaded?.govbr ? (
        <>
          <p>
            <GovbrButton voltar={params.get("voltar")} />
          </p>
          <p>Ou entre com CPF (ou e-mail) e a senha do portal:</p>
        </>
      ) : null}
      {params.get("senha") === "redefinida" ? (
        <div className="aviso sucesso" role="status">
          Senha redefinida. Entre com a nova senha.
        </div>
      ) : null}
      <ErrorSummary errors={errors} error={error} />
      <Form method="post" noValidate>
        <CsrfInput />
        <input type="hidden" name="voltar" value={params.get("voltar") ?? ""} />
        <Field
          label="CPF ou e-mail"
          name="login"
          autoComplete="username"
          defaultValue={values.login}
          error={errors.login}
          constraint={limits.login}
        />
        <Field
          label="Senha"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          constraint={limits.password}
        />
        <SubmitButton busyText="Entrando…">Entrar</SubmitButton>
      </Form>
      <p>
        <Link to="/senha/esqueci">Esqueci minha senha</Link>
      </p>
      <p>
        Ainda não tem conta? <Link to="/cadastro">Criar conta</Link>
      </p>
    </div>
  );
}

export const handle: PageHandle = { title: "Entrar" };
