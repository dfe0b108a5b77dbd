// Why an approval is refused: every unmet check and document, with its citation.
import type { EvaluationResult } from "./types";

const DOCUMENT_PROBLEM: Record<string, string> = {
  MISSING: "não enviado",
  AWAITING_REVIEW: "não analisado",
  REJECTED: "recusado",
};

/** The refusal's text, one line a problem; `subject` is who fails the law ("o requerimento", "a empresa"). */
export function unmetRequirements(result: EvaluationResult, subject: string): string {
  const checks = result.checks.filter((c) => c.status !== "PASS").map((c) => `${c.message} (${c.citation})`);
  const docs = result.requiredDocuments
    .filter((d) => d.status !== "ACCEPTED" && d.status !== "EXPIRING")
    .map((d) => {
      const problem = DOCUMENT_PROBLEM[d.status] ?? "vencido";
      // The titular's papers for a preposto: the analyst knows whom the application waits for.
      const who = d.submittedBy === "TITULAR" && d.status !== "AWAITING_REVIEW" ? ", aguardando o titular" : "";
      return `${d.label}: ${problem}${who} (${d.citation})`;
    });
  return [`Não é possível aprovar: ${subject} não cumpre a lei.`, ...checks, ...docs].join("\n");
}
