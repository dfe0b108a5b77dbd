import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { getUser, safeRedirect } from "~/http/auth.server";
import { readForm, rotatedCsrfCookie } from "~/http/csrf.server";
import { passRetryAfter } from "~/http/route-headers";
import { formError, parseForm } from "~/utils/forms";
import { startSession } from "~/http/session.server";
import { authenticate, currentUser } from "~/models/user.server";
import { landingFor } from "~/domain/auth/landing";
import { zSignIn } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { Field } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";
import { formatCount } from "~/domain/format";
import { govbrEnabled } from "~/utils/oidc.server";
import { passwordSignInAllowed } from "~/models/govbr-policy.server";
import { GovbrButton } from "~/components/govbr";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await getUser(request);
  if (user) throw redirect(landingFor(user));
  return { govbr: govbrEnabled() };
});

const limits = constraintsOf(zSignIn);

// The same words for an unknown account and a wrong password: the form never tells which.
const INVALID = "CPF/e-mail ou senha incorretos.";
const STAFF_GOVBR_ONLY = "A prefeitura exige que a equipe entre com gov.br. Use o botão “Entrar com gov.br”.";

export const action = /* @__PURE__ */ withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(zSignIn, form, { secret: ["password"] });
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await authenticate(parsed.data.login, parsed.data.password, context.clientIp ?? "desconhecido");
  const values = { login: parsed.data.login };
  if (!result.ok && result.reason === "throttled") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data(
      formError(
        `Muitas tentativas. Aguarde ${formatCount(minutes, "minuto", "minutos")} e tente de novo, ou redefina sua senha.`,
        values,
      ),
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return data(formError(INVALID, values), { status: 400 });
  // A municipality may turn passwords off for its staff: they sign in with gov.br (ADR 038).
  if (!(await passwordSignInAllowed(result.userId))) {
    return data(formError(STAFF_GOVBR_ONLY, values), { status: 403 });
  }
  const cookie = await startSession(request, result.userId);
  // Without a page to go back to, each person lands where their work starts (a fiscal: the scanner).
  const user = await currentUser(result.userId, "");
  const landing = user ? landingFor(user) : "/painel";
  // A new session and a new CSRF token (ADR 053).
  const headers = new Headers([
    ["Set-Cookie", cookie],
    ["Set-Cookie", rotatedCsrfCookie()],
  ]);
  return redirect(safeRedirect(parsed.data.voltar, landing), { headers });
});

// Without it the 429 would reach the browser without its Retry-After.
export const headers = passRetryAfter;

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

export const meta: MetaFunction = () => [{ title: "Entrar — Portal de Credenciamento" }];
