// What staff read of the autos: the list, and the decision page — the proposal recomputed with every
// prior (escalation), the deadlines, and the notice and removal (Jardim, Lei 904/1997, arts. 27, 29).
import type { IsoDateTime } from "~/domain/eligibility/calendar";
import { isId } from "~/domain/ids";
import {
  admitsNotice,
  type InfractionStatus,
  type NoticeStatus,
  noticeStatus,
  parseProcess,
  PENALTY_STATUSES,
  proposePenalty,
  type RemovalStatus,
  removalStatus,
  VOID_STATUSES,
} from "~/domain/infractions";
import { notFound } from "~/domain/refusal";
import type { RulePack } from "~/domain/rule-packs";
import { civilDate, localDateTime } from "~/domain/time";
import { db, type Prisma } from "~/utils/db.server";
import { insensitive } from "~/utils/env.server";
import { activePack } from "./rule-pack.server";

const offenderWhere = (i: { personId: string | null; credentialId: string | null }): Prisma.InfractionWhereInput =>
  i.personId ? { personId: i.personId } : { credentialId: i.credentialId };

/** The pack's proposal for this auto, counting every earlier, non-void offence of the same offender. */
export async function proposalFor(
  pack: RulePack,
  i: {
    id: string;
    code: string;
    occurredAt: Date;
    municipalityId: string;
    personId: string | null;
    credentialId: string | null;
    municipality: { timeZone: string };
  },
) {
  const priors = await db.infraction.findMany({
    where: {
      municipalityId: i.municipalityId,
      ...offenderWhere(i),
      id: { not: i.id },
      status: { notIn: [...VOID_STATUSES] },
      occurredAt: { lt: i.occurredAt },
    },
    select: { id: true, number: true, code: true, occurredAt: true, status: true },
    orderBy: { occurredAt: "desc" },
  });
  const proposal = proposePenalty(pack, {
    code: i.code,
    date: civilDate(i.occurredAt, i.municipality.timeZone),
    priorOffences: priors.map((p) => ({ code: p.code, date: civilDate(p.occurredAt, i.municipality.timeZone) })),
  });
  return { proposal, priors };
}

export async function loadInfraction(id: string, municipalityId: string) {
  const i = isId(id)
    ? await db.infraction.findUnique({ where: { id }, include: { credential: true, municipality: true } })
    : null;
  if (!i || i.municipalityId !== municipalityId) throw notFound("Auto de infração não encontrado.");
  return i;
}

/** Written notices already given to the offender (for the removal after the 3rd, where the law has it). */
export async function noticesIssued(i: {
  municipalityId: string;
  personId: string | null;
  credentialId: string | null;
}) {
  const rows = await db.infraction.findMany({
    where: { municipalityId: i.municipalityId, ...offenderWhere(i), status: { in: [...PENALTY_STATUSES] } },
    select: { decisionJson: true },
  });
  return rows.filter((r) => parseProcess(r.decisionJson).notice).length;
}

type InfractionFilters = { status?: string | null; classCode?: string | null; q?: string | null; page?: number };

export async function listInfractions(municipalityId: string, f: InfractionFilters, pageSize = 25) {
  const and: Prisma.InfractionWhereInput[] = [{ municipalityId }];
  if (f.classCode) and.push({ class: f.classCode });
  if (f.q) {
    const q = f.q.trim();
    and.push({
      OR: [
        { number: { contains: q.toUpperCase() } },
        { credential: { serial: { contains: q.toUpperCase() } } },
        { credential: { holderDisplayName: { contains: q, ...insensitive() } } },
        { credential: { plate: { contains: q.toUpperCase().replace(/[^A-Z0-9]/g, "") } } },
      ],
    });
  }
  const where: Prisma.InfractionWhereInput = { AND: and };
  const page = Math.max(f.page ?? 1, 1);
  const [rows, counts] = await Promise.all([
    db.infraction.findMany({
      where: f.status ? { AND: [where, { status: f.status }] } : where,
      orderBy: [{ occurredAt: "desc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      include: {
        credential: { select: { id: true, serial: true, holderDisplayName: true, plate: true, status: true } },
      },
    }),
    db.infraction.groupBy({ by: ["status"], where, _count: { _all: true } }),
  ]);
  const countByStatus = Object.fromEntries(counts.map((c) => [c.status, c._count._all])) as Record<string, number>;
  const total = f.status ? (countByStatus[f.status] ?? 0) : Object.values(countByStatus).reduce((a, b) => a + b, 0);
  return { rows, countByStatus, total, page, pages: Math.max(Math.ceil(total / pageSize), 1) };
}

export type NoticeView = NoticeStatus & { issuedAt: IsoDateTime; remediedAt: IsoDateTime | null };

/** Everything the decision page shows: the auto, classification, proposal, deadlines and notice. */
export async function infractionForDecision(id: string, municipalityId: string, now = new Date()) {
  const i = await loadInfraction(id, municipalityId);
  const pack = await activePack(i.municipality);
  const { proposal, priors } = await proposalFor(pack, i);
  const process = parseProcess(i.decisionJson);
  const nowLocal = localDateTime(now, i.municipality.timeZone);
  const rules = pack.infractions.enforcement;
  let notice: NoticeView | null = null;
  // An annulled penalty (appeal granted) leaves no notice running.
  if (process.notice && rules.noticeToDailyFine && !VOID_STATUSES.includes(i.status as InfractionStatus)) {
    notice = {
      ...noticeStatus(pack, process.notice, nowLocal),
      issuedAt: process.notice.issuedAt,
      remediedAt: process.notice.remediedAt ?? null,
    };
  }
  let removal: RemovalStatus | null = null;
  if (rules.removalAfterNotices) removal = removalStatus(pack, await noticesIssued(i));
  return {
    infraction: i,
    pack,
    proposal,
    priors,
    process,
    notice,
    removal,
    appealRule: rules.appeal ?? null,
    processNote: rules.process ?? null,
    reclassification: pack.infractions.reclassification ?? null,
    canNotice: admitsNotice(pack, proposal.penalty),
    today: civilDate(now, i.municipality.timeZone),
  };
}
