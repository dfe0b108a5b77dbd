import { Form, Link, useActionData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { maskOnInput } from "~/components/driver/typing-help";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Fields } from "~/components/ui/fields";
import { useFormResult } from "~/components/ui/form-result";
import { PASSWORD_MIN } from "~/domain/auth/password-policy";
import { SIGN_UP_FIELDS, zSignUp } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import type { action } from "./route.server";

export { action, headers, loader } from "./route.server";

const limits = constraintsOf(zSignUp);

export default function SignUp() {
  const result = useActionData<typeof action>();
  const { errors, values, error } = useFormResult();
  if (result && "sent" in result && result.sent) return <Sent email={result.email} />;
  return (
    <div className="cartao estreito">
      <h1>Criar conta</h1>
      <p>Use seu CPF: ele identifica você em todos os pedidos à prefeitura.</p>
      <ErrorSummary errors={errors} error={error} />
      <Form method="post" noValidate onInput={maskOnInput}>
        <CsrfInput />
        <Fields
          fields={SIGN_UP_FIELDS}
          values={values}
          errors={errors}
          limits={limits}
          extra={{
            password: {
              hint: `Pelo menos ${PASSWORD_MIN} caracteres; uma frase com várias palavras é fácil de lembrar e difícil de adivinhar.`,
            },
          }}
        />
        <SubmitButton busyText="Criando conta…">Criar conta</SubmitButton>
      </Form>
      <p>
        Já tem conta? <Link to="/entrar">Entrar</Link>
      </p>
    </div>
  );
}

/** The same answer whether or not the CPF or the e-mail already had an account (issue #35). */
function Sent({ email }: { email: string }) {
  return (
    <div className="cartao estreito">
      <h1>Confira seu e-mail</h1>
      <p role="status">
        Se os dados estiverem livres, enviamos para <strong>{email}</strong> um link para confirmar o e-mail. Abra o
        link e depois entre com seu CPF e sua senha. O link vale por 48 horas.
      </p>
      <p>
        Se não receber em alguns minutos, talvez você já tenha uma conta com este CPF ou este e-mail: nesse caso
        avisamos o e-mail dessa conta. Você pode <Link to="/entrar">entrar</Link> ou{" "}
        <Link to="/senha/esqueci">criar uma nova senha</Link>.
      </p>
    </div>
  );
}

export const handle: PageHandle = { title: "Criar conta" };
