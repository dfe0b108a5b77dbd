import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { type PersonForm, personFormFor } from "~/domain/applications/person-form";
import { wizardProgress } from "~/domain/applications/wizard";
import type { PersonField } from "~/domain/facts";
import { loadOwnApplication, saveStep, stepQuestions } from "~/http/driver-wizard.server";
import { withRefusals } from "~/http/refusal.server";
import { personFormValues, savePerson } from "~/models/person.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const owned = await loadOwnApplication(request, params.id);
  const { app, pack, result } = owned;
  return {
    app: { id: app.id, number: app.number, municipality: app.municipality.name },
    values: personFormValues(app.person!, pack.municipality.ibge),
    questions: stepQuestions(owned, "person"),
    ...wizardProgress(result),
  };
});

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) =>
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
