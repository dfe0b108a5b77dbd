import { isId } from "~/domain/ids";
import { documentDecision } from "~/forms/back-office";
import { decideDocument, REJECTION_REASONS } from "~/models/document.server";
import { assertReviewer } from "~/models/review.server";
import { parseForm } from "~/utils/forms";
import type { Intent } from "./route.server";

/** Accept or reject one document, then go on to the next one waiting (or to the decision). */
export const decideDocumentIntent: Intent = async ({ app, municipality, user, actor, form, done, fail }) => {
  const parsed = parseForm(documentDecision(REJECTION_REASONS.map((r) => r.code)), form);
  if (!parsed.ok)
    return fail(400, {
      error: parsed.errors.code ?? "Pedido inválido.",
      documentId: String(form.get("documentId") ?? ""),
    });
  const d = parsed.data;
  await assertReviewer(app.id, municipality.id, user.id);
  await decideDocument(
    d.documentId,
    municipality.id,
    d.decision === "accept" ? { accept: true } : { accept: false, code: d.code as never, text: d.text ?? null },
    actor,
    { expected: d.expected },
  );
  const next =
    d.next && (d.next === "decisao" || (d.next.startsWith("doc-") && isId(d.next.slice(4))))
      ? d.next
      : `doc-${d.documentId}`;
  return done(d.decision === "accept" ? "aceito" : "recusado", next);
};
