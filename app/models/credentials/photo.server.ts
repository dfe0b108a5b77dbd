// The photo a credential was issued with, public only through a short-lived signed URL.
import { createHmac } from "node:crypto";
import { safeEqual } from "~/utils/crypto.server";
import { db } from "~/utils/db.server";
import { subKey } from "~/utils/master-key.server";

/** The photo document a credential was issued with, if any (read from its stored render data). */
export function photoDocumentOf(renderDataJson: string): string | null {
  try {
    const id = (JSON.parse(renderDataJson) as { photoDocumentId?: unknown }).photoDocumentId;
    return typeof id === "string" ? id : null;
  } catch {
    return null;
  }
}

const PHOTO_TTL_SECONDS = 600;

function photoSignature(credentialId: string, expires: number): string {
  return createHmac("sha256", subKey("photo-links"))
    .update(`foto:${credentialId}:${expires}`)
    .digest("base64url")
    .slice(0, 32);
}

export function photoUrl(credentialId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + PHOTO_TTL_SECONDS;
  return `/v/foto/${credentialId}?e=${expires}&s=${photoSignature(credentialId, expires)}`;
}

export function photoUrlIsValid(
  credentialId: string,
  expires: string | null,
  signature: string | null,
  now: Date,
): boolean {
  const e = Number(expires);
  if (!Number.isInteger(e) || !signature || e < now.getTime() / 1000) return false;
  return safeEqual(photoSignature(credentialId, e), signature);
}

/** Statuses whose verification page may show the holder's face. */
const FACE_STATUSES = ["ACTIVE", "SUSPENDED", "EXPIRED"];

/** The holder's photo for the verification page, only while the credential's status may show it. */
export async function photoToShow(credentialId: string) {
  const credential = await db.credential.findUnique({ where: { id: credentialId }, select: { status: true } });
  if (!credential || !FACE_STATUSES.includes(credential.status)) return null;
  return credentialPhoto(credentialId);
}

/** The photo recorded at issuance, so the face a passenger sees is the one printed on the card. */
export async function credentialPhoto(credentialId: string) {
  const credential = await db.credential.findUnique({
    where: { id: credentialId },
    select: { renderDataJson: true, holderPersonId: true },
  });
  const documentId = credential ? photoDocumentOf(credential.renderDataJson) : null;
  if (!documentId || !credential?.holderPersonId) return null;
  return db.document.findFirst({
    where: { id: documentId, personId: credential.holderPersonId, reviewStatus: "ACCEPTED" },
  });
}
