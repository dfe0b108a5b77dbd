// Passengers' reports about a credential they checked: anonymous unless a contact is left, read by
// the credential's municipality. Abuse control is the route's, before anything here runs.
import type { PassengerReportKind } from "~/domain/credentials/passenger-report";
import { afterAnswer } from "~/utils/after-answer.server";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";

export {
  PASSENGER_REPORT_KIND_LABELS,
  PASSENGER_REPORT_KINDS,
  type PassengerReportKind,
} from "~/domain/credentials/passenger-report";

type NewPassengerReport = { serial: string; kind: PassengerReportKind; message: string; contact: string | null };

/** The credential a report is about (by its printed serial); null when there is none. */
const reportTarget = (serial: string) =>
  db.credential.findUnique({ where: { serial }, select: { id: true, serial: true, municipalityId: true } });

/**
 * Stores a report after the answer (afterAnswer), so the passenger is thanked alike whether or not
 * the code names a credential (issue #35: the answer told which serials exist).
 */
export function startPassengerReport(input: NewPassengerReport, actor: Actor): void {
  afterAnswer("Relato de passageiro", () => createPassengerReport(input, actor));
}

/** Stores the report against the credential's municipality; null when the serial is unknown. */
async function createPassengerReport(input: NewPassengerReport, actor: Actor) {
  const credential = await reportTarget(input.serial);
  if (!credential) return null;
  return db.$transaction(async (tx) => {
    const report = await tx.passengerReport.create({
      data: {
        municipalityId: credential.municipalityId,
        credentialId: credential.id,
        serial: credential.serial,
        kind: input.kind,
        message: input.message,
        contact: input.contact,
      },
    });
    // The audit trail records that a report exists, not what it says or who left it.
    await audit(tx, actor, {
      action: "passenger_report.create",
      subjectType: "PassengerReport",
      subjectId: report.id,
      municipalityId: credential.municipalityId,
      after: { kind: input.kind, serial: credential.serial },
    });
    return report;
  });
}

/** The municipality's reports, newest first, each with the credential it is about. */
export async function listPassengerReports(municipalityId: string, opts: { status?: string; take?: number } = {}) {
  const reports = await db.passengerReport.findMany({
    where: { municipalityId, ...(opts.status ? { status: opts.status } : {}) },
    orderBy: { createdAt: "desc" },
    take: opts.take ?? 100,
  });
  const ids = [...new Set(reports.map((r) => r.credentialId).filter((x): x is string => Boolean(x)))];
  const credentials = ids.length
    ? await db.credential.findMany({
        where: { id: { in: ids }, municipalityId },
        select: {
          id: true,
          serial: true,
          holderDisplayName: true,
          plate: true,
          category: true,
          status: true,
          operatorName: true,
        },
      })
    : [];
  const byId = new Map(credentials.map((c) => [c.id, c]));
  return reports.map((r) => ({ ...r, credential: r.credentialId ? (byId.get(r.credentialId) ?? null) : null }));
}
