import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { getUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { passRetryAfter } from "~/http/route-headers";
import { formError, formValues, parseForm } from "~/utils/forms";
import { consumeLimit } from "~/utils/rate-limit.server";
import { actorOf } from "~/http/permissions.server";
import { startSignUp } from "~/models/sign-up.server";
import { passwordErrors, SIGN_UP_FIELDS, signUpPersonal, withPasswordCheck, zSignUp } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { passwordProblem, PASSWORD_MIN } from "~/domain/auth/password-policy";
import { Fields } from "~/components/ui/fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { CsrfInput } from "~/components/csrf-input";
import { maskOnInput } from "~/components/driver/typing-help";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  if (await getUser(request)) throw redirect("/painel");
  return null;
});

const SignUpSchema = withPasswordCheck(zSignUp, passwordProblem, signUpPersonal);
const SECRET = ["password", "confirm"];

/** The password's problems when the rest of the form was refused (the schema's refinement did not run). */
function passwordOnly(v: Record<string, string>, found: Record<string, string | undefined>) {
  if (found.password || found.confirm) return {};
  const typed = { name: v.name ?? "", email: v.email ?? "", cpf: v.cpf ?? "" };
  return passwordErrors(
    { password: v.password ?? "", confirm: v.confirm ?? "" },
    passwordProblem,
    signUpPersonal(typed),
  );
}
const limits = constraintsOf(zSignUp);

export const action = /* @__PURE__ */ withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const limit = await consumeLimit(`cadastro:ip:${context.clientIp}`, 20, 3_600_000);
  if (!limit.allowed) {
    return data(
      formError(
        "Muitos cadastros a partir desta conexão. Tente de novo mais tarde.",
        formValues(form, ["csrf", ...SECRET]),
      ),
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  // Every problem of the form in one round (issue #16): the fields and the password's strength,
  // each checked even when another field is wrong. Whether the CPF or the e-mail already has an
  // account is never said (issue #35): the answer is the same, and the e-mail tells the rest.
  const parsed = parseForm(SignUpSchema, form, { secret: SECRET });
  if (!parsed.ok) {
    const errors = { ...parsed.errors, ...passwordOnly(formValues(form), parsed.errors) };
    return data({ errors, values: parsed.values }, { status: 400 });
  }
  const { cpf, name, email, password } = parsed.data;
  startSignUp({ cpf, name, email, password }, { ...actorOf(null, request), requestId: context.requestId ?? null });
  return data({ sent: true, email, errors: {} as Record<string, string | undefined> });
});

// The 429 keeps its Retry-After on the way to the browser.
export const headers = passRetryAfter;

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

export const meta: MetaFunction = () => [{ title: "Criar conta — Portal de Credenciamento" }];
