// Documents: attaching uploads, staff decisions, and who may read a file back.
import { isId } from "~/domain/ids";
import { conflict, notFound } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import type { UploadedFile } from "~/utils/upload-check.server";
import { assertSegregated } from "./segregation.server";

export const REJECTION_REASONS = [
  { code: "ILEGIVEL", label: "Documento ilegível" },
  { code: "VENCIDO", label: "Documento vencido" },
  { code: "INCOMPLETO", label: "Documento incompleto (falta página ou verso)" },
  { code: "TIPO_ERRADO", label: "Não é o documento pedido" },
  { code: "NOME_DIVERGENTE", label: "Nome ou CPF não confere" },
  { code: "MUNICIPIO", label: "Não foi emitido no município / não é do município" },
  { code: "RECENTE", label: "Documento antigo: precisa ser recente" },
  { code: "OUTRO", label: "Outro motivo" },
] as const;
type RejectionCode = (typeof REJECTION_REASONS)[number]["code"];

/** Bytes the person's live documents take (for the per-user upload quota). */
export async function usedBytes(ownerUserId: string): Promise<number> {
  const agg = await db.document.aggregate({ where: { ownerUserId, replacedById: null }, _sum: { sizeBytes: true } });
  return agg._sum.sizeBytes ?? 0;
}

/**
 * Records an upload as the application's document of `type`, replacing the previous one. If that
 * fails the file is deleted: no row points to nothing, no file is left without a row.
 */
export async function attachDocument(
  app: { id: string; municipalityId: string; personId: string | null },
  owner: { userId: string },
  file: UploadedFile,
  meta: { type: string; issueDate?: string | null; expiryDate?: string | null },
  actor: Actor,
) {
  try {
    return await db.$transaction(async (tx) => {
      const doc = await tx.document.create({
        data: {
          type: meta.type,
          ownerUserId: owner.userId,
          personId: app.personId,
          applicationId: app.id,
          storageKey: file.key,
          originalName: file.originalName,
          sha256: file.sha256,
          mime: file.mime,
          sizeBytes: file.size,
          issueDate: meta.issueDate ?? null,
          expiryDate: meta.expiryDate ?? null,
        },
      });
      await tx.document.updateMany({
        where: { applicationId: app.id, type: meta.type, replacedById: null, id: { not: doc.id } },
        data: { replacedById: doc.id },
      });
      await audit(tx, actor, {
        action: "document.upload",
        subjectType: "Document",
        subjectId: doc.id,
        municipalityId: app.municipalityId,
        after: { applicationId: app.id, type: meta.type, sha256: file.sha256, size: file.size, mime: file.mime },
      });
      return doc;
    });
  } catch (error) {
    await getStorage()
      .delete(file.key)
      .catch(() => undefined);
    throw error;
  }
}

export async function getDocumentWithScope(id: string) {
  if (!isId(id)) return null;
  return db.document.findUnique({ where: { id }, include: { application: { select: { municipalityId: true } } } });
}

/** Accepts or rejects a document: 409 if decided meanwhile, 403 to the people behind the application. */
export async function decideDocument(
  docId: string,
  municipalityId: string,
  decision: { accept: true } | { accept: false; code: RejectionCode; text?: string | null },
  actor: Actor,
  opts: { expected?: string; tx?: Tx; now?: Date } = {},
) {
  const run = async (tx: Tx) => {
    const doc = await tx.document.findUnique({ where: { id: docId }, include: { application: true } });
    if (!doc || doc.application?.municipalityId !== municipalityId) throw notFound("Documento não encontrado.");
    // Segregation of duties (ADR 051): not on an application the actor is behind.
    await assertSegregated(tx, doc.application, actor, "decide_document");
    if (doc.replacedById) throw conflict("Este documento já foi substituído pelo condutor. Recarregue a página.");
    if (!["IN_REVIEW"].includes(doc.application.status)) throw conflict("O requerimento não está em análise.");
    const label = decision.accept
      ? null
      : (REJECTION_REASONS.find((r) => r.code === decision.code)?.label ?? "Outro motivo");
    const reason = decision.accept ? null : [label, decision.text?.trim()].filter(Boolean).join(": ");
    const updated = await tx.document.updateMany({
      where: { id: doc.id, reviewStatus: opts.expected ?? doc.reviewStatus },
      data: {
        reviewStatus: decision.accept ? "ACCEPTED" : "REJECTED",
        reviewReasonCode: decision.accept ? null : decision.code,
        reviewReason: reason,
        reviewedById: actor.userId,
        reviewedAt: opts.now ?? new Date(),
      },
    });
    if (updated.count !== 1) throw conflict("Outra pessoa decidiu este documento agora há pouco. Recarregue a página.");
    await audit(tx, actor, {
      action: decision.accept ? "document.accept" : "document.reject",
      subjectType: "Document",
      subjectId: doc.id,
      municipalityId,
      before: { reviewStatus: doc.reviewStatus },
      after: { reviewStatus: decision.accept ? "ACCEPTED" : "REJECTED", reason },
    });
  };
  return opts.tx ? run(opts.tx) : db.$transaction(run);
}

/** One of a company's own documents, for any member of its team; another company's is not found. */
export async function operatorDocument(operatorId: string, docId: string | undefined) {
  const doc = isId(docId)
    ? await db.document.findFirst({ where: { id: docId, application: { operatorId, subject: "OPERADORA" } } })
    : null;
  if (!doc) throw notFound("Documento não encontrado.");
  return doc;
}

/**
 * A linked driver's document, for the operator only where the law makes it collect them or its team
 * submitted it; anything else is the same "not found".
 */
export async function linkedDriverDocument(
  operator: { id: string },
  personId: string | null | undefined,
  userId: string,
  docId: string | undefined,
  collectsDriverDocuments: () => Promise<boolean>,
) {
  const doc =
    personId && isId(docId)
      ? await db.document.findFirst({
          where: { id: docId, personId, application: { linkedOperatorId: operator.id } },
        })
      : null;
  const allowed =
    doc &&
    ((await collectsDriverDocuments()) ||
      doc.ownerUserId === userId ||
      (await db.roleAssignment.count({
        where: { userId: doc.ownerUserId, operatorId: operator.id, role: "OPERADOR" },
      })) > 0);
  if (!doc || !allowed) throw notFound("Documento não encontrado.");
  return doc;
}
