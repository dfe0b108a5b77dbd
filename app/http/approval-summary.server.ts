// What the review and confirmation pages say about "Aprovar e emitir", from the rule pack's evaluation.
import { formatCount } from "~/domain/format";
import type { evaluateForReview } from "~/models/review-dispatch.server";

type Evaluation = Awaited<ReturnType<typeof evaluateForReview>>["result"];

/** What "Aprovar e emitir" issues: the credentials the law gives the category and mode, as
 * approveAndIssue signs them (a company's certificate comes with its own approval). */
export function credentialsToIssue(result: Evaluation) {
  return result.credentials
    .filter((c) => c.type !== "CERTIFICADO_OPERADOR")
    .map((c) => ({ type: c.type as string, label: c.label, validUntil: c.validUntil ?? null, citation: c.citation }));
}

/** Why the approval would be refused, in one sentence, or null. `vistoria`: the citation of a vistoria
 * still to pass, which blocks approval like an unmet requirement. */
export function approvalBlocked(result: Evaluation, vistoria: string | null): string | null {
  if (result.eligible && !vistoria) return null;
  const checks = result.checks.filter((c) => c.status !== "PASS").length;
  const docs = result.requiredDocuments.filter((d) => d.status !== "ACCEPTED" && d.status !== "EXPIRING").length;
  const parts = [
    checks ? formatCount(checks, "requisito da lei pendente", "requisitos da lei pendentes") : null,
    docs ? formatCount(docs, "documento ainda não aceito", "documentos ainda não aceitos") : null,
    vistoria ? `a vistoria do veículo ainda não foi aprovada (${vistoria})` : null,
  ].filter(Boolean);
  return `${parts.join(" e ") || "o checklist da lei não passa"}.`;
}
