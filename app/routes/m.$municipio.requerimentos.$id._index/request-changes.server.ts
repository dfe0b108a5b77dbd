import { isRefusal } from "~/domain/refusal";
import { zRequestChanges } from "~/forms/back-office";
import { evaluateFor } from "~/models/application.server";
import { requestChanges } from "~/models/review.server";
import { formValues, parseForm } from "~/utils/forms";
import type { Intent } from "./route.server";

/** Send the application back to the driver, with the rejected documents named as the pack calls them. */
export const requestChangesIntent: Intent = async ({ app, municipality, actor, form, done, fail }) => {
  const parsed = parseForm(zRequestChanges, form);
  if (!parsed.ok) return fail(400, { errors: parsed.errors, values: parsed.values });
  const { result } = await evaluateFor(app);
  const labels = new Map(result.requiredDocuments.map((d) => [d.type, d.label]));
  try {
    await requestChanges(app.id, municipality.id, actor, { note: parsed.data.note, labels });
  } catch (e) {
    if (isRefusal(e) && e.field === "note") return fail(400, { errors: { note: e.message }, values: formValues(form) });
    throw e;
  }
  return done("correcoes");
};
