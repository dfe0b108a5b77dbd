// What every page of the driver's wizard needs: the owner's application and the rule pack's live
// evaluation of it (the signed-in user comes from app/http/driver-wizard.server.ts).
import { assertCan } from "~/domain/auth/permissions";
import type { EvaluationResult } from "~/domain/eligibility";
import { evaluateFor, requireOwnApplication } from "./application.server";
import type { CurrentUser } from "./user.server";

export async function ownApplicationFor<U extends CurrentUser>(
  user: U,
  id: string | undefined,
  permission: "read:application" | "update:application" = "read:application",
) {
  const app = await requireOwnApplication(id, user.id);
  assertCan(user, permission, { ownerUserId: app.person?.userId });
  const { pack, result } = await evaluateFor(app);
  return { user, app, pack, result };
}

export type WizardStep = { key: "dados" | "veiculo" | "documentos" | "revisao"; label: string; done: boolean };

const PERSON_CHECKS = /^(min_age|cnh|residence|incompatible|id_card|blood)/;
const VEHICLE_CHECKS = /^(vehicle|one_vehicle|service_exclusivity)/;

/** The wizard's steps and whether the rule pack still waits for something in each. */
export function wizardSteps(result: EvaluationResult, hasVehicle: boolean): WizardStep[] {
  const pendingPerson = result.checks.some((c) => PERSON_CHECKS.test(c.id) && c.status === "PENDING");
  const pendingVehicle = result.checks.some((c) => VEHICLE_CHECKS.test(c.id) && c.status === "PENDING");
  const missingDocs = result.requiredDocuments.some(
    (d) => d.submittedBy === "APPLICANT" && ["MISSING", "REJECTED", "EXPIRED"].includes(d.status),
  );
  const steps: WizardStep[] = [
    { key: "dados", label: "Dados pessoais", done: !pendingPerson },
    { key: "veiculo", label: "Veículo", done: !pendingVehicle },
    { key: "documentos", label: "Documentos", done: !missingDocs },
    { key: "revisao", label: "Revisão e envio", done: false },
  ];
  return hasVehicle ? steps : steps.filter((s) => s.key !== "veiculo");
}

/** Plain-language list of what the rule pack still misses or refuses, each with its citation. */
export function openItems(result: EvaluationResult) {
  return {
    failing: result.checks
      .filter((c) => c.status === "FAIL")
      .map((c) => ({ id: c.id, message: c.message, citation: c.citation })),
    pending: result.checks
      .filter((c) => c.status === "PENDING")
      .map((c) => ({ id: c.id, message: c.message, citation: c.citation })),
    documents: result.requiredDocuments
      .filter((d) => d.submittedBy === "APPLICANT" && d.status !== "ACCEPTED" && d.status !== "AWAITING_REVIEW")
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
