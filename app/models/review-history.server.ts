// Histories for the review screen: one timeline from the status tables and the audit trail.
import { db } from "~/utils/db.server";
import { actorNames } from "./user-names.server";

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
  const who = await actorNames(rows.map((r) => r.actorUserId));
  return rows
    .reverse()
    .filter((r) => !(opts.skipTransitions && TRANSITION_ACTIONS.test(r.action)))
    .map((r): HistoryEvent => ({
      key: `audit-${r.seq}`,
      at: r.at,
      actorName: who(r.actorUserId),
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
  const who = await actorNames(changes.map((c) => c.actorId));
  const moves = changes.map((c): HistoryEvent => ({
    key: `status-${c.id}`,
    at: c.at,
    actorName: who(c.actorId),
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
  const who = await actorNames(changes.map((c) => c.actorId));
  const moves = changes.map((c): HistoryEvent => ({
    key: `cstatus-${c.id}`,
    at: c.at,
    actorName: who(c.actorId),
    actorRole: null,
    action: "credential.status",
    subjectType: "Credential",
    subjectId: credentialId,
    before: { status: c.fromStatus },
    after: { status: c.toStatus, reason: c.reason, citation: c.citation, until: c.until },
  }));
  return [...moves, ...audited].sort(byTime);
}
