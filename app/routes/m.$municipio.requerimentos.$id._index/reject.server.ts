import { zRejectApplication } from "~/forms/back-office";
import { rejectApplication } from "~/models/review.server";
import { parseForm } from "~/utils/forms";
import type { Intent } from "./route.server";

export const rejectIntent: Intent = async ({ app, municipality, actor, form, done, fail }) => {
  const parsed = parseForm(zRejectApplication, form);
  if (!parsed.ok) return fail(400, { errors: parsed.errors, values: parsed.values });
  await rejectApplication(app.id, municipality.id, actor, parsed.data);
  return done("indeferido");
};
