// The operator's fleet: vehicles in the company's name (or leased where the law allows), checked
// against the pack's vehicle rules for its linked drivers and, where the law limits motorcycles by
// population, against the quota; the drivers of each vehicle; its vistoria and seal.
import { conflict, invalid, notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { civilDate } from "~/domain/time";
import { timeZoneOfOperator } from "./municipality.server";
import { evaluate, EvaluationError, quotaChecks } from "~/domain/eligibility";
import { verdictFor, type CredentialStatus } from "~/domain/credentials/status";
import { isValidCnpj, normalizeCnpj, normalizeCpf } from "~/domain/br";
import {
  offers,
  rulesFor,
  type Category,
  type OwnerKind,
  type RegistrationCategory,
  type RulePack,
} from "~/domain/rule-packs";
import { activePack } from "./rule-pack.server";
import { countInForce } from "./population.server";
import { operatorCategory } from "./operator.server";
import { controlNumberRule, vehicleSharing } from "./operator-policy.server";
import { isId } from "~/domain/ids";
import { formatCount } from "~/domain/format";

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

type OperatorRef = { id: string; municipalityId: string; cnpj: string };

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

/** Motorcycles counted against a vehicle quota: the fleets registered in the municipality, or the seals in force if more. */
export async function vehiclesInForce(municipalityId: string, category: string): Promise<number> {
  const [fleet, seals] = await Promise.all([
    db.vehicle.count({
      where: { operator: { municipalityId, applications: { some: { subject: "OPERATOR", category } } } },
    }),
    countInForce(municipalityId, category, "VEHICLE"),
  ]);
  return Math.max(fleet, seals);
}

/** The characteristics the rules read, as the form gave them (null when not answered): facts and stored row alike. */
const specsOf = (input: FleetVehicleInput) => ({
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
    // An older vehicle that the law still admits with a document (a mechanic's report) is judged on the driver's application.
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
    inForce: { VEHICLE: await vehiclesInForce(municipality.id, category) },
  });
  for (const q of quota)
    if (q.status === "FAIL") refusals.push(`Cota de motocicletas atingida. ${q.message} (${q.citation})`);
  return refusals;
}

/**
 * Adds a vehicle to the fleet, or refuses (400/409, nothing changed) with the provisions it
 * breaks. A plate in another company's fleet is refused; one known without a fleet joins this one.
 */
export async function addVehicle(operator: OperatorRef, input: FleetVehicleInput, actor: Actor, now = new Date()) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const pack = await activePack(municipality);
  const category = await operatorCategory(operator.id);
  if (!category) throw conflict("Empresa sem categoria de credenciamento.");
  const existing = await db.vehicle.findUnique({ where: { plate: input.plate } });
  if (existing?.operatorId === operator.id) throw conflict("Este veículo já está na frota da empresa.");
  if (existing?.operatorId) throw conflict("Esta placa está cadastrada na frota de outra empresa.");
  const control = controlNumberRule(pack);
  if (control && !input.controlNumber)
    throw invalid(`Informe o número de controle da motocicleta na empresa (${control.citation}).`);
  if (
    input.controlNumber &&
    (await db.vehicle.findFirst({ where: { operatorId: operator.id, controlNumber: input.controlNumber } }))
  ) {
    throw conflict("Este número de controle já é de outro veículo da frota.");
  }
  const ownerKind = await ownerKindOf(operator, input.ownerDocument);
  const refusals = await fleetRefusals(
    pack,
    category,
    municipality,
    input,
    ownerKind,
    civilDate(now, municipality.timeZone),
  );
  if (refusals.length) throw conflict(["O veículo não pode entrar na frota:", ...refusals].join("\n"));
  const data = {
    renavam: input.renavam ?? null,
    make: input.make ?? null,
    model: input.model ?? null,
    colour: input.colour ?? null,
    modelYear: input.modelYear ?? null,
    ...specsOf(input),
    ownerKind,
    ownerName: input.ownerName,
    ownerDocument: input.ownerDocument,
    leased: input.leased,
    controlNumber: input.controlNumber ?? null,
    operatorId: operator.id,
    licensingMunicipalityIbge:
      input.licensedInMunicipality === undefined ? null : input.licensedInMunicipality ? municipality.ibgeCode : null,
  };
  return db.$transaction(async (tx) => {
    const vehicle = existing
      ? await tx.vehicle.update({ where: { id: existing.id }, data })
      : await tx.vehicle.create({ data: { plate: input.plate, ...data } });
    await audit(tx, actor, {
      action: "fleet.add",
      subjectType: "Vehicle",
      subjectId: vehicle.id,
      municipalityId: operator.municipalityId,
      after: { plate: input.plate, ownerKind, leased: input.leased, controlNumber: input.controlNumber ?? null },
      at: now,
    });
    return vehicle;
  });
}

async function fleetVehicle(operatorId: string, vehicleId: string) {
  const v = isId(vehicleId) ? await db.vehicle.findFirst({ where: { id: vehicleId, operatorId } }) : null;
  if (!v) throw notFound("Veículo não encontrado na frota.");
  return v;
}

