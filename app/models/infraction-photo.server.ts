// Evidence photos on an auto de infração, one per request through the upload path
// (app/http/infraction-photo.server.ts), idempotent by the phone's `photoRef`. Only the auto's fiscal
// adds them, while it is REGISTERED (before the offender is notified), up to MAX_PHOTOS_PER_AUTO.
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import type { Storage } from "~/utils/storage.server";
import type { UploadedFile } from "~/utils/upload-check.server";

export const INFRACTION_PHOTO_TYPE = "FOTO_AUTO";
export const MAX_PHOTOS_PER_AUTO = 4;
const PHOTO_REF = /^[A-Za-z0-9_-]{16,64}$/;

export type PhotoOutcome =
  | { ok: true; created: boolean; photoId: string; count: number }
  | { ok: false; status: number; code: string; message: string };

export const refusal = (status: number, code: string, message: string): PhotoOutcome => ({
  ok: false,
  status,
  code,
  message,
});

export type WriterActor = Actor & { userId: string };

/** The auto a photo may be added to by this user, or why not (404 hides autos of others' municipalities). */
export async function photoTarget(number: string, actorFor: (municipalityId: string) => WriterActor | null) {
  const infraction = await db.infraction.findUnique({
    where: { number },
    select: { id: true, number: true, status: true, fiscalId: true, municipalityId: true },
  });
  const actor = infraction ? actorFor(infraction.municipalityId) : null;
  if (!infraction || !actor) return { error: refusal(404, "unknown_auto", "Auto de infração não encontrado.") };
  if (infraction.fiscalId !== actor.userId)
    return { error: refusal(403, "forbidden", "Só o fiscal que lavrou o auto pode anexar fotos a ele.") };
  return { infraction, actor };
}

/** What the auto already holds: the photos' refs and sizes (its quota is counted per auto). */
export function photosHeld(infractionId: string) {
  return db.document.findMany({ where: { infractionId }, select: { clientRef: true, sizeBytes: true } });
}

/** Null to store the photo; otherwise the answer (the stored photo for a resend, or a refusal). */
export async function decideBeforeStore(
  infraction: { id: string; status: string },
  held: number,
  photoRef: string,
): Promise<PhotoOutcome | null> {
  if (!PHOTO_REF.test(photoRef))
    return refusal(400, "invalid_photo_ref", "Identificador da foto inválido: recarregue a página.");
  const sent = await db.document.findUnique({
    where: { clientRef: photoRef },
    select: { id: true, infractionId: true },
  });
  if (sent && sent.infractionId !== infraction.id)
    return refusal(409, "photo_ref_conflict", "Este identificador já foi usado por outra foto.");
  if (sent) return { ok: true, created: false, photoId: sent.id, count: held };
  if (infraction.status !== "REGISTERED")
    return refusal(
      409,
      "auto_closed",
      "O auto já foi notificado ou decidido: anexe novas provas pelo processo administrativo.",
    );
  if (held >= MAX_PHOTOS_PER_AUTO)
    return refusal(409, "too_many_photos", `Um auto aceita no máximo ${MAX_PHOTOS_PER_AUTO} fotos.`);
  return null;
}

/** Records a stored photo on its auto, with its audit event; the file is removed if that fails. */
export async function attachPhoto(
  infraction: { id: string; number: string; municipalityId: string },
  actor: WriterActor,
  photoRef: string,
  file: UploadedFile,
  held: number,
  storage: Storage,
  now?: Date,
): Promise<PhotoOutcome> {
  try {
    const photo = await db.$transaction(async (tx) => {
      const created = await tx.document.create({
        data: {
          type: INFRACTION_PHOTO_TYPE,
          ownerUserId: actor.userId,
          infractionId: infraction.id,
          clientRef: photoRef,
          storageKey: file.key,
          originalName: file.originalName,
          sha256: file.sha256,
          mime: file.mime,
          sizeBytes: file.size,
          // Evidence, not a document under review: stored as received.
          reviewStatus: "ACCEPTED",
        },
      });
      await audit(tx, actor, {
        action: "infraction.photo",
        subjectType: "Infraction",
        subjectId: infraction.id,
        municipalityId: infraction.municipalityId,
        after: { number: infraction.number, photo: created.id, sha256: file.sha256, photoRef },
        at: now,
      });
      return created;
    });
    return { ok: true, created: true, photoId: photo.id, count: held + 1 };
  } catch (e) {
    await storage.delete(file.key);
    // The same photo sent twice at once: the unique photoRef let one in.
    if ((e as { code?: string }).code === "P2002") {
      const winner = await db.document.findUnique({
        where: { clientRef: photoRef },
        select: { id: true, infractionId: true },
      });
      if (winner?.infractionId === infraction.id)
        return { ok: true, created: false, photoId: winner.id, count: held + 1 };
    }
    throw e;
  }
}

/** The photos of an auto, oldest first (the order they were taken and sent). */
export function photosOf(infractionId: string) {
  return db.document.findMany({
    where: { infractionId, type: INFRACTION_PHOTO_TYPE },
    orderBy: { createdAt: "asc" },
    select: { id: true, mime: true, sizeBytes: true, sha256: true, createdAt: true },
  });
}

/** One photo, only through its auto and the auto's municipality (404 otherwise). */
export function photoOfInfraction(photoId: string, infractionId: string, municipalityId: string) {
  return db.document.findFirst({
    where: { id: photoId, type: INFRACTION_PHOTO_TYPE, infractionId, infraction: { municipalityId } },
  });
}
