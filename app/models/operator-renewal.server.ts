// The renewal of a company's certificate (ADR 009, "Company renewal"): like a driver's (renewal.server.ts),
// same rule and window (ADR 028/033), approved by approveOperatorAndIssue, which supersedes the old one.
import { OPEN_STATUSES } from "~/domain/applications/status";
import { assertCan } from "~/domain/auth/permissions";
import { conflict, notFound } from "~/domain/refusal";
import { type Category, offers } from "~/domain/rule-packs";
import type { Actor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { today } from "./application.server";
import { createOperatorApplication, getOperator } from "./operator.server";
import { operatorCertificate } from "./operator-approval.server";
import { assertRenewalWindowOpen } from "./renewal.server";
import { activePack } from "./rule-pack.server";
import type { CurrentUser } from "./user.server";

/**
 * Starts a RENEWAL pre-filled from the application that issued the certificate in force. 403 to
 * who may not update the company; 409 if not renewable, outside the window or already open.
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
    // Touching the company's row first serialises concurrent starts: the second sees the first's renewal.
    await tx.operator.update({ where: { id: operator.id }, data: { updatedAt: now } });
    const open = await tx.application.findFirst({
      where: { operatorId: operator.id, subject: "OPERADORA", status: { in: [...OPEN_STATUSES] } },
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
        kind: "RENEWAL",
        renewalOfId: original.id,
      },
      actor,
      now,
    );
  });
  return { application };
}
