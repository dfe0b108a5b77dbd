import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { getUser, safeRedirect } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { passRetryAfter } from "~/http/route-headers";
import { parseForm } from "~/utils/forms";
import { startSession } from "~/http/session.server";
import { authenticate } from "~/models/user.server";
import { Field } from "~/components/ui/field";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  if (await getUser(request)) throw redirect("/painel");
  return null;
});

const SignInSchema = z.object({
  login: z.string({ error: "Informe seu CPF ou e-mail." }).trim().min(3, "Informe seu CPF ou e-mail.").max(200),
  password: z.string({ error: "Informe sua senha." }).min(1, "Informe sua senha.").max(200),
  voltar: z.string().optional(),
});

// The same words for an unknown account and a wrong password: the form never tells which.
const INVALID = "CPF/e-mail ou senha incorretos.";

export const action = /* @__PURE__ */ withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(SignInSchema, form, ["password"]);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, message: null }, { status: 400 });
  const result = await authenticate(parsed.data.login, parsed.data.password, context.clientIp ?? "desconhecido");
  const values = { login: parsed.data.login };
  if (!result.ok && result.reason === "throttled") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data(
      {
        errors: {},
        values,
        message: `Muitas tentativas. Aguarde ${minutes} minuto(s) e tente de novo, ou redefina sua senha.`,
      },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return data({ errors: {}, values, message: INVALID }, { status: 400 });
  const cookie = await startSession(request, result.userId);
  return redirect(safeRedirect(parsed.data.voltar), { headers: { "Set-Cookie": cookie } });
});

// Without it the 429 would reach the browser without its Retry-After.
export const headers = passRetryAfter;

export default function SignIn() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  return (
    <div className="cartao estreito">
      <h1>Entrar</h1>
      {params.get("senha") === "redefinida" ? (
        <div className="aviso sucesso" role="status">
          Senha redefinida. Entre com a nova senha.
        </div>
      ) : null}
      {result?.message ? (
        <div className="aviso erro" role="alert">
          {result.message}
        </div>
      ) : null}
      <Form method="post" noValidate>
        <CsrfInput />
        <input type="hidden" name="voltar" value={params.get("voltar") ?? ""} />
        <Field
          label="CPF ou e-mail"
          name="login"
          autoComplete="username"
          defaultValue={result?.values?.login}
          error={errors.login}
          required
        />
        <Field
          label="Senha"
          name="password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          required
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
