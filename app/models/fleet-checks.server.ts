// The fleet's checks: a vehicle against the pack's vehicle rules and the motorcycle quota, who
// owns it, and who holds its plate (ADR 055). The fleet's writes are fleet.server.ts.
import { OPEN_STATUSES } from "~/domain/applications/status";
import { isValidCnpj, normalizeCnpj, normalizeCpf } from "~/domain/br";
import { evaluate, EvaluationError, quotaChecks } from "~/domain/eligibility";
import type { VehicleClaim, VehicleHolding } from "~/domain/operators/vehicle-tenancy";
import {
  type Category,
  offers,
  type OwnerKind,
  type RegistrationCategory,
  type RulePack,
  rulesFor,
} from "~/domain/rule-packs";
import { db, type Tx } from "~/utils/db.server";
import { countInForce } from "./population.server";

export type FleetVehicleInput = {
  plate: string;
  renavam?: string;
  make?: string;
  model?: string;
  colour?: string;
  manufactureYear?: number;
  modelYear?: number;
  firstRegistrationDate?: string;
  displacementCc?: number;
  doors?: number;
  passengerSeats?: number;
  registrationCategory?: RegistrationCategory;
  licensedInMunicipality?: boolean;
  licensingUpToDate?: boolean;
  /** CPF or CNPJ of the owner on the CRLV, normalised. */
  ownerDocument: string;
  ownerName: string;
  leased: boolean;
  controlNumber?: string;
};

export type OperatorRef = { id: string; municipalityId: string; cnpj: string };

/** Who owns the vehicle, as the pack's ownership rules see it. */
export async function ownerKindOf(operator: OperatorRef, ownerDocument: string): Promise<OwnerKind> {
  const doc =
    ownerDocument.length === 14 || isValidCnpj(ownerDocument)
      ? normalizeCnpj(ownerDocument)
      : normalizeCpf(ownerDocument);
  if (doc.length === 14) return doc === operator.cnpj ? "OPERATOR" : "OTHER_COMPANY";
  const driver = await db.driverLink.findFirst({
    where: { operatorId: operator.id, status: "ACTIVE", person: { cpf: doc } },
  });
  return driver ? "HOLDER" : "OTHER_PERSON";
}

/** Motorcycles counted against a vehicle quota: the municipality's fleets, or the seals in force if more. */
export async function vehiclesInForce(municipalityId: string, category: string): Promise<number> {
  const [fleet, seals] = await Promise.all([
    db.vehicle.count({
      where: { operator: { municipalityId, applications: { some: { subject: "OPERADORA", category } } } },
    }),
    countInForce(municipalityId, category, "VEICULO"),
  ]);
  return Math.max(fleet, seals);
}

/** The characteristics the rules read, as the form gave them (null when not answered): facts and stored row alike. */
export const specsOf = (input: FleetVehicleInput) => ({
  manufactureYear: input.manufactureYear ?? null,
  firstRegistrationDate: input.firstRegistrationDate ?? null,
  displacementCc: input.displacementCc ?? null,
  doors: input.doors ?? null,
  passengerSeats: input.passengerSeats ?? null,
  registrationCategory: input.registrationCategory ?? null,
});

