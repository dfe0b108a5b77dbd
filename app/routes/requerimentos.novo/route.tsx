import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { CategoryStep, ModeStep } from "~/components/driver/new-request-steps";
import { PreCheckList } from "~/components/driver/pre-check";
import { maskOnInput } from "~/components/driver/typing-help";
import { MunicipalityPicker } from "~/components/municipality-picker";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, fieldId } from "~/components/ui/field";
import { constraintsOf } from "~/forms/constraints";
import { zNewApplication } from "~/forms/driver";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const LIMITS = constraintsOf(zNewApplication);

export default function NewApplication() {
  const { municipalities, chosen, categories, category, modes, operators, mode, preCheck, law } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // With JavaScript, choosing an answer shows the next question at once (same page, no button).
  const submit = useSubmit();
  const advance = (event: FormEvent<HTMLFormElement>) =>
    submit(event.currentTarget, { method: "get", preventScrollReset: true, replace: true });
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  return (
    <div className="estreito">
      <h1>Novo requerimento</h1>
      <ErrorSummary errors={errors} idOf={(name) => (name === "titularCpf" ? fieldId(name) : name)} />
      <MunicipalityPicker
        question="Onde você vai trabalhar?"
        municipalities={municipalities}
        chosenSlug={chosen?.slug}
      />
      {chosen ? <CategoryStep town={chosen} categories={categories} category={category} onChange={advance} /> : null}
      {chosen && category ? (
        <ModeStep town={chosen} category={category} modes={modes} mode={mode?.mode ?? null} onChange={advance} />
      ) : null}
      {chosen && category && mode && preCheck ? (
        <Form method="post" className="cartao" onInput={maskOnInput} aria-labelledby="pre-check-titulo">
          <CsrfInput />
          <input type="hidden" name="municipio" value={chosen.slug} />
          <input type="hidden" name="categoria" value={category} />
          <input type="hidden" name="modo" value={mode.mode} />
          <h2 id="pre-check-titulo">4. O que a lei pede</h2>
          <PreCheckList check={preCheck} law={law} />
          {mode.needsOperator ? (
            <div className="campo">
              <label htmlFor="operadora">Empresa a que você está vinculado ({mode.label.toLowerCase()})</label>
              {operators.length === 0 ? (
                <p className="dica" id="operadora-dica">
                  Você ainda não tem vínculo com uma empresa em {chosen.name}. A empresa convida você pelo seu CPF;
                  depois, aceite o convite em <Link to="/vinculos">Vínculos</Link>.
                </p>
              ) : null}
              <select
                id="operadora"
                name="operadora"
                defaultValue={operators.length === 1 ? operators[0].id : ""}
                aria-describedby={operators.length === 0 ? "operadora-dica" : undefined}
              >
                <option value="">{operators.length ? "Escolha…" : "Nenhum vínculo ativo"}</option>
                {operators.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {mode.mode === "PREPOSTO" ? (
            <Field
              label="CPF do titular que indicou você"
              name="titularCpf"
              inputMode="numeric"
              error={errors.titularCpf}
              constraint={LIMITS.titularCpf}
            />
          ) : null}
          <SubmitButton busyText="Criando…">Começar o requerimento</SubmitButton>
        </Form>
      ) : null}
      <p>
        <Link to="/requerimentos">Voltar</Link>
      </p>
    </div>
  );
}

export const handle: PageHandle = { title: "Novo requerimento" };
