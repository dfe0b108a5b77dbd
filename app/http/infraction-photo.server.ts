// One evidence photo from a multipart request (fields `csrf`, `photoRef`, file `foto`), through
// the one upload path; what it may be attached to is app/models/infraction-photo.server.ts.
import { assertCsrf } from "~/http/csrf.server";
import { receiveUpload } from "~/http/upload.server";
import { getStorage, type Storage } from "~/utils/storage.server";
import { uploadLimits } from "~/utils/upload-limits.server";
import {
  attachPhoto,
  decideBeforeStore,
  MAX_PHOTOS_PER_AUTO,
  photosHeld,
  photoTarget,
  refusal,
  type PhotoOutcome,
  type WriterActor,
} from "~/models/infraction-photo.server";

const STOP = new Error("photo decided before storing");

/**
 * Reads one photo from a multipart request (fields `csrf`, `photoRef`, file `foto`) and attaches
 * it to the auto `number`. `actorFor` gives the user as an actor in a municipality where they
 * may write autos, and null elsewhere.
 */
export async function receiveInfractionPhoto(
  request: Request,
  opts: { number: string; actorFor: (municipalityId: string) => WriterActor | null; storage?: Storage; now?: Date },
): Promise<PhotoOutcome> {
  const { infraction, actor, error } = await photoTarget(opts.number, opts.actorFor);
  if (error) return error;
  const storage = opts.storage ?? getStorage();
  const existing = await photosHeld(infraction.id);
  let photoRef = "";
  // What beforeStore decides without storing the file (a resend, a refusal) ends the upload
  // by throwing STOP; receiveUpload then removes what it spooled.
  let decided: PhotoOutcome | null = null;
  const stop = (outcome: PhotoOutcome): never => {
    decided = outcome;
    throw STOP;
  };
  let upload;
  try {
    upload = await receiveUpload(request, {
      field: "foto",
      storage,
      imagesOnly: true,
      // Counted per auto, not against the fiscal's own quota (which is for their documents).
      remainingUserBytes:
        MAX_PHOTOS_PER_AUTO * uploadLimits().maxFileBytes - existing.reduce((sum, d) => sum + d.sizeBytes, 0),
      maxFields: 4,
      now: opts.now,
      beforeStore: async (fields) => {
        assertCsrf(request, fields.csrf ?? null);
        photoRef = fields.photoRef ?? "";
        const outcome = await decideBeforeStore(infraction, existing.length, photoRef);
        if (outcome) stop(outcome);
      },
    });
  } catch (e) {
    if (e === STOP && decided) return decided;
    throw e;
  }
  if (!upload.ok) return refusal(upload.status, upload.code, upload.message);
  return attachPhoto(infraction, actor, photoRef, upload.file, existing.length, storage, opts.now);
}
