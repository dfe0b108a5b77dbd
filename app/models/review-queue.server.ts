// The analysts' review queue: the applications of a municipality waiting for a decision, filtered,
// searched and paged in one indexed query; who is reviewing each one (assignment, so two analysts
// never work the same application); and the staff actions that go with the review screen
// (start, request changes composed from the rejected documents, reject). Every change is audited.
import { db, type Prisma } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { audit, type Actor } from "~/utils/audit.server";
import { normalizeCpf, normalizePlate } from "~/domain/br";
import { parseDraft } from "~/domain/applications/draft";
import { APPLICATION_STATUSES, WAITING_STATUSES, type ApplicationStatus } from "~/domain/applications/status";
import { CATEGORIES, type Category } from "~/domain/rule-packs";
import { applyAction, conflict } from "./application.server";
import { currentDocuments } from "./application-facts.server";

export const PAGE_SIZE = 25;

export type QueueFilters = {
  statuses: ApplicationStatus[];
  category?: Category | null;
  /** Name, CPF, plate, credential serial or application number. */
  q?: string | null;
  assigned?: "any" | "me" | "nobody" | "others";
  order?: "oldest" | "newest";
  page?: number;
};

/** Reads the queue's filters from a URL's search params; anything unknown falls back to the default. */
export function parseQueueFilters(params: URLSearchParams): Required<QueueFilters> {
  const statuses = params
    .getAll("situacao")
    .filter((s): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s));
  const category = params.get("categoria");
  const assigned = params.get("atribuicao");
  const page = Number(params.get("pagina"));
  return {
    statuses: statuses.length ? statuses : WAITING_STATUSES,
    category: (CATEGORIES as readonly string[]).includes(category ?? "") ? (category as Category) : null,
    q: (params.get("q") ?? "").trim().slice(0, 80) || null,
    assigned: assigned === "me" || assigned === "nobody" || assigned === "others" ? assigned : "any",
    order: params.get("ordem") === "recentes" ? "newest" : "oldest",
    page: Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1,
  };
}

const insensitive = () => (isPostgres() ? { mode: "insensitive" as const } : {});

/** The search box: one text matched against everything a person would type to find a requerimento. */
export function searchCondition(q: string): Prisma.ApplicationWhereInput {
  const text = q.trim();
  const upper = text.toUpperCase().replace(/\s+/g, "");
  const or: Prisma.ApplicationWhereInput[] = [
    { number: { contains: upper } },
    { person: { fullName: { contains: text, ...insensitive() } } },
    { operator: { legalName: { contains: text, ...insensitive() } } },
    { credentials: { some: { serial: { contains: upper } } } },
  ];
  const digits = text.replace(/[.\-\s/]/g, "");
  if (/^\d{3,11}$/.test(digits))
    or.push({ person: { cpf: digits.length === 11 ? normalizeCpf(digits) : { contains: digits } } });
  const plate = normalizePlate(text);
  if (/^[A-Z0-9]{3,7}$/.test(plate) && /[A-Z]/.test(plate)) {
    // Until the vistoria, the plate lives in the wizard's draft (JSON); after it, on the Vehicle.
    or.push({ draftJson: { contains: `"plate":"${plate}` } }, { vehicle: { plate: { startsWith: plate } } });
  }
  return { OR: or };
}

function baseWhere(municipalityId: string, f: QueueFilters, userId: string): Prisma.ApplicationWhereInput {
  const and: Prisma.ApplicationWhereInput[] = [{ municipalityId }];
  if (f.category) and.push({ category: f.category });
  if (f.assigned === "me") and.push({ assignedToId: userId });
  if (f.assigned === "nobody") and.push({ assignedToId: null });
  if (f.assigned === "others") and.push({ assignedToId: { not: null } }, { NOT: { assignedToId: userId } });
  if (f.q) and.push(searchCondition(f.q));
  return { AND: and };
}

export type QueueRow = Awaited<ReturnType<typeof reviewQueue>>["rows"][number];

/**
 * One page of the queue, oldest first by default (age counted from the last submission), the
 * total for the pager and the count per status under the same category/search/assignment filters.
 */
