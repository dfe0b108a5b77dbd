// "Meu crachá" (ADR 028): the holder's own credential and photo (the card's view-model is
// app/http/wallet-view.server.ts). Anyone but the holder, staff included, gets "not found".
import { isId } from "~/domain/ids";
import { notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { credentialPhoto } from "./photo.server";

const NOT_FOUND = "Credencial não encontrada.";

async function ownCredential(credentialId: string, userId: string) {
  if (!isId(credentialId)) throw notFound(NOT_FOUND);
  const c = await db.credential.findUnique({
    where: { id: credentialId },
    include: {
      holderPerson: { select: { userId: true } },
      municipality: { select: { name: true, uf: true, timeZone: true } },
    },
  });
  if (!c || !c.holderPerson || c.holderPerson.userId !== userId) throw notFound(NOT_FOUND);
  return c;
}

/** The holder's own credential with the id of its replacement, if the holder also holds it. */
export async function ownWalletCredential(credentialId: string, userId: string) {
  const c = await ownCredential(credentialId, userId);
  const replacement = c.supersededById
    ? await db.credential.findFirst({
        where: { id: c.supersededById, holderPersonId: c.holderPersonId },
        select: { id: true },
      })
    : null;
  return { credential: c, replacementId: replacement?.id ?? null };
}

/** The stored photo the credential was issued with, for its holder only; null when it has none. */
export async function walletPhoto(credentialId: string, userId: string) {
  const c = await ownCredential(credentialId, userId);
  return credentialPhoto(c.id);
}
