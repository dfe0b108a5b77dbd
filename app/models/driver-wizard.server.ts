// What every page of the driver's wizard needs: the owner's application and the rule pack's live
// evaluation of it (the signed-in user comes from app/http/driver-wizard.server.ts).
import { assertCan } from "~/domain/auth/permissions";
import type { EvaluationResult } from "~/domain/eligibility";
import type { HomeApplication, HomeCredential } from "~/domain/applications/next-step";
import type { ApplicationStatus } from "~/domain/applications/status";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { verdictFor, type CredentialStatus } from "~/domain/credentials/status";
import { civilDate } from "~/domain/time";
import { evaluateFor, getApplication, listOwnApplications, requireOwnApplication } from "./application.server";
import { credentialsOfUser } from "./credential.server";
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

/**
 * The states the driver's home reads (app/domain/applications/next-step.ts): each open application
 * with its wizard progress, the documents still to send and since when it is in its status; the
 * crachás in force. Closed applications are not evaluated.
 */
export async function driverHome(
  userId: string,
  instant: Date,
): Promise<{
  applications: HomeApplication[];
  credentials: HomeCredential[];
}> {
  const listed = await listOwnApplications(userId);
  const applications: HomeApplication[] = [];
  for (const row of listed.filter((a) => HOME_STATUSES.includes(a.status as ApplicationStatus))) {
    const app = await getApplication(row.id);
    if (!app?.person) continue;
    const { result } = await evaluateFor(app);
    const changed = [...app.history].reverse().find((h) => h.toStatus === app.status);
    const zone = app.municipality.timeZone;
    applications.push({
      id: app.id,
      number: app.number,
      status: app.status as ApplicationStatus,
      what: `${CATEGORY_LABELS[app.category] ?? app.category} em ${app.municipality.name} (${app.municipality.uf})`,
      steps: wizardSteps(result, true),
      documents: openItems(result).documents.map((d) => ({ label: d.label, status: d.status, reason: d.reason })),
      since: changed ? civilDate(changed.at, zone) : null,
      reason: app.status === "CHANGES_REQUESTED" ? (changed?.reason ?? null) : null,
    });
  }
  const { credentials } = await credentialsOfUser(userId, instant);
  return {
    applications,
    credentials: credentials
      .filter((c) => c.type === "CRACHA")
      .map((c) => ({
        id: c.id,
        label: `${CREDENTIAL_TYPE_LABELS[c.type]} — ${CATEGORY_LABELS[c.category] ?? c.category}`,
        serial: c.serial,
        valid:
          verdictFor(
            { status: c.status as CredentialStatus, validFrom: c.validFrom, validUntil: c.validUntil },
            civilDate(instant, c.municipality.timeZone),
          ) === "VALID",
      })),
  };
}

const HOME_STATUSES: readonly ApplicationStatus[] = [
  "DRAFT",
  "CHANGES_REQUESTED",
  "SUBMITTED",
  "RESUBMITTED",
  "IN_REVIEW",
  "APPROVED",
];
