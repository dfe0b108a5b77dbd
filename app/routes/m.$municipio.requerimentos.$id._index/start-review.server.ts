import { invalid } from "~/domain/refusal";
import { zStartReview } from "~/forms/back-office";
import { startReview } from "~/models/review.server";
import { parseForm } from "~/utils/forms";
import type { Intent } from "./route.server";

export const startReviewIntent: Intent = async ({ app, municipality, actor, form, done }) => {
  const parsed = parseForm(zStartReview, form);
  if (!parsed.ok) throw invalid("Pedido inválido.");
  await startReview(app.id, municipality.id, actor, parsed.data.expected);
  return done("analise", "documentos");
};
