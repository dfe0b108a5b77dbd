import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { actorOf } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import type { ListFormValues } from "~/utils/forms";
import { parseValidPart } from "~/forms/driver";
import { constraintsOf } from "~/forms/constraints";
import { openItems, wizardSteps } from "~/models/driver-wizard.server";
import { loadOwnApplication, saveOrContinue } from "~/http/driver-wizard.server";
import { assertEditable } from "~/models/application.server";
import { personFormValues, savePerson } from "~/models/person.server";
import { personFormFor, zPersonFields } from "~/domain/applications/person-form";
import { driverQuestions, questionFields, type PersonField } from "~/domain/facts";
import type { Category, Mode } from "~/domain/rule-packs";
import type { ApplicationStatus } from "~/domain/applications/status";
import { WizardFrame, wizardLinks } from "~/components/driver/wizard-frame";
import { FactQuestions } from "~/components/driver/fact-questions";
import { RestoredNotice, useLocalDraft } from "~/components/driver/typing-help";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { app, pack, result } = await loadOwnApplication(request, params.id);
  return {
    app: { id: app.id, number: app.number, status: app.status, municipality: app.municipality.name },
    values: personFormValues(app.person!, pack.municipality.ibge),
    // Exactly the driver's facts the applicable rules read, plus name and phone (issue #20).
    questions: driverQuestions(pack, app.category as Category, app.mode as Mode, "person"),
    steps: wizardSteps(result, true),
    open: openItems(result),
  };
});

const LIMITS = constraintsOf(zPersonFields);

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { user, app, pack, result } = await loadOwnApplication(request, params.id, "update:application");
  assertEditable(app.status as ApplicationStatus);
  const fields = questionFields<PersonField>(
    driverQuestions(pack, app.category as Category, app.mode as Mode, "person"),
  );
  const form = await readForm(request);
  // The valid answers are saved even when another is refused (issue #16: nothing typed is lost).
  const part = parseValidPart((f) => personFormFor(f, result.date), fields, form, ["heldPermissions"]);
  if (part.fields.length)
    await savePerson(
      app.person!.id,
      part.data,
      part.fields,
      pack.municipality.ibge,
      actorOf(user, request),
      app.municipalityId,
    );
  return saveOrContinue(app.id, form, part, "veiculo");
});

/** A refused step still saved its valid answers: the "O que falta" list is read again after every post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export default function PersonalData() {
  const { app, values: saved, questions, steps, open } = useLoaderData<typeof loader>();
  const result = useFormResult<ListFormValues>();
  const values = result.refused ? result.values : saved;
  const draft = useLocalDraft(`rascunho:${app.id}:dados`, saved, result.refused ? result.errors : null);
  return (
    <WizardFrame appId={app.id} number={app.number} title="Dados pessoais" steps={steps} current="dados" open={open}>
      <ErrorSummary
        errors={result.errors}
        title="Salvamos os campos corretos. Corrija os indicados abaixo; nada do que você digitou foi perdido."
      />
      <RestoredNotice show={draft.restored} />
      <Form method="post" noValidate className="cartao" {...draft.form}>
        <CsrfInput />
        <p className="dica">
          Pedimos só o que a lei de {app.municipality} exige para esta atividade; CPF e e-mail vêm da sua conta.
        </p>
        <FactQuestions
          questions={questions}
          values={values}
          errors={result.errors}
          limits={LIMITS}
          municipality={app.municipality}
        />
        <div className="acoes">
          <SubmitButton busyText="Salvando…">Salvar e continuar</SubmitButton>
          <button type="submit" name="depois" value="sair" className="botao secundario">
            Salvar e sair
          </button>
        </div>
      </Form>
    </WizardFrame>
  );
}

export const links: LinksFunction = wizardLinks;

export const meta: MetaFunction = () => [{ title: "Dados pessoais — Portal de Credenciamento" }];