/** What stops the vehicle from joining the fleet under the law: failed vehicle rules, then a full quota. */
export async function fleetRefusals(
  pack: RulePack,
  category: Category,
  municipality: { id: string; population: number },
  input: FleetVehicleInput,
  ownerKind: OwnerKind,
  date: string,
) {
  const refusals: string[] = [];
  if (offers(pack, category, "VINCULADO")) {
    // An old vehicle the law admits with a document (a mechanic's report) is judged on the driver's application.
    const skip = new Set(
      rulesFor(pack.vehicleRules, category, "VINCULADO")
        .filter((r) => r.kind === "MAX_AGE" && r.olderAllowedWith)
        .map((r) => r.id),
    );
    const ids = new Set(rulesFor(pack.vehicleRules, category, "VINCULADO").map((r) => r.id));
    try {
      const result = evaluate({
        pack,
        category,
        mode: "VINCULADO",
        date,
        vehicle: {
          plate: input.plate,
          ...specsOf(input),
          ownerKind,
          leased: input.leased,
          licensingMunicipalityIbge:
            input.licensedInMunicipality === undefined
              ? null
              : input.licensedInMunicipality
                ? pack.municipality.ibge
                : "0000000",
          licensingUpToDate: input.licensingUpToDate ?? null,
        },
      });
      for (const c of result.checks)
        if (ids.has(c.id) && !skip.has(c.id) && c.status === "FAIL") refusals.push(`${c.message} (${c.citation})`);
    } catch (e) {
      if (!(e instanceof EvaluationError)) throw e;
    }
  }
  const quota = quotaChecks(pack, category, "VINCULADO", {
    population: municipality.population,
    inForce: { VEICULO: await vehiclesInForce(municipality.id, category) },
  });
  for (const q of quota)
    if (q.status === "FAIL") refusals.push(`Cota de motocicletas atingida. ${q.message} (${q.citation})`);
  return refusals;
}

const TOWN = { select: { id: true, name: true, uf: true } } as const;
export const townOf = (m: { id: string; name: string; uf: string }) => ({ id: m.id, label: `${m.name}/${m.uf}` });

/** Who holds the plate (ADR 055), or null if never seen; read through the transaction that acts on it. */
export async function vehicleHolding(
  plate: string,
  client: Tx = db,
): Promise<(VehicleHolding & { id: string }) | null> {
  const v = await client.vehicle.findUnique({
    where: { plate },
    select: {
      id: true,
      operator: { select: { id: true, legalName: true, tradeName: true, municipality: TOWN } },
      drivers: { where: { until: null }, select: { personId: true } },
      credentials: {
        where: { status: { in: ["ACTIVE", "SUSPENDED"] } },
        select: {
          holderPersonId: true,
          holderOperatorId: true,
          municipality: TOWN,
          application: { select: { mode: true, linkedOperatorId: true } },
        },
      },
      vistorias: {
        where: { application: { status: { in: [...OPEN_STATUSES] } } },
        select: {
          municipality: TOWN,
          application: { select: { personId: true, operatorId: true, mode: true, linkedOperatorId: true } },
        },
      },
    },
  });
  if (!v) return null;
  const claims: VehicleClaim[] = [
    ...v.drivers.map((d) => ({
      kind: "DRIVER" as const,
      personId: d.personId,
      viaOperatorId: null,
      mode: null,
      town: null,
    })),
    ...v.credentials.map((c) => ({
      kind: "CREDENTIAL" as const,
      personId: c.holderPersonId,
      viaOperatorId: c.application?.linkedOperatorId ?? c.holderOperatorId,
      mode: c.application?.mode ?? null,
      town: townOf(c.municipality),
    })),
    ...v.vistorias.map((x) => ({
      kind: "PENDING" as const,
      personId: x.application?.personId ?? null,
      viaOperatorId: x.application?.linkedOperatorId ?? x.application?.operatorId ?? null,
      mode: x.application?.mode ?? null,
      town: townOf(x.municipality),
    })),
  ];
  const fleet = v.operator
    ? {
        operatorId: v.operator.id,
        name: v.operator.tradeName ?? v.operator.legalName,
        town: townOf(v.operator.municipality),
      }
    : null;
  return { id: v.id, plate, fleet, claims };
}

/** Where the fleet stands against the vehicle quota (for the fleet page). */
export async function fleetQuota(pack: RulePack, category: Category, municipality: { id: string; population: number }) {
  const inForce = await vehiclesInForce(municipality.id, category);
  return quotaChecks(pack, category, "VINCULADO", {
    population: municipality.population,
    inForce: { VEICULO: inForce },
  })
    .filter((q) => q.details.limit !== null)
    .map((q) => ({
      citation: q.citation,
      message: q.message,
      status: q.status,
      limit: q.details.limit as number | undefined,
      inForce,
    }));
}
