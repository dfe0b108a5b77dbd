// Renewal: a new application (kind RENOVACAO) pre-filled from the one that issued the
// credential. Accepted documents still valid are carried over (see currentDocuments), so the
// driver sends only what expired or changed.
import { db } from "~/utils/db.server";
import type { Actor } from "~/utils/audit.server";
import type { Category, Mode } from "~/domain/rule-packs";
import { startApplication } from "./application.server";

export async function startRenewal(credentialId: string, userId: string, actor: Actor) {
  const credential = await db.credential.findUnique({ where: { id: credentialId }, include: { application: true, holderPerson: true } });
  if (!credential || credential.holderPerson?.userId !== userId || !credential.application) {
    throw new Response("Credencial não encontrada.", { status: 404 });
  }
  const original = credential.application;
  return startApplication(
    userId,
    {
      municipalityId: original.municipalityId, category: original.category as Category, mode: original.mode as Mode,
      linkedOperatorId: original.linkedOperatorId, kind: "RENOVACAO", renewalOfId: original.id, draftJson: original.draftJson,
    },
    actor,
  );
}
