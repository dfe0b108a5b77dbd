import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseDraft, type VehicleDraft, vehicleFormFor, withAnswers } from "~/domain/applications/draft";
import { wizardProgress } from "~/domain/applications/wizard";
import type { VehicleField } from "~/domain/facts";
import { loadOwnApplication, saveStep, stepQuestions } from "~/http/driver-wizard.server";
import { withRefusals } from "~/http/refusal.server";
import { saveVehicleDraft } from "~/models/application.server";

const yn = (b: boolean | undefined) => (b === undefined ? "" : b ? "sim" : "nao");

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
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

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) =>
  saveStep<VehicleField, Partial<VehicleDraft>>(request, params.id, {
    subject: "vehicle",
    schemaFor: () => vehicleFormFor,
    save: ({ app }, part) =>
      saveVehicleDraft(app, withAnswers(parseDraft(app.draftJson).vehicle, part.data, part.fields)),
    next: "documentos",
  }),
);
