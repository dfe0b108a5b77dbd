import { assignToMe } from "~/models/review.server";
import type { Intent } from "./route.server";

/** "assign" and "take_over": the application becomes the analyst's. */
export const assign: Intent = async ({ app, municipality, actor, intent, done }) => {
  await assignToMe(app.id, municipality.id, actor, { takeOver: intent === "take_over" });
  return done("atribuido");
};
