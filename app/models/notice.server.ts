// Notices the law asks of an operator or titular after an event, each with its deadline from the
// rule pack (deadlineFor) and a clock until it is filed.
import { deadlineFor } from "~/domain/eligibility";
import { isValidIsoDate, isValidIsoDateTime } from "~/domain/eligibility/calendar";
import { formatDays } from "~/domain/format";
import { NOTICE_KIND_LABELS, type NoticeKind } from "~/domain/operators/vocabulary";
import { conflict, invalid, notFound } from "~/domain/refusal";
import type { RulePack } from "~/domain/rule-packs";
import { DEFAULT_TIME_ZONE, instantAt, localDateTime } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { noticeDeadline, noticeDuties } from "./operator-policy.server";
import { activePack } from "./rule-pack.server";

/** A civil date or date-time on the municipality's clock as an instant; with `end`, a date's last millisecond. */
export function civilToInstant(value: string, timeZone: string, end = false): Date {
  const instant = isValidIsoDateTime(value)
    ? instantAt(value, timeZone)
    : isValidIsoDate(value)
      ? instantAt(`${value}T${end ? "23:59:59" : "00:00:00"}`, timeZone)
      : null;
  if (!instant) throw invalid("Data inválida.");
  return end && !isValidIsoDateTime(value) ? new Date(instant.getTime() + 999) : instant;
}

type NoticeDetails = {
  label: string;
  citation: string;
  sanction?: string;
  noTerm?: boolean;
  immediate?: boolean;
  municipalityId: string;
  [k: string]: unknown;
};

/** Records an event's notice where the pack sets one (else null); `fileNow`: the portal is how the city is told. */
export async function recordNotice(
  tx: Tx,
  pack: RulePack,
  owner: { operatorId?: string | null; personId?: string | null; municipalityId: string },
  input: { kind: NoticeKind; eventAt: string; details?: Record<string, unknown>; fileNow: boolean },
  actor: Actor,
  now: Date,
) {
  const deadline = noticeDeadline(pack, input.kind, owner.operatorId ? "OPERADORA" : "PESSOA");
  if (!deadline) return null;
  const { timeZone } = await tx.municipality.findUniqueOrThrow({
    where: { id: owner.municipalityId },
    select: { timeZone: true },
  });
  const eventAt = civilToInstant(input.eventAt, timeZone);
  if (eventAt.getTime() > now.getTime() + 60_000) throw invalid("A data do fato não pode estar no futuro.");
  const due = deadlineFor(pack, deadline.id, input.eventAt);
  const details: NoticeDetails = {
    ...input.details,
    municipalityId: owner.municipalityId,
    label: deadline.label,
    citation: deadline.citation,
    ...(deadline.sanction ? { sanction: deadline.sanction } : {}),
    ...(due.dueAt ? {} : { noTerm: true }),
    ...(due.immediate ? { immediate: true } : {}),
  };
  // A date-only term runs to the end of its last day; "immediate" is due when it happens.
  const dueAt = due.dueAt
    ? civilToInstant(due.dueAt, timeZone, !isValidIsoDateTime(due.dueAt) && !due.immediate)
    : eventAt;
  const notice = await tx.notice.create({
    data: {
      operatorId: owner.operatorId ?? null,
      personId: owner.personId ?? null,
      kind: input.kind,
      eventAt,
      dueAt,
      filedAt: input.fileNow ? now : null,
      detailsJson: JSON.stringify(details),
    },
  });
  await audit(tx, actor, {
    action: input.fileNow ? "notice.file" : "notice.record",
    subjectType: "Notice",
    subjectId: notice.id,
    municipalityId: owner.municipalityId,
    after: {
      kind: input.kind,
      eventAt: eventAt.toISOString(),
      dueAt: dueAt.toISOString(),
      filed: input.fileNow,
      citation: deadline.citation,
    },
    at: now,
  });
  return notice;
}

/** Files a recorded notice with the city (once). */
export async function fileNotice(
  noticeId: string,
  owner: { operatorId?: string; personId?: string },
  municipalityId: string,
  actor: Actor,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const notice = await tx.notice.findUnique({ where: { id: noticeId } });
    const mine =
      notice && (owner.operatorId ? notice.operatorId === owner.operatorId : notice.personId === owner.personId);
    if (!notice || !mine) throw notFound("Comunicação não encontrada.");
    const updated = await tx.notice.updateMany({ where: { id: notice.id, filedAt: null }, data: { filedAt: now } });
    if (updated.count !== 1) throw conflict("Esta comunicação já foi feita.");
    await audit(tx, actor, {
      action: "notice.file",
      subjectType: "Notice",
      subjectId: notice.id,
      municipalityId,
      after: { kind: notice.kind, late: now > notice.dueAt },
      at: now,
    });
  });
}

export type NoticeState = "FILED_ON_TIME" | "FILED_LATE" | "OPEN" | "OVERDUE";

/** Where a notice stands: filed in time or late, or still open with the time left (negative when overdue). */
export function noticeClock(n: { dueAt: Date; filedAt: Date | null; detailsJson: string }, now: Date) {
  const details = parseDetails(n.detailsJson);
  if (details.noTerm) return { state: (n.filedAt ? "FILED_ON_TIME" : "OPEN") as NoticeState, msLeft: null };
  if (n.filedAt)
    return {
      state: (n.filedAt.getTime() <= n.dueAt.getTime() ? "FILED_ON_TIME" : "FILED_LATE") as NoticeState,
      msLeft: null,
    };
  const msLeft = n.dueAt.getTime() - now.getTime();
  return { state: (msLeft >= 0 ? "OPEN" : "OVERDUE") as NoticeState, msLeft };
}

