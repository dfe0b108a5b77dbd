import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { constraintsOf } from "~/forms/constraints";
import { wizardProgress } from "~/domain/applications/wizard";
import { loadOwnApplication, saveStep, stepQuestions } from "~/http/driver-wizard.server";
import { personFormValues, savePerson } from "~/models/person.server";
import { personFormFor, zPersonFields, type PersonForm } from "~/domain/applications/person-form";
import type { PersonField } from "~/domain/facts";
import { wizardLinks } from "~/components/driver/wizard-frame";
import { FactStep } from "~/components/driver/fact-step";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const owned = await loadOwnApplication(request, params.id);
  const { app, pack, result } = owned;
  return {
    app: { id: app.id, number: app.number, municipality: app.municipality.name },
    values: personFormValues(app.person!, pack.municipality.ibge),
    questions: stepQuestions(owned, "person"),
    ...wizardProgress(result),
  };
});

const LIMITS = constraintsOf(zPersonFields);

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) =>
  saveStep<PersonField, PersonForm>(request, params.id, {
    subject: "person",
    schemaFor:
      ({ result }) =>
      (fields) =>
        personFormFor(fields, result.date),
    lists: ["heldPermissions"],
    save: ({ app, pack, actor }, part) =>
      savePerson(app.person!.id, part.data, part.fields, pack.municipality.ibge, actor, app.municipalityId),
    next: "veiculo",
  }),
);

/** A refused step still saved its valid answers: the "O que falta" list is read again after every post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export default function PersonalData() {
  const { app, values, questions, steps, open } = useLoaderData<typeof loader>();
  return (
    <FactStep
      app={app}
      title="Dados pessoais"
      current="dados"
      steps={steps}
      open={open}
      questions={questions}
      saved={values}
      limits={LIMITS}
      hint={`Pedimos só o que a lei de ${app.municipality} exige para esta atividade; CPF e e-mail vêm da sua conta.`}
    />
  );
}

export const links: LinksFunction = wizardLinks;

export const meta: MetaFunction = () => [{ title: "Dados pessoais — Portal de Credenciamento" }];
