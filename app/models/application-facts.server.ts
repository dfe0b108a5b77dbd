// Builds the rule-pack engine's input for an application from what the database knows.
import { parseDraft } from "~/domain/applications/draft";
import {
  type DocumentOnFile,
  evaluate,
  type EvaluationInput,
  type EvaluationResult,
  type RenewalFacts,
} from "~/domain/eligibility";
import type { Category, HeldPermission, Mode, RulePack } from "~/domain/rule-packs";
import { db } from "~/utils/db.server";
import { activeLink } from "./driver-standing.server";

type ApplicationForFacts = {
  id: string;
  municipalityId: string;
  category: string;
  mode: string;
  personId: string | null;
  linkedOperatorId: string | null;
  draftJson: string;
  renewalOfId?: string | null;
};

/**
 * The newest unreplaced document of each type. A renewal carries over the newest accepted ones of
 * the whole renewal chain for types not sent again; the engine re-asks those that run out (ADR 057).
 */
export async function currentDocuments(appOrId: string | { id: string; renewalOfId?: string | null }) {
  const app =
    typeof appOrId === "string"
      ? await db.application.findUniqueOrThrow({ where: { id: appOrId }, select: { id: true, renewalOfId: true } })
      : appOrId;
  const ids = [app.id];
  for (let previous = app.renewalOfId ?? null; previous && !ids.includes(previous);) {
    ids.push(previous);
    previous =
      (await db.application.findUnique({ where: { id: previous }, select: { renewalOfId: true } }))?.renewalOfId ??
      null;
  }
  const docs = await db.document.findMany({
    where: { applicationId: { in: ids }, replacedById: null },
    orderBy: { createdAt: "desc" },
  });
  const seen = new Set<string>();
  const own = docs.filter((d) => d.applicationId === app.id);
  const carried = docs.filter((d) => d.applicationId !== app.id && d.reviewStatus === "ACCEPTED");
  return [...own, ...carried].filter((d) => (seen.has(d.type) ? false : (seen.add(d.type), true)));
}

const IN_FORCE = { in: ["ACTIVE", "SUSPENDED"] };

/**
 * What counts against each quota here, the applicant's own excluded (a renewal replaces them): a
 * permission once per holder in the quota's modes (a preposto's certificate is not one, Patrocínio
 * art. 10); a vehicle once, whatever the city issues for it.
 */
async function quotaFacts(municipalityId: string, category: string, pack: RulePack, personId: string | null) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: municipalityId } });
  const modesOf = (unit: string) =>
    pack.quotas.filter((q) => q.unit === unit && q.categories.includes(category as Category)).flatMap((q) => q.modes);
  const base = {
    municipalityId,
    category,
    status: IN_FORCE,
    ...(personId ? { NOT: { holderPersonId: personId } } : {}),
  };
  const distinct = async (where: object, by: "holderPersonId" | "vehicleId") =>
    (await db.credential.findMany({ where, select: { [by]: true }, distinct: [by] })).length;
  const [permissions, concessions, vehicles] = await Promise.all([
    distinct(
      { ...base, holderPersonId: { not: null }, application: { mode: { in: modesOf("PERMISSAO") } } },
      "holderPersonId",
    ),
    db.credential.count({ where: { municipalityId, category, type: "CERTIFICADO_OPERADOR", status: IN_FORCE } }),
    distinct({ ...base, vehicleId: { not: null }, holderPersonId: { not: null } }, "vehicleId"),
  ]);
  return {
    population: municipality.population,
    inForce: { PERMISSAO: permissions, CONCESSAO: concessions, VEICULO: vehicles },
  };
}

/**
 * Other vehicles the person serves with here (Itaúna art. 5º, parágrafo único; Patrocínio art. 6º,
 * § 2º), except this vehicle and this category's credentials, which approval replaces.
 */
async function otherVehicles(
  personId: string,
  municipalityId: string,
  category: string,
  plate: string | null | undefined,
) {
  const rows = await db.credential.findMany({
    where: {
      holderPersonId: personId,
      municipalityId,
      status: IN_FORCE,
      plate: { not: null },
      NOT: [{ category }, ...(plate ? [{ plate }] : [])],
    },
    select: { plate: true },
    distinct: ["plate"],
  });
  return rows.length;
}

