import { Form, Link, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { GovbrFailure } from "~/components/govbr";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { useFormResult } from "~/components/ui/form-result";
import { zGovbrLink } from "~/forms/account";
import { constraintsOf } from "~/forms/constraints";
import { zGovbrAccountAll } from "~/forms/govbr-account";
import type { FormErrors } from "~/utils/forms";
import type { loader } from "./route.server";

export { action, headers, loader } from "./route.server";

// "Vincular sua conta gov.br" (ADR 038, 054): gov.br confirmed a CPF and the sign-in needs one
// more step from the person. When a portal account not linked to gov.br has that CPF: its own
// password links it, or the person says it is not theirs and gets a new account of their own (the
// other is frozen for review; nothing of it is shown here, not even its name). When the CPF is new
// but gov.br did not verify an e-mail (or sent no name): the person gives it.

const limits = constraintsOf(zGovbrLink);

const accountLimits = constraintsOf(zGovbrAccountAll);

const PASSWORD = { label: "Senha do portal", name: "password", type: "password", autoComplete: "current-password" };

type Ask = { askEmail: boolean; askName: boolean; suggestedEmail: string | null };

/** The e-mail and name the new account needs from the person, when gov.br did not give them. */
function AccountFields({ ask, errors, values }: { ask: Ask; errors: FormErrors; values: Record<string, string> }) {
  return (
    <>
      {ask.askName ? (
        <Field
          label="Nome completo"
          name="name"
          defaultValue={values.name}
          error={errors.name}
          constraint={accountLimits.name}
          autoComplete="name"
        />
      ) : null}
      {ask.askEmail ? (
        <Field
          label="Seu e-mail"
          name="email"
          type="email"
          hint="Enviaremos um link para confirmá-lo."
          defaultValue={values.email ?? ask.suggestedEmail ?? undefined}
          error={errors.email}
          constraint={accountLimits.email}
          autoComplete="email"
        />
      ) : null}
    </>
  );
}

export default function GovbrLink() {
  const loaded = useLoaderData<typeof loader>();
  const { errors, error, values } = useFormResult<Record<string, string>>();
  if (loaded.error !== null) return <GovbrFailure message={loaded.error} />;
  const why = loaded.askEmail ? (
    <p>
      O gov.br não confirmou um e-mail seu{loaded.suggestedEmail ? " (o que ele informou pode não ser seu)" : ""}.
      Informe o e-mail que você usa: a conta só o considera seu depois que você abrir o link que enviaremos.
    </p>
  ) : null;
  if (!loaded.accountWithCpf) {
    return (
      <div className="cartao estreito">
        <h1>Conclua seu cadastro</h1>
        <p>O gov.br confirmou o seu CPF. Falta pouco para abrir a sua conta no portal.</p>
        {why}
        <ErrorSummary errors={errors} error={error} />
        <Form method="post" noValidate>
          <CsrfInput />
          <input type="hidden" name="intent" value="create" />
          <AccountFields ask={loaded} errors={errors} values={values} />
          <SubmitButton busyText="Criando…">Criar conta e entrar</SubmitButton>
        </Form>
      </div>
    );
  }
  return (
    <div className="cartao estreito">
      <h1>Vincular sua conta gov.br</h1>
      <p>
        O gov.br confirmou o seu CPF, e já existe uma conta neste portal com esse CPF, ainda não vinculada ao gov.br.
      </p>
      <ErrorSummary errors={errors} error={error} />
      <h2>Se a conta é sua</h2>
      <p>Informe a senha do portal uma vez para vincular as duas; depois, basta entrar com gov.br.</p>
      <Form method="post" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value="link" />
        <Field {...PASSWORD} error={errors.password} constraint={limits.password} />
        <SubmitButton busyText="Vinculando…">Vincular e entrar</SubmitButton>
      </Form>
      <p>
        <Link to="/senha/esqueci">Esqueci a senha do portal</Link> (também se a prefeitura ou uma empresa criou a conta
        para você e você ainda não definiu a senha: o link chega no e-mail da conta; depois, entre com gov.br de novo).
      </p>
      <h2>Se você não criou essa conta</h2>
      <p>
        Alguém pode ter usado o seu CPF. Abriremos uma conta nova, só sua, com o CPF confirmado pelo gov.br. A outra
        conta perde o CPF e fica bloqueada para análise da prefeitura; nada dela — requerimentos, documentos, dados —
        passa para a sua conta.
      </p>
      {why}
      <Form method="post" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value="claim" />
        <AccountFields ask={loaded} errors={errors} values={values} />
        <SubmitButton busyText="Abrindo…" className="botao secundario">
          Não criei essa conta: abrir a minha
        </SubmitButton>
      </Form>
    </div>
  );
}

export const handle: PageHandle = { title: "Vincular sua conta gov.br" };
