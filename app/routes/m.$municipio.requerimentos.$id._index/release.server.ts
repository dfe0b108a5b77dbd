import { releaseAssignment } from "~/models/review.server";
import type { Intent } from "./route.server";

export const release: Intent = async ({ app, municipality, actor, done }) => {
  await releaseAssignment(app.id, municipality.id, actor);
  return done("devolvido");
};
