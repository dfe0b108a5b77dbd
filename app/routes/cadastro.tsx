import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { z } from "zod";
import { getUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { passRetryAfter } from "~/http/route-headers";
import { parseForm } from "~/utils/forms";
import { consumeLimit } from "~/utils/rate-limit.server";
import { actorOf } from "~/http/permissions.server";
import { startSession } from "~/http/session.server";
import { findConflicts, signUp } from "~/models/user.server";
import { zCpf } from "~/domain/br";
import { passwordProblem, PASSWORD_MIN } from "~/domain/auth/password-policy";
import { Field } from "~/components/ui/field";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  if (await getUser(request)) throw redirect("/painel");
  return null;
});

const SignUpSchema = z
  .object({
    cpf: zCpf,
    name: z
      .string({ error: "Informe seu nome completo." })
      .trim()
      .min(5, "Informe seu nome completo.")
      .max(120, "Nome longo demais (máximo 120 caracteres).")
      .refine((n) => n.includes(" "), "Informe nome e sobrenome."),
    email: z.string({ error: "Informe seu e-mail." }).trim().toLowerCase().max(200).email("E-mail inválido."),
    password: z.string({ error: "Crie uma senha." }),
    confirm: z.string({ error: "Repita a senha." }),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, [v.name, v.email, v.cpf, ...v.name.split(" ")]);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    else if (v.password !== v.confirm)
      ctx.addIssue({ code: "custom", path: ["confirm"], message: "As senhas não conferem." });
  });

export const action = /* @__PURE__ */ withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const limit = await consumeLimit(`cadastro:ip:${context.clientIp}`, 20, 3_600_000);
  if (!limit.allowed) {
    return data(
      {
        errors: { _form: "Muitos cadastros a partir desta conexão. Tente de novo mais tarde." } as Record<
          string,
          string | undefined
        >,
        values: {} as Record<string, string>,
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const parsed = parseForm(SignUpSchema, form, ["password", "confirm"]);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const { cpf, name, email, password } = parsed.data;
  const conflicts = await findConflicts(cpf, email);
  if (Object.keys(conflicts).length) {
    const { password: _p, confirm: _c, csrf: _x, ...values } = Object.fromEntries(form) as Record<string, string>;
    return data({ errors: conflicts, values }, { status: 400 });
  }
  const user = await signUp(
    { cpf, name, email, password },
    { ...actorOf(null, request), requestId: context.requestId ?? null },
  );
  const cookie = await startSession(request, user.id);
  return redirect("/painel?bemvindo=1", { headers: { "Set-Cookie": cookie } });
});

// The 429 keeps its Retry-After on the way to the browser.
export const headers = passRetryAfter;

export default function SignUp() {
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? {};
  return (
    <div className="cartao estreito">
      <h1>Criar conta</h1>
      <p>Use seu CPF: ele identifica você em todos os pedidos à prefeitura.</p>
      {result?.errors ? (
        <div className="aviso erro" role="alert">
          {errors._form ?? "Corrija os campos indicados abaixo."}
        </div>
      ) : null}
      <Form method="post" noValidate>
        <CsrfInput />
        <Field
          label="CPF"
          name="cpf"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={values.cpf}
          error={errors.cpf}
          hint="Somente números ou no formato 000.000.000-00."
          required
        />
        <Field
          label="Nome completo"
          name="name"
          autoComplete="name"
          defaultValue={values.name}
          error={errors.name}
          required
        />
        <Field
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
          hint="Enviaremos um link para confirmar."
          required
        />
        <Field
          label="Senha"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={`Pelo menos ${PASSWORD_MIN} caracteres; uma frase com várias palavras é fácil de lembrar e difícil de adivinhar.`}
          required
        />
        <Field
          label="Repita a senha"
          name="confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirm}
          required
        />
        <SubmitButton busyText="Criando conta…">Criar conta</SubmitButton>
      </Form>
      <p>
        Já tem conta? <Link to="/entrar">Entrar</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Criar conta — Portal de Credenciamento" }];
