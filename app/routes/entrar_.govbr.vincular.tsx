import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { withRefusals } from "~/http/refusal.server";
import { passRetryAfter } from "~/http/route-headers";
import { actorOf } from "~/http/permissions.server";
import { govbrFailure, govbrLinkToken, signedIn } from "~/http/govbr.server";
import { heldGovbrLink, linkGovbrAccount } from "~/models/govbr.server";
import { zGovbrLink } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { formError, parseForm } from "~/utils/forms";
import { formatCount } from "~/domain/format";
import { Field } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { GovbrFailure } from "~/components/govbr";

// "Vincular sua conta gov.br" (ADR 038): gov.br confirmed a CPF that already has a portal
// account; it is linked only once the account's own password is proved here.

const limits = constraintsOf(zGovbrLink);
const PASSWORD = { label: "Senha do portal", name: "password", type: "password", autoComplete: "current-password" };

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const token = govbrLinkToken(request);
  const held = token ? await heldGovbrLink(token) : null;
  if (!held) return govbrFailure("expired", 400);
  return data(
    { error: null, name: held.name, emailHint: held.emailHint },
    { headers: { "Cache-Control": "no-store" } },
  );
});

export const action = /* @__PURE__ */ withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(zGovbrLink, form, { secret: ["password"] });
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const token = govbrLinkToken(request);
  const result = token
    ? await linkGovbrAccount(token, parsed.data.password, context.clientIp ?? "desconhecido", actorOf(null, request))
    : ({ ok: false, reason: "expired" } as const);
  if (result.ok) throw await signedIn(request, result.userId, result.signIn, result);
  if (result.reason === "throttled") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data(formError(`Muitas tentativas. Aguarde ${formatCount(minutes, "minuto", "minutos")} e tente de novo.`), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.reason === "expired") return govbrFailure("expired", 400);
  return data(formError("Senha incorreta. Nada foi vinculado."), { status: 400 });
});

export const headers = passRetryAfter;

export default function GovbrLink() {
  const loaded = useLoaderData<typeof loader>();
  const { errors, error } = useFormResult();
  if (loaded.error !== null) return <GovbrFailure message={loaded.error} />;
  return (
    <div className="cartao estreito">
      <h1>Vincular sua conta gov.br</h1>
      <p>
        O gov.br confirmou o CPF de <strong>{loaded.name}</strong>, que já tem conta neste portal (e-mail{" "}
        {loaded.emailHint}). Para vincular as duas, informe a senha do portal uma vez; depois, basta entrar com gov.br.
      </p>
      <ErrorSummary errors={errors} error={error} />
      <Form method="post" noValidate>
        <CsrfInput />
        <Field {...PASSWORD} error={errors.password} constraint={limits.password} />
        <SubmitButton busyText="Vinculando…">Vincular e entrar</SubmitButton>
      </Form>
      <p>
        <Link to="/senha/esqueci">Esqueci a senha do portal</Link> (o link chega no e-mail da conta; depois, entre com
        gov.br de novo).
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Vincular sua conta gov.br — Portal de Credenciamento" }];
