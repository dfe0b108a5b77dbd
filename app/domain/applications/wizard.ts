// The driver's wizard steps and what each still misses, from the pack's evaluation (pure).
import type { EvaluationResult } from "~/domain/eligibility";
import { needsFile } from "../eligibility/document-status";

type WizardStepKey = "dados" | "veiculo" | "documentos" | "revisao";
type WizardStep = { key: WizardStepKey; label: string; done: boolean };

const PERSON_CHECKS = /^(min_age|cnh|residence|incompatible|id_card|blood)/;
const VEHICLE_CHECKS = /^(vehicle|one_vehicle|service_exclusivity)/;

/** The wizard's steps and whether the rule pack still waits for something in each. */
export function wizardSteps(result: EvaluationResult): WizardStep[] {
  const pendingPerson = result.checks.some((c) => PERSON_CHECKS.test(c.id) && c.status === "PENDING");
  const pendingVehicle = result.checks.some((c) => VEHICLE_CHECKS.test(c.id) && c.status === "PENDING");
  const missingDocs = result.requiredDocuments.some((d) => d.submittedBy === "REQUERENTE" && needsFile(d.status));
  return [
    { key: "dados", label: "Dados pessoais", done: !pendingPerson },
    { key: "veiculo", label: "Veículo", done: !pendingVehicle },
    { key: "documentos", label: "Documentos", done: !missingDocs },
    { key: "revisao", label: "Revisão e envio", done: false },
  ];
}

/** The step to continue from: the first one not done (the last, review, when all are). */
export function currentStepIndex(steps: readonly { done: boolean }[]): number {
  const index = steps.findIndex((s) => !s.done);
  return index === -1 ? steps.length - 1 : index;
}

/** Plain-language list of what the rule pack still misses or refuses, each with its citation. */
/**
 * One line per thing to do: two rules waiting on the same answer (the town's minimum cylinder
 * capacity and the federal one, say) ask it once, with both citations.
 */
function oncePerMessage<T extends { id: string; message: string; citation: string }>(items: T[]): T[] {
  const byMessage = new Map<string, { item: T; citations: string[] }>();
  for (const item of items) {
    const seen = byMessage.get(item.message);
    if (!seen) byMessage.set(item.message, { item, citations: [item.citation] });
    else if (!seen.citations.includes(item.citation)) seen.citations.push(item.citation);
  }
  return [...byMessage.values()].map(({ item, citations }) => ({ ...item, citation: citations.join("; ") }));
}

export function openItems(result: EvaluationResult) {
  const check = (c: EvaluationResult["checks"][number]) => ({ id: c.id, message: c.message, citation: c.citation });
  return {
    failing: result.checks.filter((c) => c.status === "FAIL").map(check),
    pending: oncePerMessage(result.checks.filter((c) => c.status === "PENDING").map(check)),
    documents: result.requiredDocuments
      .filter((d) => d.submittedBy === "REQUERENTE" && d.status !== "ACCEPTED" && d.status !== "AWAITING_REVIEW")
      .map((d) => ({
        type: d.type,
        label: d.label,
        status: d.status,
        citation: d.citation,
        reason: d.reason ?? null,
        expiresOn: d.expiresOn ?? null,
      })),
  };
}

type OpenItems = ReturnType<typeof openItems>;

/** What every step page's frame shows: the steps (progress) and the "O que falta" list. */
export function wizardProgress(result: EvaluationResult): { steps: WizardStep[]; open: OpenItems } {
  return { steps: wizardSteps(result), open: openItems(result) };
}
