// Staff screens review drivers' and companies' applications alike; these two functions pick the
// evaluation and the issuance that fit the application's subject.
import type { Actor } from "~/utils/audit.server";
import { evaluateFor, type ApplicationWithRelations } from "./application.server";
import { approveAndIssue } from "./approval.server";
import { evaluateOperatorApplication } from "./operator-application.server";
import { approveOperatorAndIssue } from "./operator-approval.server";

export function evaluateForReview(app: ApplicationWithRelations) {
  return app.subject === "OPERATOR" ? evaluateOperatorApplication(app) : evaluateFor(app);
}

export function approveForReview(app: { id: string; subject: string }, municipalityId: string, actor: Actor) {
  return app.subject === "OPERATOR"
    ? approveOperatorAndIssue(app.id, municipalityId, actor)
    : approveAndIssue(app.id, municipalityId, actor);
}
