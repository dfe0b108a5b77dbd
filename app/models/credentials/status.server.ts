// A credential's status changes, each with history row and audit event, effective at once on verification.
import { type CredentialAction, type CredentialStatus, credentialTransition } from "~/domain/credentials/status";
import { conflict, notFound } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { forgetStatusList } from "./status-list.server";

const STATUS_ACTIONS: Record<CredentialAction, string> = {
  suspend: "credential.suspend",
  reinstate: "credential.reinstate",
  revoke: "credential.revoke",
  supersede: "credential.supersede",
  expire: "credential.expire",
};

export async function changeCredentialStatusInTx(
  tx: Tx,
  credentialId: string,
  municipalityId: string,
  action: CredentialAction,
  detail: { reason?: string | null; citation?: string | null; until?: string | null },
  actor: Actor,
  now: Date,
  supersededById?: string,
) {
  const c = await tx.credential.findUnique({ where: { id: credentialId } });
  if (!c || c.municipalityId !== municipalityId) throw notFound("Credencial não encontrada.");
  const to = credentialTransition(c.status as CredentialStatus, action);
  if (!to)
    throw conflict(
      `Não é possível ${action === "reinstate" ? "reativar" : "alterar"} uma credencial com situação ${c.status}.`,
    );
  const updated = await tx.credential.updateMany({
    where: { id: c.id, status: c.status },
    data: {
      status: to,
      suspendedUntil: action === "suspend" ? (detail.until ?? null) : null,
      statusReason: detail.reason ?? null,
      statusCitation: detail.citation ?? null,
      ...(supersededById ? { supersededById } : {}),
    },
  });
  if (updated.count !== 1) throw conflict("Outra pessoa alterou esta credencial agora há pouco. Recarregue a página.");
  await tx.credentialStatusChange.create({
    data: {
      credentialId: c.id,
      fromStatus: c.status,
      toStatus: to,
      reason: detail.reason ?? null,
      citation: detail.citation ?? null,
      until: detail.until ?? null,
      actorId: actor.userId,
      at: now,
    },
  });
  await audit(tx, actor, {
    action: STATUS_ACTIONS[action],
    subjectType: "Credential",
    subjectId: c.id,
    municipalityId,
    before: { status: c.status },
    after: { status: to, reason: detail.reason, citation: detail.citation, until: detail.until },
  });
  return to;
}

/** Suspend (until a date), reinstate, revoke (cassação): immediate effect on verification. */
export async function changeCredentialStatus(
  credentialId: string,
  municipalityId: string,
  action: Exclude<CredentialAction, "supersede">,
  detail: { reason: string; citation?: string | null; until?: string | null },
  actor: Actor,
  now = new Date(),
) {
  const to = await db.$transaction((tx) =>
    changeCredentialStatusInTx(tx, credentialId, municipalityId, action, detail, actor, now),
  );
  // The signed status list for offline checks must show the change at once.
  forgetStatusList();
  return to;
}
