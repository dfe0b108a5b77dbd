// What the back office reads in bulk: the gestor's reports, the enforcement credential search, pack
// history and credentials per key. Read-only; every query is scoped to one municipality.
import type { ApplicationStatus } from "~/domain/applications/status";
import { addDays, type IsoDate } from "~/domain/eligibility/calendar";
import { isId } from "~/domain/ids";
import { notFound } from "~/domain/refusal";
import { db, type Prisma } from "~/utils/db.server";
import { cappedCount, cappedPages, credentialSearch } from "./staff-search.server";
import { actorNames } from "./user-names.server";

const WAITING: ApplicationStatus[] = ["SUBMITTED", "RESUBMITTED", "IN_REVIEW", "CHANGES_REQUESTED"];

/** A credential's columns in a list (expiries, the enforcement search). */
const LISTED = {
  id: true,
  serial: true,
  type: true,
  category: true,
  holderDisplayName: true,
  plate: true,
  validUntil: true,
} satisfies Prisma.CredentialSelect;

// ---- reports ---------------------------------------------------------------------------------

export async function credentialsByCategoryAndStatus(municipalityId: string) {
  const rows = await db.credential.groupBy({
    by: ["category", "type", "status"],
    where: { municipalityId },
    _count: { _all: true },
  });
  return rows.map((r) => ({ category: r.category, type: r.type, status: r.status, count: r._count._all }));
}

/** Days waiting of the applications still in the staff's hands or the driver's, and buckets for a chart. */
export async function applicationsByStatus(municipalityId: string, now = new Date()) {
  const [counts, open] = await Promise.all([
    db.application.groupBy({ by: ["status"], where: { municipalityId }, _count: { _all: true } }),
    db.application.findMany({
      where: { municipalityId, status: { in: WAITING } },
      select: { status: true, submittedAt: true },
    }),
  ]);
  const days = (d: Date | null) => (d ? Math.max(Math.floor((now.getTime() - d.getTime()) / 86_400_000), 0) : 0);
  const waiting = WAITING.map((status) => {
    const values = open
      .filter((a) => a.status === status)
      .map((a) => days(a.submittedAt))
      .sort((a, b) => a - b);
    const at = (q: number) =>
      values.length ? values[Math.min(values.length - 1, Math.floor(q * values.length))] : null;
    return {
      status,
      count: values.length,
      medianDays: at(0.5),
      p90Days: at(0.9),
      maxDays: values.length ? values[values.length - 1] : null,
    };
  });
  const BUCKETS = [
    { label: "até 2 dias", max: 2 },
    { label: "3 a 7 dias", max: 7 },
    { label: "8 a 15 dias", max: 15 },
    { label: "16 a 30 dias", max: 30 },
    { label: "mais de 30 dias", max: Infinity },
  ];
  const inQueue = open.filter((a) => a.status !== "CHANGES_REQUESTED").map((a) => days(a.submittedAt));
  const buckets = BUCKETS.map((b, i) => ({
    label: b.label,
    count: inQueue.filter((d) => d <= b.max && d > (i ? BUCKETS[i - 1].max : -1)).length,
  }));
  return {
    byStatus: Object.fromEntries(counts.map((c) => [c.status, c._count._all])) as Partial<
      Record<ApplicationStatus, number>
    >,
    waiting,
    buckets,
  };
}

/** Credentials in force whose validity ends within `days` of `today` (inclusive), soonest first. */
export async function expiringCredentials(municipalityId: string, today: IsoDate, days = 60) {
  const rows = await db.credential.findMany({
    where: { municipalityId, status: "ACTIVE", validUntil: { gte: today, lte: addDays(today, days) } },
    orderBy: [{ validUntil: "asc" }, { serial: "asc" }],
    select: LISTED,
    take: 2000,
  });
  const within30 = addDays(today, 30);
  return { rows, in30: rows.filter((r) => r.validUntil <= within30).length, in60: rows.length };
}

export async function infractionsByClass(municipalityId: string) {
  const rows = await db.infraction.groupBy({
    by: ["class", "status"],
    where: { municipalityId },
    _count: { _all: true },
  });
  return rows.map((r) => ({ class: r.class, status: r.status, count: r._count._all }));
}

// ---- credentials, for the enforcement pages ----------------------------------------------------

type CredentialFilters = { q?: string | null; status?: string | null; page?: number };

export async function searchCredentials(municipalityId: string, f: CredentialFilters, pageSize = 25) {
  const and: Prisma.CredentialWhereInput[] = [{ municipalityId }];
  if (f.status) and.push({ status: f.status });
  const search = await credentialSearch(f.q ?? "");
  if (search) and.push(search);
  const where: Prisma.CredentialWhereInput = { AND: and };
  const page = Math.max(f.page ?? 1, 1);
  const [rows, total] = await Promise.all([
    db.credential.findMany({
      where,
      orderBy: [{ issuedAt: "desc" }, { serial: "asc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: {
        ...LISTED,
        status: true,
        suspendedUntil: true,
        holderPerson: { select: { fullName: true } },
      },
    }),
    cappedCount(({ take }) => db.credential.count({ where, take })),
  ]);
  return { rows, total, page, pages: cappedPages(total, pageSize) };
}

export async function credentialForStaff(id: string, municipalityId: string) {
  const c = isId(id)
    ? await db.credential.findUnique({
        where: { id },
        include: {
          holderPerson: {
            select: { id: true, fullName: true, cpf: true, user: { select: { cpf: true, cpfConfirmedAt: true } } },
          },
          holderOperator: { select: { legalName: true, tradeName: true, cnpj: true } },
          vehicle: { select: { plate: true, make: true, model: true, colour: true } },
          application: { select: { id: true, number: true } },
        },
      })
    : null;
  if (!c || c.municipalityId !== municipalityId) throw notFound("Credencial não encontrada.");
  const supersededBy = c.supersededById
    ? await db.credential.findUnique({ where: { id: c.supersededById }, select: { id: true, serial: true } })
    : null;
  const key = await db.signingKey.findUnique({ where: { kid: c.kid }, select: { status: true } });
  const siblings = c.applicationId
    ? await db.credential.findMany({
        where: { applicationId: c.applicationId, id: { not: c.id } },
        select: { id: true, serial: true, type: true, status: true },
      })
    : [];
  return { ...c, supersededBy, siblings, keyStatus: key?.status ?? null };
}

// ---- gestor pages ----------------------------------------------------------------------------

/** Published versions of the municipality's pack, newest first, with who published them. */
export async function rulePackHistory(municipalityId: string) {
  const rows = await db.rulePackVersion.findMany({
    where: { municipalityId },
    orderBy: { publishedAt: "desc" },
    take: 50,
  });
  const who = await actorNames(rows.map((r) => r.publishedById));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    note: r.note,
    publishedAt: r.publishedAt,
    who: who(r.publishedById),
    values: JSON.parse(r.parametersJson) as Record<string, number | null>,
  }));
}

/** Credentials in force signed by each key of the municipality (what revoking it would invalidate). */
export async function credentialsInForceByKid(municipalityId: string) {
  const rows = await db.credential.groupBy({
    by: ["kid"],
    where: { municipalityId, status: { in: ["ACTIVE", "SUSPENDED"] } },
    _count: { _all: true },
  });
  return Object.fromEntries(rows.map((r) => [r.kid, r._count._all])) as Record<string, number>;
}
