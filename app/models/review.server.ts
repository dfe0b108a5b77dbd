// Reviewing an application: assignment (two analysts never work the same one) and the review
// actions, all audited and closed to the people behind the application (ADR 051).
import { titularCpfOf } from "~/domain/applications/draft";
import type { ApplicationStatus } from "~/domain/applications/status";
import { cpfConfirmedAt } from "~/domain/auth/govbr-identity";
import { conflict, invalid, notFound } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { applyAction } from "./application.server";
import { currentDocuments } from "./application-facts.server";
import { assertSegregated } from "./segregation.server";
import { userNames } from "./user-names.server";

// ---- assignment ------------------------------------------------------------------------------

async function applicationOf(appId: string, municipalityId: string) {
  const app = await db.application.findUnique({
    where: { id: appId },
    select: {
      id: true,
      municipalityId: true,
      personId: true,
      operatorId: true,
      assignedToId: true,
      status: true,
      number: true,
    },
  });
  if (!app || app.municipalityId !== municipalityId) throw notFound("Requerimento não encontrado.");
  return app;
}

/** Assigns the application to the actor; 409 naming the colleague who has it, unless `takeOver` (audited). */
export async function assignToMe(
  appId: string,
  municipalityId: string,
  actor: Actor & { userId: string },
  opts: { takeOver?: boolean } = {},
) {
  const app = await applicationOf(appId, municipalityId);
  await assertSegregated(db, app, actor, "assign");
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

/**
 * Before "aprovar e emitir" (ADR 051): the segregation rule, then the queue's promise — except for
 * the gestor approving a staff member's application, who never holds it (an analyst reviewed it).
 */
export async function assertApprover(appId: string, municipalityId: string, userId: string | null) {
  const app = await applicationOf(appId, municipalityId);
  const duty = await assertSegregated(db, app, { userId }, "approve");
  if (!duty.gestorApproval && userId) await assertReviewer(appId, municipalityId, userId);
  return duty;
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
  await assertSegregated(db, await applicationOf(appId, municipalityId), actor, "start_review");
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

/** The driver's corrections message: each rejected document with its reason, then the analyst's note. */
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

async function rejectedDocuments(appId: string, labels: Map<string, string>) {
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
  await assertSegregated(db, await applicationOf(appId, municipalityId), actor, "request_changes");
  await assertReviewer(appId, municipalityId, actor.userId);
  const rejected = await rejectedDocuments(appId, input.labels);
  const reason = composeChangesRequest(rejected, input.note);
  if (!reason) throw invalid("Recuse ao menos um documento ou escreva o que o condutor deve corrigir.", "note");
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
  await assertSegregated(db, await applicationOf(appId, municipalityId), actor, "reject");
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

/**
 * For reviewers, the titular a preposto's application names (Patrocínio, Lei 4.883/2017, art. 14):
 * whose the CPF is, whether gov.br proved it, and their credentials here. Null for other modes.
 */
export async function prepostoTitular(app: { mode: string; draftJson: string; municipalityId: string }, date: string) {
  if (app.mode !== "PREPOSTO") return null;
  const cpf = titularCpfOf(app);
  if (!cpf) return { cpf: null, name: null, cpfConfirmedAt: null, credentials: [], inForce: false };
  const account = await db.user.findUnique({
    where: { cpf },
    select: { name: true, cpf: true, cpfConfirmedAt: true, person: { select: { id: true, fullName: true } } },
  });
  const credentials = account?.person
    ? await db.credential.findMany({
        where: {
          holderPersonId: account.person.id,
          municipalityId: app.municipalityId,
          status: { in: ["ACTIVE", "SUSPENDED"] },
        },
        orderBy: { serial: "asc" },
        select: { serial: true, type: true, category: true, status: true, validFrom: true, validUntil: true },
      })
    : [];
  const shown = credentials.map((c) => ({
    ...c,
    inForce: c.status === "ACTIVE" && c.validFrom <= date && c.validUntil >= date,
  }));
  return {
    cpf,
    name: account?.person?.fullName ?? account?.name ?? null,
    cpfConfirmedAt: cpfConfirmedAt(cpf, account)?.toISOString() ?? null,
    credentials: shown,
    inForce: shown.some((c) => c.inForce),
  };
}
export type PrepostoTitular = NonNullable<Awaited<ReturnType<typeof prepostoTitular>>>;