export async function evaluationInput(
  app: ApplicationForFacts,
  pack: RulePack,
  date: string,
): Promise<EvaluationInput> {
  const person = app.personId ? await db.person.findUnique({ where: { id: app.personId } }) : null;
  const draft = parseDraft(app.draftJson);
  const v = draft.vehicle;
  // The operator's facts come only through a bond the operator initiated and the driver accepted.
  const link = await activeLink(app.personId, app.linkedOperatorId);
  const operator = link ? await db.operator.findUnique({ where: { id: link.operatorId } }) : null;
  const documents = await documentsOnFile(app);
  const otherRegisteredVehicles = person
    ? await otherVehicles(person.id, app.municipalityId, app.category, v.plate)
    : null;
  return {
    pack,
    category: app.category as Category,
    mode: app.mode as Mode,
    date,
    person: person
      ? {
          birthDate: person.birthDate,
          cnhCategory: person.cnhCategory as never,
          cnhFirstLicenseDate: person.cnhFirstLicenseDate,
          cnhEar: person.cnhEar,
          residenceMunicipalityIbge: person.residenceMunicipalityIbge,
          heldPermissions: JSON.parse(person.heldPermissionsJson) as HeldPermission[],
          otherRegisteredVehicles,
          bloodType: person.bloodType as never,
        }
      : {},
    vehicle: {
      plate: v.plate,
      manufactureYear: v.manufactureYear,
      firstRegistrationDate: v.firstRegistrationDate,
      displacementCc: v.displacementCc,
      doors: v.doors,
      passengerSeats: v.passengerSeats,
      registrationCategory: v.registrationCategory,
      // The wizard asks "licensed here?"; any code other than the municipality's means "elsewhere".
      licensingMunicipalityIbge:
        v.licensedInMunicipality === undefined ? null : v.licensedInMunicipality ? pack.municipality.ibge : "0000000",
      ownerKind: v.ownerKind,
      leased: v.leased,
      usedForCargo: v.usedForCargo,
      usedForPassengers: v.usedForPassengers,
      licensingUpToDate: v.licensingUpToDate,
      // The wizard keeps it as controlNumber; the card check reads it as operatorControlNumber (Jardim art. 22, b).
      operatorControlNumber: v.controlNumber,
    },
    operator: operator
      ? {
          name: operator.legalName,
          credentialed: operator.status === "ACTIVE",
          // Unknown (PENDING: "aguardando a operadora") until the operator declares it in its portal.
          reportedDriverData: link?.driverDataSentOn ? true : null,
        }
      : null,
    documents,
    quota: await quotaFacts(app.municipalityId, app.category, pack, app.personId),
    renewal: await renewalFacts(app),
  };
}

/** The application's documents for the engine; a renewal's carried ones are flagged `carried` (ADR 057). */
export async function documentsOnFile(app: { id: string; renewalOfId?: string | null }): Promise<DocumentOnFile[]> {
  return (await currentDocuments(app)).map((d) => ({
    type: d.type,
    issueDate: d.issueDate,
    expiryDate: d.expiryDate,
    reviewState: d.reviewStatus as DocumentOnFile["reviewState"],
    reason: d.reviewReason,
    ...(d.applicationId !== app.id ? { carried: true } : {}),
  }));
}

/** A renewal's previous last day per credential type, revoked aside: the new validity follows it (ADR 057). */
export async function renewalFacts(app: { renewalOfId?: string | null }): Promise<RenewalFacts | null> {
  if (!app.renewalOfId) return null;
  const rows = await db.credential.findMany({
    where: { applicationId: app.renewalOfId, status: { not: "REVOKED" } },
    select: { type: true, validUntil: true },
  });
  const latest = new Map<string, string>();
  for (const r of rows) if ((latest.get(r.type) ?? "") < r.validUntil) latest.set(r.type, r.validUntil);
  return { previous: [...latest].map(([type, validUntil]) => ({ type, validUntil })) };
}

export async function evaluateApplication(
  app: ApplicationForFacts,
  pack: RulePack,
  date: string,
): Promise<EvaluationResult> {
  return evaluate(await evaluationInput(app, pack, date));
}
