// Staff screens review drivers' and companies' applications alike; these functions pick the
// evaluation, the vistoria approval waits for, and the issuance that fit the application's subject.
import type { Actor } from "~/utils/audit.server";
import { evaluateFor, type ApplicationWithRelations } from "./application.server";
import { approveAndIssue } from "./approval.server";
import { evaluateOperatorApplication } from "./operator-application.server";
import { approveOperatorAndIssue } from "./operator-approval.server";
import { assertApprover } from "./review.server";
import { pendingVistoria } from "./vistoria.server";

export function evaluateForReview(app: ApplicationWithRelations) {
  return app.subject === "OPERATOR" ? evaluateOperatorApplication(app) : evaluateFor(app);
}

/** The law's citation while a driver's approval waits for the vehicle's vistoria; a company's approval has none. */
export function vistoriaBeforeApproval(app: ApplicationWithRelations): Promise<string | null> {
  return app.subject === "OPERATOR" ? Promise.resolve(null) : pendingVistoria(app);
}

/**
 * "Aprovar e emitir": refused first (403) to the people behind the application and, for a staff
 * member's application, to anyone but a gestor (ADR 051); then to anyone but the one who has it
 * (409) — before any work; the approval checks the rule again inside its transaction.
 */
export async function approveForReview(app: { id: string; subject: string }, municipalityId: string, actor: Actor) {
  await assertApprover(app.id, municipalityId, actor.userId);
  return app.subject === "OPERATOR"
    ? approveOperatorAndIssue(app.id, municipalityId, actor)
    : approveAndIssue(app.id, municipalityId, actor);
}
