// The operator's fleet: vehicles in the company's name (or leased where the law allows), checked
// against the pack's vehicle rules for its linked drivers and, where the law limits motorcycles by
// population, against the quota; the drivers of each vehicle; its vistoria and seal.
import { conflict, invalid, notFound } from "~/domain/refusal";
import { db, type Tx } from "~/utils/db.server";
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
import { OPEN_STATUSES } from "~/domain/applications/status";
import { LINK_IN_FORCE } from "~/domain/operators/driver-link";
import {
  fleetRefusalMessage,
  fleetTenancy,
  foreignHolds,
  type VehicleClaim,
  type VehicleHolding,
} from "~/domain/operators/vehicle-tenancy";

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

const TOWN = { select: { id: true, name: true, uf: true } } as const;
const townOf = (m: { id: string; name: string; uf: string }) => ({ id: m.id, label: `${m.name}/${m.uf}` });

/**
 * Who holds the plate (ADR 055): the fleet it is in, its open driver assignments, the credentials
 * in force naming it and the applications under way whose vistoria inspected it; null for a plate
 * never seen. Read through the transaction that acts on it.
 */
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

/**
 * Adds a vehicle to the fleet, or refuses (400/409, nothing changed) with the provisions it
 * breaks. A vehicle belongs to whoever registered it (ADR 055): a plate in a fleet, or held by a
 * driver (an assignment, a credential in force, an application under way), is refused, in any
 * municipality, and its data are never rewritten by the company; one held by nobody joins this
 * fleet with the data typed here. The driver's way in is applying as linked to the company.
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

/**
 * Takes the vehicle out of the fleet; the company's drivers stop driving it. Anyone else's hold
 * (a driver of a vehicle put in the fleet before ADR 055) is not the company's to end.
 */
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

/**
 * Puts a linked driver on a vehicle: refused where the law limits the drivers of a vehicle or the
 * vehicles of a driver (with the provision), when the driver is not an active driver here, or
 * when the vehicle is held by someone outside the company.
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