/** Takes the vehicle out of the fleet; its drivers stop driving it. */
export async function removeVehicle(operator: OperatorRef, vehicleId: string, actor: Actor, now = new Date()) {
  const v = await fleetVehicle(operator.id, vehicleId);
  await db.$transaction(async (tx) => {
    await tx.vehicleDriver.updateMany({ where: { vehicleId: v.id, until: null }, data: { until: now } });
    await tx.vehicle.update({ where: { id: v.id }, data: { operatorId: null } });
    await audit(tx, actor, {
      action: "fleet.remove",
      subjectType: "Vehicle",
      subjectId: v.id,
      municipalityId: operator.municipalityId,
      after: { plate: v.plate },
      at: now,
    });
  });
}

/**
 * Puts a linked driver on a vehicle: refused where the law limits the drivers of a vehicle or the
 * vehicles of a driver (with the provision), or when the driver is not an active driver here.
 */
export async function assignDriver(
  operator: OperatorRef,
  vehicleId: string,
  linkId: string,
  actor: Actor,
  now = new Date(),
) {
  const v = await fleetVehicle(operator.id, vehicleId);
  const link = await db.driverLink.findFirst({
    where: { id: linkId, operatorId: operator.id, status: "ACTIVE" },
    include: { person: true },
  });
  if (!link?.person) throw invalid("Escolha um condutor vinculado à empresa.");
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const pack = await activePack(municipality);
  const category = (await operatorCategory(operator.id)) ?? pack.categories[0].code;
  const policy = vehicleSharing(pack, category);
  const [onThis, onOthers] = await Promise.all([
    db.vehicleDriver.findMany({ where: { vehicleId: v.id, until: null } }),
    db.vehicleDriver.count({ where: { personId: link.person.id, until: null, vehicleId: { not: v.id } } }),
  ]);
  if (onThis.some((d) => d.personId === link.person!.id)) throw conflict("Este condutor já está neste veículo.");
  if (policy.maxDriversPerVehicle !== null && onThis.length >= policy.maxDriversPerVehicle) {
    throw conflict(
      `A lei admite no máximo ${formatCount(policy.maxDriversPerVehicle, "condutor", "condutores")} por veículo.`,
    );
  }
  if (policy.oneVehiclePerDriver && onOthers > 0) {
    throw conflict(
      `O condutor já dirige outro veículo, e a lei admite um só veículo por condutor (${policy.oneVehiclePerDriver.citation}).`,
    );
  }
  await db.$transaction(async (tx) => {
    const row = await tx.vehicleDriver.create({ data: { vehicleId: v.id, personId: link.person!.id, since: now } });
    await audit(tx, actor, {
      action: "fleet.assign_driver",
      subjectType: "VehicleDriver",
      subjectId: row.id,
      municipalityId: operator.municipalityId,
      after: { plate: v.plate, personId: link.person!.id },
      at: now,
    });
  });
}

export async function unassignDriver(
  operator: OperatorRef,
  vehicleId: string,
  vehicleDriverId: string,
  actor: Actor,
  now = new Date(),
) {
  const v = await fleetVehicle(operator.id, vehicleId);
  await db.$transaction(async (tx) => {
    const updated = await tx.vehicleDriver.updateMany({
      where: { id: vehicleDriverId, vehicleId: v.id, until: null },
      data: { until: now },
    });
    if (updated.count !== 1) throw conflict("Este condutor já não está no veículo.");
    await audit(tx, actor, {
      action: "fleet.unassign_driver",
      subjectType: "VehicleDriver",
      subjectId: vehicleDriverId,
      municipalityId: operator.municipalityId,
      after: { plate: v.plate },
      at: now,
    });
  });
}

/** The fleet with each vehicle's drivers, last vistoria and seal (verdict as verification would say it). */
export async function listFleet(operatorId: string, now = new Date()) {
  const day = civilDate(now, await timeZoneOfOperator(operatorId));
  const vehicles = await db.vehicle.findMany({
    where: { operatorId },
    include: {
      drivers: { where: { until: null }, include: { person: { select: { fullName: true, cpf: true } } } },
      vistorias: { orderBy: { createdAt: "desc" }, take: 1 },
      credentials: { where: { type: "SELO_VISTORIA" }, orderBy: { issuedAt: "desc" }, take: 1 },
    },
    orderBy: [{ controlNumber: "asc" }, { plate: "asc" }],
  });
  return vehicles.map((v) => {
    const seal = v.credentials[0];
    return {
      ...v,
      vistoria: v.vistorias[0]
        ? {
            status: v.vistorias[0].status,
            validUntil: v.vistorias[0].validUntil,
            scheduledFor: v.vistorias[0].scheduledFor,
          }
        : null,
      seal: seal
        ? {
            serial: seal.serial,
            validUntil: seal.validUntil,
            verdict: verdictFor(
              { status: seal.status as CredentialStatus, validFrom: seal.validFrom, validUntil: seal.validUntil },
              day,
            ),
          }
        : null,
    };
  });
}

/** Where the fleet stands against the vehicle quota (for the fleet page). */
export async function fleetQuota(pack: RulePack, category: Category, municipality: { id: string; population: number }) {
  const inForce = await vehiclesInForce(municipality.id, category);
  return quotaChecks(pack, category, "VINCULADO", {
    population: municipality.population,
    inForce: { VEHICLE: inForce },
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

export const countVehicles = (operatorId: string) => db.vehicle.count({ where: { operatorId } });
