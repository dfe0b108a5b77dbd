// The document checklist of a category and mode, each with its status on a date. `expiresOn` is
// the LAST valid day, inclusive (P1Y from 2024-03-10: 2025-03-10, CC art. 132, § 3º), printed
// expiries too; EXPIRING = accepted and ending within 60 days.
import {
  type Category,
  type DocumentRequirement,
  type LayeredDocument,
  layeredRules,
  type Mode,
  parameterValue,
  type RulePack,
} from "~/domain/rule-packs";
import { addDuration, compareDates, daysBetween, type IsoDate } from "./calendar";
import type { DocumentOnFile, DocumentStatus, RequiredDocument, VehicleFacts } from "./types";

export const EXPIRING_WITHIN_DAYS = 60;

/** The requirement's validity as an ISO-8601 duration ("recent" resolved to days), or null. */
export function validityOf(req: DocumentRequirement, pack: RulePack): string | null {
  switch (req.validity.kind) {
    case "DURATION":
      return req.validity.duration;
    case "RECENT":
      return `P${parameterValue(pack, req.validity.parameter)}D`;
    default:
      return null;
  }
}

interface Expiry {
  expiresOn?: IsoDate;
  /** The validity runs from the issue date, which is missing. */
  unknown: boolean;
}

function earliest(a: IsoDate | undefined, b: IsoDate | null | undefined): IsoDate | undefined {
  if (!b) return a;
  if (!a) return b;
  return compareDates(a, b) <= 0 ? a : b;
}

export function expiryOf(req: DocumentRequirement, doc: DocumentOnFile, pack: RulePack): Expiry {
  const validity = validityOf(req, pack);
  if (!validity) return { expiresOn: doc.expiryDate ?? undefined, unknown: false };
  if (!doc.issueDate) return { expiresOn: doc.expiryDate ?? undefined, unknown: true };
  return { expiresOn: earliest(addDuration(doc.issueDate, validity), doc.expiryDate), unknown: false };
}

interface Assessed {
  status: DocumentStatus;
  expiresOn?: IsoDate;
  reason?: string;
  issueDate?: IsoDate | null;
}

function assessDocument(req: DocumentRequirement, doc: DocumentOnFile, pack: RulePack, date: IsoDate): Assessed {
  const { expiresOn, unknown } = expiryOf(req, doc, pack);
  const base = { expiresOn, issueDate: doc.issueDate };
  if (doc.reviewState === "REJECTED") return { ...base, status: "REJECTED", reason: doc.reason ?? undefined };
  if (expiresOn && compareDates(date, expiresOn) > 0) return { ...base, status: "EXPIRED" };
  if (unknown)
    return {
      ...base,
      status: "AWAITING_REVIEW",
      reason: "Falta a data de emissão: sem ela não se calcula a validade.",
    };
  if (doc.reviewState === "PENDING") return { ...base, status: "AWAITING_REVIEW" };
  if (expiresOn && daysBetween(date, expiresOn) <= EXPIRING_WITHIN_DAYS) return { ...base, status: "EXPIRING" };
  return { ...base, status: "ACCEPTED" };
}

const RANK: Record<DocumentStatus, number> = {
  ACCEPTED: 0,
  EXPIRING: 0,
  AWAITING_REVIEW: 1,
  REJECTED: 2,
  EXPIRED: 3,
  MISSING: 4,
};
const FAR_FUTURE = "9999-12-31";

/** Of several uploads of one type, the one that counts: a valid accepted one first, the longest-lived. */
function best(assessed: Assessed[]): Assessed {
  return [...assessed].sort(
    (a, b) =>
      RANK[a.status] - RANK[b.status] ||
      compareDates(b.expiresOn ?? FAR_FUTURE, a.expiresOn ?? FAR_FUTURE) ||
      (b.issueDate ?? "").localeCompare(a.issueDate ?? ""),
  )[0];
}

interface DocumentConditions {
  vehicleOverMaxAge: boolean;
  vehicle: VehicleFacts;
}

function conditionHolds(req: DocumentRequirement, c: DocumentConditions): boolean {
  switch (req.condition) {
    case undefined:
      return true;
    case "VEHICLE_OVER_MAX_AGE":
      return c.vehicleOverMaxAge;
    case "VEHICLE_LEASED":
      return c.vehicle.leased === true;
  }
}

export function assessDocuments(
  pack: RulePack,
  category: Category,
  mode: Mode,
  date: IsoDate,
  onFile: readonly DocumentOnFile[],
  conditions: DocumentConditions,
  /** The checklist to assess: the pack's, with the federal baseline layered under it (default). */
  requirements: readonly LayeredDocument[] = layeredRules(pack, category, mode).documents,
): RequiredDocument[] {
  return requirements
    .filter((req) => conditionHolds(req, conditions))
    .map((req) => {
      const row: RequiredDocument = {
        type: req.type,
        label: req.label,
        citation: req.citation,
        validity: validityOf(req, pack),
        submittedBy: req.submittedBy,
        fromMunicipality: req.fromMunicipality,
        status: "MISSING",
      };
      if (req.validity.kind === "DURATION" && req.validity.citation) row.validityCitation = req.validity.citation;
      if (req.validity.kind === "OWN_EXPIRY") row.expiryOnDocument = true;
      if (req.quantity) row.quantity = req.quantity;
      if (req.alsoRequiredBy.length) row.alsoRequiredBy = req.alsoRequiredBy;
      const mine = onFile.filter((d) => d.type === req.type);
      if (mine.length === 0) return row;
      const chosen = best(mine.map((d) => assessDocument(req, d, pack, date)));
      row.status = chosen.status;
      if (chosen.expiresOn) row.expiresOn = chosen.expiresOn;
      if (chosen.reason) row.reason = chosen.reason;
      return row;
    });
}
