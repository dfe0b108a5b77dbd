import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { constraintsOf } from "~/forms/constraints";
import { wizardProgress } from "~/domain/applications/wizard";
import { loadOwnApplication, saveStep, stepQuestions } from "~/http/driver-wizard.server";
import { saveVehicleDraft } from "~/models/application.server";
import { parseDraft, vehicleFormFor, withAnswers, zVehicleDraft, type VehicleDraft } from "~/domain/applications/draft";
import type { VehicleField } from "~/domain/facts";
import { wizardLinks } from "~/components/driver/wizard-frame";
import { FactStep } from "~/components/driver/fact-step";
import { withRefusals } from "~/http/refusal.server";

const yn = (b: boolean | undefined) => (b === undefined ? "" : b ? "sim" : "nao");

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const owned = await loadOwnApplication(request, params.id);
  const { app, result } = owned;
  const v = parseDraft(app.draftJson).vehicle;
  return {
    app: { id: app.id, number: app.number, municipality: app.municipality.name },
    questions: stepQuestions(owned, "vehicle"),
    values: Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, typeof x === "boolean" ? yn(x) : x === undefined ? "" : String(x)]),
    ) as Record<string, string>,
    ...wizardProgress(result),
  };
});

const LIMITS = constraintsOf(zVehicleDraft);

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) =>
  saveStep<VehicleField, Partial<VehicleDraft>>(request, params.id, {
    subject: "vehicle",
    schemaFor: () => vehicleFormFor,
    save: ({ app }, part) =>
      saveVehicleDraft(app, withAnswers(parseDraft(app.draftJson).vehicle, part.data, part.fields)),
    next: "documentos",
  }),
);

/** A refused step still saved its valid answers: the "O que falta" list is read again after every post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export default function Vehicle() {
  const { app, questions, values, steps, open } = useLoaderData<typeof loader>();
  return (
    <FactStep
      app={app}
      title="Veículo"
      current="veiculo"
      steps={steps}
      open={open}
      questions={questions}
      saved={values}
      limits={LIMITS}
      hint="Os dados estão no documento do veículo (CRLV)."
    />
  );
}

export const links: LinksFunction = wizardLinks;

export const meta: MetaFunction = () => [{ title: "Veículo — Portal de Credenciamento" }];
