// The operator's fleet: vehicles added once the checks pass (fleet-checks.server.ts), and their drivers.
import { type CredentialStatus, verdictFor } from "~/domain/credentials/status";
import { formatCount } from "~/domain/format";
import { isId } from "~/domain/ids";
import { LINK_IN_FORCE } from "~/domain/operators/driver-link";
import { fleetRefusalMessage, fleetTenancy, foreignHolds } from "~/domain/operators/vehicle-tenancy";
import { conflict, invalid, notFound } from "~/domain/refusal";
import { civilDate } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import {
  fleetRefusals,
  type FleetVehicleInput,
  type OperatorRef,
  ownerKindOf,
  specsOf,
  vehicleHolding,
} from "./fleet-checks.server";
import { timeZoneOfOperator } from "./municipality.server";
import { operatorCategory } from "./operator.server";
import { controlNumberRule, vehicleSharing } from "./operator-policy.server";
import { activePack } from "./rule-pack.server";

/**
 * Adds a vehicle, or refuses (400/409) with the provisions it breaks. A vehicle belongs to whoever
 * registered it (ADR 055): one held by a fleet or driver anywhere is refused, never rewritten.
 */
export async function addVehicle(operator: OperatorRef, input: FleetVehicleInput, actor: Actor, now = new Date()) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const pack = await activePack(municipality);
  const category = await operatorCategory(operator.id);
  if (!category) throw conflict("Empresa sem categoria de credenciamento.");
  const tenancy = fleetTenancy(await vehicleHolding(input.plate), operator.id);
  if (!tenancy.ok) throw conflict(fleetRefusalMessage(tenancy));
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
  return db
    .$transaction(async (tx) => {
      // Read again where it is written: a driver's approval in between keeps the vehicle theirs.
      const holding = await vehicleHolding(input.plate, tx);
      const still = fleetTenancy(holding, operator.id);
      if (!still.ok) throw conflict(fleetRefusalMessage(still));
      let vehicle;
      if (holding) {
        const taken = await tx.vehicle.updateMany({ where: { id: holding.id, operatorId: null }, data });
        if (taken.count !== 1) throw conflict(fleetRefusalMessage({ ok: false, reason: "HELD", towns: [] }));
        vehicle = await tx.vehicle.findUniqueOrThrow({ where: { id: holding.id } });
      } else {
        vehicle = await tx.vehicle.create({ data: { plate: input.plate, ...data } });
      }
      await audit(tx, actor, {
        action: "fleet.add",
        subjectType: "Vehicle",
        subjectId: vehicle.id,
        municipalityId: operator.municipalityId,
        after: { plate: input.plate, ownerKind, leased: input.leased, controlNumber: input.controlNumber ?? null },
        at: now,
      });
      return vehicle;
    })
    .catch((e: unknown) => {
      // The same plate registered at the same moment by someone else: theirs.
      if ((e as { code?: string }).code === "P2002")
        throw conflict(fleetRefusalMessage({ ok: false, reason: "HELD", towns: [] }));
      throw e;
    });
}

async function fleetVehicle(operatorId: string, vehicleId: string) {
  const v = isId(vehicleId) ? await db.vehicle.findFirst({ where: { id: vehicleId, operatorId } }) : null;
  if (!v) throw notFound("Veículo não encontrado na frota.");
  return v;
}

/** The company's own drivers: a bond in force with it. Only their assignments are the company's to end or list. */
const companyDriver = (operatorId: string) => ({ links: { some: { operatorId, status: LINK_IN_FORCE } } });

/** Removes the vehicle and the company's drivers from it; others' holds (pre-ADR 055) are not the company's to end. */
export async function removeVehicle(operator: OperatorRef, vehicleId: string, actor: Actor, now = new Date()) {
  const v = await fleetVehicle(operator.id, vehicleId);
  await db.$transaction(async (tx) => {
    await tx.vehicleDriver.updateMany({
      where: { vehicleId: v.id, until: null, person: companyDriver(operator.id) },
      data: { until: now },
    });
    const removed = await tx.vehicle.updateMany({
      where: { id: v.id, operatorId: operator.id },
      data: { operatorId: null },
    });
    if (removed.count !== 1) throw notFound("Veículo não encontrado na frota.");
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

/** Refuses (409) to act on a fleet vehicle that someone outside the company holds. */
async function assertCompanyHolds(operator: OperatorRef, plate: string) {
  const holding = await vehicleHolding(plate);
  if (!holding) return;
  const linked = await db.driverLink.findMany({
    where: { operatorId: operator.id, status: LINK_IN_FORCE, personId: { not: null } },
    select: { personId: true },
  });
  const ids = new Set(linked.map((l) => l.personId!));
  if (foreignHolds(holding, operator.id, ids).length)
    throw conflict(
      "Este veículo está registrado por um condutor que não é vinculado à empresa: a empresa não pode incluir condutores nele. Retire-o da frota.",
    );
}

/** Puts an active linked driver on a vehicle the company holds, within the law's limits (quoting the provision). */
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
  await assertCompanyHolds(operator, v.plate);
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

/** Takes one of the company's drivers off a fleet vehicle; someone else's assignment is not the company's to end. */
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
      where: { id: vehicleDriverId, vehicleId: v.id, until: null, person: companyDriver(operator.id) },
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

/** The fleet with each vehicle's drivers (the company's), last vistoria and seal (verdict as verification would say it). */
export async function listFleet(operatorId: string, now = new Date()) {
  const day = civilDate(now, await timeZoneOfOperator(operatorId));
  const vehicles = await db.vehicle.findMany({
    where: { operatorId },
    include: {
      // The company's own drivers only: anyone else on a vehicle (one put in the fleet before ADR 055) is not its to see.
      drivers: {
        where: { until: null, person: companyDriver(operatorId) },
        include: { person: { select: { fullName: true } } },
      },
      // The vistorias and seals of its own drivers' applications, likewise.
      vistorias: { where: { application: { linkedOperatorId: operatorId } }, orderBy: { createdAt: "desc" }, take: 1 },
      credentials: {
        where: { type: "SELO_VISTORIA", application: { linkedOperatorId: operatorId } },
        orderBy: { issuedAt: "desc" },
        take: 1,
      },
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

export const countVehicles = (operatorId: string) => db.vehicle.count({ where: { operatorId } });