function parseDetails(json: string): NoticeDetails {
  try {
    return JSON.parse(json) as NoticeDetails;
  } catch {
    return { label: "", citation: "", municipalityId: "" };
  }
}

/** "2 dias e 5 h" — the time left (or past) on a clock, in words. */
export function durationWords(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${formatDays(days)}${hours ? ` e ${hours} h` : ""}`;
  if (hours > 0) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  return `${minutes % 60} min`;
}

export type NoticeView = ReturnType<typeof noticeView>;
export function noticeView(
  n: {
    id: string;
    kind: string;
    eventAt: Date;
    dueAt: Date;
    filedAt: Date | null;
    detailsJson: string;
    createdAt: Date;
  },
  now: Date,
  timeZone: string,
) {
  const details = parseDetails(n.detailsJson);
  const clock = noticeClock(n, now);
  return {
    id: n.id,
    kind: n.kind,
    kindLabel: NOTICE_KIND_LABELS[n.kind as NoticeKind] ?? n.kind,
    label: details.label,
    citation: details.citation,
    sanction: details.sanction ?? null,
    noTerm: Boolean(details.noTerm),
    immediate: Boolean(details.immediate),
    eventAt: localDateTime(n.eventAt, timeZone),
    dueAt: localDateTime(n.dueAt, timeZone),
    filedAt: n.filedAt ? localDateTime(n.filedAt, timeZone) : null,
    state: clock.state,
    left: clock.msLeft === null ? null : durationWords(clock.msLeft),
    driverName: typeof details.driverName === "string" ? details.driverName : null,
    description: typeof details.description === "string" ? details.description : null,
  };
}

/** Each notice's municipality zone (its details name the municipality). */
async function zonesOf(rows: { detailsJson: string }[]): Promise<(detailsJson: string) => string> {
  const ids = [...new Set(rows.map((r) => parseDetails(r.detailsJson).municipalityId).filter(Boolean))];
  const zones = new Map(
    (await db.municipality.findMany({ where: { id: { in: ids } }, select: { id: true, timeZone: true } })).map((m) => [
      m.id,
      m.timeZone,
    ]),
  );
  return (json) => zones.get(parseDetails(json).municipalityId) ?? DEFAULT_TIME_ZONE;
}

export async function listOperatorNotices(operatorId: string, now = new Date()) {
  const rows = await db.notice.findMany({ where: { operatorId }, orderBy: { dueAt: "desc" } });
  const zoneOf = await zonesOf(rows);
  // Open ones first: they are the ones with a clock running.
  return rows
    .map((n) => noticeView(n, now, zoneOf(n.detailsJson)))
    .sort((a, b) => Number(a.filedAt !== null) - Number(b.filedAt !== null));
}

export async function listPersonNotices(personId: string, now = new Date()) {
  const rows = await db.notice.findMany({ where: { personId }, orderBy: { dueAt: "desc" } });
  const zoneOf = await zonesOf(rows);
  return rows.map((n) => noticeView(n, now, zoneOf(n.detailsJson)));
}

/** Records (and, by default, files) a notice the operator or titular reports through the portal. */
export async function reportEvent(
  pack: RulePack,
  owner: { operatorId?: string | null; personId?: string | null; municipalityId: string },
  input: { kind: NoticeKind; eventAt: string; description: string; fileNow: boolean },
  actor: Actor,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const notice = await recordNotice(
      tx,
      pack,
      owner,
      { kind: input.kind, eventAt: input.eventAt, details: { description: input.description }, fileNow: input.fileNow },
      actor,
      now,
    );
    if (!notice) throw invalid("A lei deste município não pede esta comunicação.");
    return notice;
  });
}

// A titular's own notice duties, with deadline and clock, in the municipalities where they hold or
// requested a credential.
export async function personNoticeDuties(userId: string) {
  const person = await db.person.findUnique({ where: { userId } });
  if (!person) return { person: null, options: [] };
  const ids = [
    ...new Set(
      (await db.application.findMany({ where: { personId: person.id }, select: { municipalityId: true } })).map(
        (a) => a.municipalityId,
      ),
    ),
  ];
  const municipalities = await db.municipality.findMany({ where: { id: { in: ids } }, orderBy: { name: "asc" } });
  const options = [];
  for (const m of municipalities) {
    const pack = await activePack(m);
    for (const d of noticeDuties(pack, "PESSOA"))
      options.push({
        value: `${m.id}:${d.kind}`,
        label: `${m.name}: ${d.deadline.label}`,
        citation: d.deadline.citation,
        within: d.deadline.within ?? null,
        m,
        pack,
        kind: d.kind,
      });
  }
  return { person, options };
}

/** One of the person's own notices (another's is not found). */
export async function ownNotice(noticeId: string, personId: string) {
  const notice = await db.notice.findFirst({ where: { id: noticeId, personId } });
  if (!notice) throw notFound("Comunicação não encontrada.");
  return notice;
}