export async function reviewQueue(
  municipalityId: string,
  filters: QueueFilters,
  opts: { userId: string; now?: Date; pageSize?: number },
) {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const page = Math.max(filters.page ?? 1, 1);
  const where = baseWhere(municipalityId, filters, opts.userId);
  const inStatuses: Prisma.ApplicationWhereInput = { AND: [where, { status: { in: filters.statuses } }] };
  const direction = filters.order === "newest" ? "desc" : "asc";
  const [rows, counts] = await Promise.all([
    db.application.findMany({
      where: inStatuses,
      orderBy: [{ submittedAt: direction }, { number: direction }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: {
        id: true,
        number: true,
        status: true,
        category: true,
        mode: true,
        kind: true,
        submittedAt: true,
        createdAt: true,
        assignedToId: true,
        draftJson: true,
        person: { select: { fullName: true, cpf: true } },
        operator: { select: { legalName: true, cnpj: true } },
        vehicle: { select: { plate: true } },
      },
    }),
    db.application.groupBy({ by: ["status"], where, _count: { _all: true } }),
  ]);
  const countByStatus = Object.fromEntries(counts.map((c) => [c.status, c._count._all])) as Partial<
    Record<ApplicationStatus, number>
  >;
  const total = filters.statuses.reduce((sum, s) => sum + (countByStatus[s] ?? 0), 0);
  const names = await userNames(rows.map((r) => r.assignedToId));
  const now = (opts.now ?? new Date()).getTime();
  return {
    rows: rows.map(({ draftJson, operator, ...r }) => ({
      ...r,
      // A company's application has no person: the queue shows the company instead.
      person: r.person ?? (operator ? { fullName: operator.legalName, cpf: "" } : null),
      plate: r.vehicle?.plate ?? parseDraft(draftJson).vehicle.plate ?? null,
      waitingDays: r.submittedAt ? Math.floor((now - r.submittedAt.getTime()) / 86_400_000) : null,
      assignedToName: r.assignedToId ? (names.get(r.assignedToId) ?? "—") : null,
    })),
    total,
    page,
    pages: Math.max(Math.ceil(total / pageSize), 1),
    countByStatus,
  };
}

export async function userNames(ids: (string | null | undefined)[]) {
  const unique = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!unique.length) return new Map<string, string>();
  const users = await db.user.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
  return new Map(users.map((u) => [u.id, u.name]));
}

// ---- assignment ------------------------------------------------------------------------------

async function applicationOf(appId: string, municipalityId: string) {
  const app = await db.application.findUnique({
    where: { id: appId },
    select: { id: true, municipalityId: true, assignedToId: true, status: true, number: true },
  });
  if (!app || app.municipalityId !== municipalityId)
    throw new Response("Requerimento não encontrado.", { status: 404 });
  return app;
}

/**
 * Assigns the application to the actor. Refused (409, naming the colleague) when someone else
 * has it, unless `takeOver` — an explicit, audited "assumir".
 */
export async function assignToMe(
  appId: string,
  municipalityId: string,
  actor: Actor & { userId: string },
  opts: { takeOver?: boolean } = {},
) {
  const app = await applicationOf(appId, municipalityId);
  if (app.assignedToId === actor.userId) return;
  if (app.assignedToId && !opts.takeOver) {
    const name = (await userNames([app.assignedToId])).get(app.assignedToId) ?? "outra pessoa";
    throw conflict(`Este requerimento já está com ${name}.`);
  }
  await db.$transaction(async (tx) => {
    const updated = await tx.application.updateMany({
      where: { id: app.id, assignedToId: app.assignedToId },
      data: { assignedToId: actor.userId },
    });
    if (updated.count !== 1)
      throw conflict("Outra pessoa assumiu este requerimento agora há pouco. Recarregue a página.");
    await audit(tx, actor, {
      action: "application.assign",
      subjectType: "Application",
      subjectId: app.id,
      municipalityId,
      before: { assignedToId: app.assignedToId },
      after: { assignedToId: actor.userId, takeOver: Boolean(app.assignedToId) },
    });
  });
}

/** Gives the application back to the queue; only the one who has it may. */
export async function releaseAssignment(appId: string, municipalityId: string, actor: Actor & { userId: string }) {
  const app = await applicationOf(appId, municipalityId);
  if (!app.assignedToId) return;
  if (app.assignedToId !== actor.userId) throw conflict("Só quem está com o requerimento pode devolvê-lo à fila.");
  await db.$transaction(async (tx) => {
    const updated = await tx.application.updateMany({
      where: { id: app.id, assignedToId: actor.userId },
      data: { assignedToId: null },
    });
    if (updated.count !== 1) throw conflict("A atribuição mudou agora há pouco. Recarregue a página.");
    await audit(tx, actor, {
      action: "application.release",
      subjectType: "Application",
      subjectId: app.id,
      municipalityId,
      before: { assignedToId: actor.userId },
      after: { assignedToId: null },
    });
  });
}

/** Decisions on an application assigned to someone else are refused: the queue's promise. */
export async function assertReviewer(appId: string, municipalityId: string, userId: string) {
  const app = await applicationOf(appId, municipalityId);
  if (app.assignedToId && app.assignedToId !== userId) {
    const name = (await userNames([app.assignedToId])).get(app.assignedToId) ?? "outra pessoa";
    throw conflict(`Este requerimento está com ${name}. Assuma-o antes de decidir.`);
  }
  return app;
}

