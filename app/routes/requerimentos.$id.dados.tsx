import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { actorOf } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { formValues } from "~/utils/forms";
import { openItems, wizardSteps } from "~/models/driver-wizard.server";
import { loadOwnApplication } from "~/http/driver-wizard.server";
import { assertEditable } from "~/models/application.server";
import { personFormValues, savePerson } from "~/models/person.server";
import { personFormFor } from "~/domain/applications/person-form";
import { driverQuestions, questionFields, type PersonField } from "~/domain/facts";
import type { Category, Mode } from "~/domain/rule-packs";
import type { ApplicationStatus } from "~/domain/applications/status";
import { WizardFrame } from "~/components/driver/wizard-frame";
import { FactQuestions } from "~/components/driver/fact-questions";
import { CsrfInput } from "~/components/csrf-input";
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

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { user, app, pack, result } = await loadOwnApplication(request, params.id, "update:application");
  assertEditable(app.status as ApplicationStatus);
  const fields = questionFields<PersonField>(
    driverQuestions(pack, app.category as Category, app.mode as Mode, "person"),
  );
  const form = await readForm(request);
  const input = { ...formValues(form), heldPermissions: form.getAll("heldPermissions").map(String) };
  const parsed = personFormFor(fields, result.date).safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return data({ errors, values: input }, { status: 400 });
  }
  await savePerson(
    app.person!.id,
    parsed.data,
    fields,
    pack.municipality.ibge,
    actorOf(user, request),
    app.municipalityId,
  );
  const next = form.get("depois") === "sair" ? `/requerimentos/${app.id}` : `/requerimentos/${app.id}/veiculo`;
  return redirect(next);
});

export default function PersonalData() {
  const { app, values: saved, questions, steps, open } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const values = (result?.values ?? saved) as Record<string, string | string[]>;
  return (
    <WizardFrame appId={app.id} number={app.number} title="Dados pessoais" steps={steps} current="dados" open={open}>
      {result?.errors ? (
        <div className="aviso erro" role="alert">
          Corrija os campos indicados. Nada do que você digitou foi perdido.
        </div>
      ) : null}
      <Form method="post" noValidate className="cartao">
        <CsrfInput />
        <p className="dica">
          Pedimos só o que a lei de {app.municipality} exige para esta atividade; CPF e e-mail vêm da sua conta.
        </p>
        <FactQuestions questions={questions} values={values} errors={errors} municipality={app.municipality} />
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

export const meta: MetaFunction = () => [{ title: "Dados pessoais — Portal de Credenciamento" }];
