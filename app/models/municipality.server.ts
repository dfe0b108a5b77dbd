// Municipalities: lookup by slug (the URL of every staff page) and creation by the platform admin.
import { invalid, notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { isTimeZone, timeZoneForUf } from "~/domain/time";

export async function getMunicipalityBySlug(slug: string) {
  if (!/^[a-z0-9-]{2,60}$/.test(slug)) return null;
  return db.municipality.findUnique({ where: { slug } });
}

export async function requireMunicipality(slug: string | undefined) {
  const m = await getMunicipalityBySlug(slug ?? "");
  if (!m) throw notFound("Município não encontrado.");
  return m;
}

/** The municipality's IANA zone (Municipality.timeZone): every civil date of its records is in it. */
export async function timeZoneOf(municipalityId: string): Promise<string> {
  const m = await db.municipality.findUniqueOrThrow({ where: { id: municipalityId }, select: { timeZone: true } });
  return m.timeZone;
}

/** The zone of the municipality an operator is registered in. */
export async function timeZoneOfOperator(operatorId: string): Promise<string> {
  const o = await db.operator.findUniqueOrThrow({
    where: { id: operatorId },
    select: { municipality: { select: { timeZone: true } } },
  });
  return o.municipality.timeZone;
}

export const listMunicipalities = () => db.municipality.findMany({ orderBy: { name: "asc" } });

export type NewMunicipality = {
  ibgeCode: string;
  name: string;
  uf: string;
  slug: string;
  population: number;
  fiscalUnitName: string;
  rulePackId: string;
  serialPrefix: string;
  /** IANA zone; when absent, the UF's (app/domain/time.ts). */
  timeZone?: string;
};

export async function findMunicipalityConflicts(m: Pick<NewMunicipality, "ibgeCode" | "slug" | "serialPrefix">) {
  const rows = await db.municipality.findMany({
    where: { OR: [{ ibgeCode: m.ibgeCode }, { slug: m.slug }, { serialPrefix: m.serialPrefix }] },
  });
  const errors: Record<string, string> = {};
  if (rows.some((r) => r.ibgeCode === m.ibgeCode)) errors.ibgeCode = "Já existe um município com este código IBGE.";
  if (rows.some((r) => r.slug === m.slug)) errors.slug = "Endereço já usado por outro município.";
  if (rows.some((r) => r.serialPrefix === m.serialPrefix))
    errors.serialPrefix = "Prefixo já usado por outro município.";
  return errors;
}

export async function createMunicipality(input: NewMunicipality, actor: Actor) {
  const timeZone = input.timeZone ?? timeZoneForUf(input.uf);
  if (!isTimeZone(timeZone)) throw invalid("Fuso horário desconhecido.");
  const data = { ...input, timeZone };
  return db.$transaction(async (tx) => {
    const m = await tx.municipality.create({ data });
    await audit(tx, actor, {
      action: "municipality.create",
      subjectType: "Municipality",
      subjectId: m.id,
      municipalityId: m.id,
      after: data,
    });
    return m;
  });
}

/**
 * Sets the municipality's time zone (the platform administrator's call: a few states span two
 * zones). Every civil date from then on — today, deadlines, validity — is taken in it.
 */
export async function setMunicipalityTimeZone(municipalityId: string, timeZone: string, actor: Actor) {
  if (!isTimeZone(timeZone)) throw invalid("Fuso horário desconhecido.");
  return db.$transaction(async (tx) => {
    const before = await tx.municipality.findUnique({ where: { id: municipalityId }, select: { timeZone: true } });
    if (!before) throw notFound("Município não encontrado.");
    const m = await tx.municipality.update({ where: { id: municipalityId }, data: { timeZone } });
    await audit(tx, actor, {
      action: "municipality.time_zone",
      subjectType: "Municipality",
      subjectId: m.id,
      municipalityId: m.id,
      before,
      after: { timeZone },
    });
    return m;
  });
}

export async function municipalityOverview(municipalityId: string) {
  const [applications, credentials, staff] = await Promise.all([
    db.application.groupBy({ by: ["status"], where: { municipalityId }, _count: true }),
    db.credential.groupBy({ by: ["status"], where: { municipalityId }, _count: true }),
    db.roleAssignment.count({ where: { municipalityId, disabledAt: null } }),
  ]);
  return {
    applications: Object.fromEntries(applications.map((a) => [a.status, a._count])),
    credentials: Object.fromEntries(credentials.map((c) => [c.status, c._count])),
    staff,
  };
}

/** The municipalities of the given ids (a user's staff grants), for links to their back office. */
export const municipalitiesByIds = (ids: string[]) =>
  db.municipality.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, slug: true, uf: true } });

export const listActiveMunicipalities = () =>
  db.municipality.findMany({ where: { active: true }, orderBy: { name: "asc" } });