// ---- review actions --------------------------------------------------------------------------

/** Starts the review and, when nobody has it, assigns it to the analyst — one transaction. */
export async function startReview(
  appId: string,
  municipalityId: string,
  actor: Actor & { userId: string },
  expectedStatus: ApplicationStatus,
) {
  const app = await assertReviewer(appId, municipalityId, actor.userId);
  await db.$transaction(async (tx) => {
    await applyAction(app.id, "start_review", actor, { tx, expectedStatus });
    if (!app.assignedToId) {
      await tx.application.update({ where: { id: app.id }, data: { assignedToId: actor.userId } });
      await audit(tx, actor, {
        action: "application.assign",
        subjectType: "Application",
        subjectId: app.id,
        municipalityId,
        before: { assignedToId: null },
        after: { assignedToId: actor.userId },
      });
    }
  });
}

/**
 * The message the driver receives when corrections are requested: every rejected document with
 * its reason, then the analyst's note. Empty when there is nothing to tell.
 */
export function composeChangesRequest(
  rejected: { label: string; reason: string | null }[],
  note: string | null | undefined,
): string {
  const lines: string[] = [];
  if (rejected.length) {
    lines.push("Envie de novo estes documentos:");
    for (const d of rejected) lines.push(`- ${d.label}: ${d.reason ?? "recusado"}`);
  }
  if (note?.trim()) lines.push(rejected.length ? `\nObservação da prefeitura: ${note.trim()}` : note.trim());
  return lines.join("\n");
}

export async function rejectedDocuments(appId: string, labels: Map<string, string>) {
  const docs = await currentDocuments(appId);
  return docs
    .filter((d) => d.reviewStatus === "REJECTED")
    .map((d) => ({ id: d.id, type: d.type, label: labels.get(d.type) ?? d.type, reason: d.reviewReason }));
}

/** Sends the application back to the driver with the reasons composed from the rejected documents. */
export async function requestChanges(
  appId: string,
  municipalityId: string,
  actor: Actor & { userId: string },
  input: { note?: string | null; labels: Map<string, string> },
) {
  await assertReviewer(appId, municipalityId, actor.userId);
  const rejected = await rejectedDocuments(appId, input.labels);
  const reason = composeChangesRequest(rejected, input.note);
  if (!reason)
    throw new Response("Recuse ao menos um documento ou escreva o que o condutor deve corrigir.", { status: 400 });
  await applyAction(appId, "request_changes", actor, { reason, expectedStatus: "IN_REVIEW" });
  return reason;
}

/** Indeferimento: final, with the reason the driver reads (and its legal basis, when given). */
export async function rejectApplication(
  appId: string,
  municipalityId: string,
  actor: Actor & { userId: string },
  input: { reason: string; citation?: string | null },
) {
  await assertReviewer(appId, municipalityId, actor.userId);
  const reason = input.citation?.trim() ? `${input.reason.trim()} (${input.citation.trim()})` : input.reason.trim();
  await applyAction(appId, "reject", actor, { reason, expectedStatus: "IN_REVIEW" });
}

// ---- what the review screen shows besides the application -------------------------------------

/** Every upload of the application, newest first, replaced ones included (the screen shows the current ones first). */
export const applicationDocuments = (appId: string) =>
  db.document.findMany({
    where: { applicationId: appId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      type: true,
      originalName: true,
      mime: true,
      sizeBytes: true,
      issueDate: true,
      expiryDate: true,
      reviewStatus: true,
      reviewReason: true,
      reviewedById: true,
      reviewedAt: true,
      replacedById: true,
      createdAt: true,
    },
  });

export const applicationCredentials = (appId: string) =>
  db.credential.findMany({
    where: { applicationId: appId },
    orderBy: { serial: "asc" },
    select: {
      id: true,
      serial: true,
      type: true,
      status: true,
      validFrom: true,
      validUntil: true,
      issuedAt: true,
      issuedById: true,
    },
  });

export const isCategory = (c: string): c is Category => (CATEGORIES as readonly string[]).includes(c);

// ---- history: one timeline from the status tables and the audit trail ---------------------------

export type HistoryEvent = {
  key: string;
  at: Date;
  actorName: string;
  actorRole: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

const parse = (json: string | null) => {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return null;
  }
};

/** Status moves already come from the status tables (with their reason); the audit trail adds the rest. */
const TRANSITION_ACTIONS =
  /^(application\.(submit|start_review|request_changes|resubmit|approve|issue|reject|withdraw)|credential\.(suspend|reinstate|revoke|supersede|expire))$/;

