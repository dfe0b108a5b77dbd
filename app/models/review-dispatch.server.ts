// Staff screens review drivers' and companies' applications alike; these pick what fits the subject.
import type { Actor } from "~/utils/audit.server";
import { type ApplicationWithRelations, evaluateFor } from "./application.server";
import { approveAndIssue } from "./approval.server";
import { evaluateOperatorApplication } from "./operator-application.server";
import { approveOperatorAndIssue } from "./operator-approval.server";
import { assertApprover } from "./review.server";
import { pendingVistoria } from "./vistoria.server";

export function evaluateForReview(app: ApplicationWithRelations) {
  return app.subject === "OPERADORA" ? evaluateOperatorApplication(app) : evaluateFor(app);
}

/** The law's citation while a driver's approval waits for the vehicle's vistoria; a company's approval has none. */
export function vistoriaBeforeApproval(app: ApplicationWithRelations): Promise<string | null> {
  return app.subject === "OPERADORA" ? Promise.resolve(null) : pendingVistoria(app);
}

/**
 * "Aprovar e emitir", refused before any work: 403 by segregation (ADR 051), 409 to anyone but the
 * assignee; the approval checks the rule again inside its transaction.
 */
export async function approveForReview(app: { id: string; subject: string }, municipalityId: string, actor: Actor) {
  await assertApprover(app.id, municipalityId, actor.userId);
  return app.subject === "OPERADORA"
    ? approveOperatorAndIssue(app.id, municipalityId, actor)
    : approveAndIssue(app.id, municipalityId, actor);
}
