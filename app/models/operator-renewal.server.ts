// The renewal of a company's certificate (ADR 009, "Company renewal"): like a driver's
// (renewal.server.ts) — a RENOVACAO application pre-filled from the one that issued the
// certificate, accepted documents still valid carried over by currentDocuments, the same
// isRenewable rule and the same window (from 60 days before the last day, ADR 028/033) — through the operator's application pages and approveOperatorAndIssue,
// which supersedes the old certificate.
import { conflict, notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import type { Actor } from "~/utils/audit.server";
import type { CurrentUser } from "./user.server";
import { assertCan } from "~/domain/auth/permissions";
import { offers, type Category } from "~/domain/rule-packs";
import { today } from "./application.server";
import { OPEN_STATUSES } from "~/domain/applications/status";
import { createOperatorApplication, getOperator } from "./operator.server";
import { operatorCertificate } from "./operator-approval.server";
import { activePack } from "./rule-pack.server";
import { assertRenewalWindowOpen } from "./renewal.server";

/**
 * Starts the renewal of the company's certificate: a RENOVACAO application of the operator,
 * pre-filled (category, company facts) from the application that issued the certificate in
 * force, judged under today's pack. Only a member of the company's team who may update it
 * (403 otherwise); 409 if the certificate is not renewable, its renewal window has not opened
 * yet (renewalWindow, as a driver's) or an application is already open.
 */
export async function startOperatorRenewal(
  operatorId: string,
  user: Pick<CurrentUser, "id" | "grants">,
  actor: Actor,
  now = new Date(),
) {
  const operator = await getOperator(operatorId);
  if (!operator) throw notFound("Empresa não encontrada.");
  assertCan(user, "update:operator", { operatorId: operator.id });
  const certificate = await operatorCertificate(operator.id);
  if (!certificate?.applicationId) throw conflict("A empresa ainda não tem certificado para renovar.");
  assertRenewalWindowOpen(certificate, today(now, operator.municipality.timeZone));
  const original = await db.application.findUniqueOrThrow({ where: { id: certificate.applicationId } });
  const pack = await activePack(operator.municipality);
  if (!offers(pack, original.category as Category, "OPERADORA"))
    throw conflict("A lei deste município não credencia mais empresas nesta categoria.");
  const application = await db.$transaction(async (tx) => {
    // Touching the company's row first makes two requests at once wait for each other, so the
    // second one sees the renewal the first created.
    await tx.operator.update({ where: { id: operator.id }, data: { updatedAt: now } });
    const open = await tx.application.findFirst({
      where: { operatorId: operator.id, subject: "OPERATOR", status: { in: [...OPEN_STATUSES] } },
    });
    if (open)
      throw conflict(
        `A empresa já tem um requerimento em andamento (${open.number}). Conclua-o antes de pedir a renovação.`,
      );
    return createOperatorApplication(
      tx,
      operator.municipality,
      pack,
      {
        operatorId: operator.id,
        category: original.category,
        draftJson: original.draftJson,
        kind: "RENOVACAO",
        renewalOfId: original.id,
      },
      actor,
      now,
    );
  });
  return { application };
}
