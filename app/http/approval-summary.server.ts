// What the review screen and the confirmation page say about "Aprovar e emitir": what it issues,
// and why the page already knows it would be refused. Read from the rule pack's evaluation.
import type { evaluateForReview } from "~/models/review-dispatch.server";
import { formatCount } from "~/domain/format";

type Evaluation = Awaited<ReturnType<typeof evaluateForReview>>["result"];

/**
 * What "Aprovar e emitir" issues: exactly the credentials the law gives the category and mode (a
 * company's certificate is issued by its own approval) — approveAndIssue signs these and nothing
 * else. A seal is listed only where the pack issues one (Itaúna, Lavras), never for a vistoria alone.
 */
export function credentialsToIssue(result: Evaluation) {
  return result.credentials
    .filter((c) => c.type !== "CERTIFICADO_OPERADOR")
    .map((c) => ({ type: c.type as string, label: c.label, validUntil: c.validUntil ?? null, citation: c.citation }));
}

/**
 * Why the page already knows the approval will be refused, in one sentence; null when it would go
 * through. `vistoria`: the law's citation while the vehicle's vistoria is still to pass
 * (pendingVistoria), which approval refuses as much as an unmet requirement.
 */
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
