// What the review screen and the confirmation page say about "Aprovar e emitir": what it issues,
// and why the page already knows it would be refused. Read from the rule pack's evaluation.
import type { evaluateForReview } from "~/models/review-dispatch.server";
import { formatCount } from "~/domain/format";

type Evaluation = Awaited<ReturnType<typeof evaluateForReview>>["result"];

/**
 * What "Aprovar e emitir" issues: the credentials of the category (a company's certificate is
 * issued by its own approval) and, where the law has a vistoria, its seal.
 */
export function credentialsToIssue(result: Evaluation, withVistoria: boolean) {
  const listed = result.credentials
    .filter((c) => c.type !== "CERTIFICADO_OPERADOR")
    .map((c) => ({ type: c.type as string, label: c.label, validUntil: c.validUntil ?? null, citation: c.citation }));
  if (withVistoria && !listed.some((c) => c.type === "SELO_VISTORIA"))
    listed.push({
      type: "SELO_VISTORIA",
      label: "Selo de vistoria, válido até a próxima vistoria",
      validUntil: null,
      citation: "",
    });
  return listed;
}

/** Why the page already knows the approval will be refused, in one sentence; null when the checklist passes. */
export function approvalBlocked(result: Evaluation): string | null {
  if (result.eligible) return null;
  const checks = result.checks.filter((c) => c.status !== "PASS").length;
  const docs = result.requiredDocuments.filter((d) => d.status !== "ACCEPTED" && d.status !== "EXPIRING").length;
  const parts = [
    checks ? formatCount(checks, "requisito da lei pendente", "requisitos da lei pendentes") : null,
    docs ? formatCount(docs, "documento ainda não aceito", "documentos ainda não aceitos") : null,
  ].filter(Boolean);
  return `${parts.join(" e ") || "o checklist da lei não passa"}.`;
}