/** Audit events of the given subjects, oldest first, as history events. */
export async function auditHistory(
  subjects: { type: string; ids: string[] }[],
  opts: { skipTransitions?: boolean; take?: number } = {},
) {
  const or = subjects.filter((s) => s.ids.length).map((s) => ({ subjectType: s.type, subjectId: { in: s.ids } }));
  if (!or.length) return [];
  const rows = await db.auditEvent.findMany({ where: { OR: or }, orderBy: { seq: "desc" }, take: opts.take ?? 300 });
  const names = await userNames(rows.map((r) => r.actorUserId));
  return rows
    .reverse()
    .filter((r) => !(opts.skipTransitions && TRANSITION_ACTIONS.test(r.action)))
    .map((r): HistoryEvent => ({
      key: `audit-${r.seq}`,
      at: r.at,
      actorName: r.actorUserId ? (names.get(r.actorUserId) ?? "—") : "Sistema",
      actorRole: r.actorRole,
      action: r.action,
      subjectType: r.subjectType,
      subjectId: r.subjectId,
      before: parse(r.beforeJson),
      after: parse(r.afterJson),
    }));
}

const byTime = (a: HistoryEvent, b: HistoryEvent) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key);

/** The application's history: its status changes, and what happened to it, its documents, vistorias and credentials. */
export async function applicationHistory(appId: string) {
  const [changes, docs, vistorias, credentials] = await Promise.all([
    db.applicationStatusChange.findMany({ where: { applicationId: appId }, orderBy: { at: "asc" } }),
    db.document.findMany({ where: { applicationId: appId }, select: { id: true } }),
    db.vistoria.findMany({ where: { applicationId: appId }, select: { id: true } }),
    db.credential.findMany({ where: { applicationId: appId }, select: { id: true } }),
  ]);
  const audited = await auditHistory(
    [
      { type: "Application", ids: [appId] },
      { type: "Document", ids: docs.map((d) => d.id) },
      { type: "Vistoria", ids: vistorias.map((v) => v.id) },
      { type: "Credential", ids: credentials.map((c) => c.id) },
    ],
    { skipTransitions: true },
  );
  const names = await userNames(changes.map((c) => c.actorId));
  const moves = changes.map((c): HistoryEvent => ({
    key: `status-${c.id}`,
    at: c.at,
    actorName: c.actorId ? (names.get(c.actorId) ?? "—") : "Sistema",
    actorRole: null,
    action: "application.status",
    subjectType: "Application",
    subjectId: appId,
    before: c.fromStatus ? { status: c.fromStatus } : null,
    after: { status: c.toStatus, ...(c.reason ? { reason: c.reason } : {}) },
  }));
  return [...moves, ...audited].sort(byTime);
}

/** The driver's history in the municipality: applications, documents, vistorias, credentials and autos. */
export async function personHistory(personId: string, municipalityId: string) {
  const [apps, credentials, infractions] = await Promise.all([
    db.application.findMany({ where: { personId, municipalityId }, select: { id: true } }),
    db.credential.findMany({ where: { holderPersonId: personId, municipalityId }, select: { id: true } }),
    db.infraction.findMany({ where: { personId, municipalityId }, select: { id: true } }),
  ]);
  const appIds = apps.map((a) => a.id);
  const [docs, vistorias] = await Promise.all([
    db.document.findMany({ where: { applicationId: { in: appIds } }, select: { id: true } }),
    db.vistoria.findMany({ where: { applicationId: { in: appIds } }, select: { id: true } }),
  ]);
  return auditHistory([
    { type: "Application", ids: appIds },
    { type: "Document", ids: docs.map((d) => d.id) },
    { type: "Vistoria", ids: vistorias.map((v) => v.id) },
    { type: "Credential", ids: credentials.map((c) => c.id) },
    { type: "Infraction", ids: infractions.map((i) => i.id) },
  ]);
}

/** The credential's history: its status changes, issuance, and the autos written against it. */
export async function credentialHistory(credentialId: string) {
  const [changes, infractions] = await Promise.all([
    db.credentialStatusChange.findMany({ where: { credentialId }, orderBy: { at: "asc" } }),
    db.infraction.findMany({ where: { credentialId }, select: { id: true } }),
  ]);
  const audited = await auditHistory(
    [
      { type: "Credential", ids: [credentialId] },
      { type: "Infraction", ids: infractions.map((i) => i.id) },
    ],
    { skipTransitions: true },
  );
  const names = await userNames(changes.map((c) => c.actorId));
  const moves = changes.map((c): HistoryEvent => ({
    key: `cstatus-${c.id}`,
    at: c.at,
    actorName: c.actorId ? (names.get(c.actorId) ?? "—") : "Sistema",
    actorRole: null,
    action: "credential.status",
    subjectType: "Credential",
    subjectId: credentialId,
    before: { status: c.fromStatus },
    after: { status: c.toStatus, reason: c.reason, citation: c.citation, until: c.until },
  }));
  return [...moves, ...audited].sort(byTime);
}
