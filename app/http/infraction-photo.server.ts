// One evidence photo from a multipart request (fields `csrf`, `photoRef`, file `foto`), through
// the one upload path; what it may be attached to is app/models/infraction-photo.server.ts.
import { assertCsrf } from "~/http/csrf.server";
import { receiveUpload } from "~/http/upload.server";
import {
  attachPhoto,
  decideBeforeStore,
  MAX_PHOTOS_PER_AUTO,
  type PhotoOutcome,
  photosHeld,
  photoTarget,
  refusal,
  type WriterActor,
} from "~/models/infraction-photo.server";
import { getStorage, type Storage } from "~/utils/storage.server";
import { uploadLimits } from "~/utils/upload-limits.server";

const STOP = new Error("photo decided before storing");

/** Attaches the request's photo to the auto `number`; `actorFor` is null where the user may not write autos. */
export async function receiveInfractionPhoto(
  request: Request,
  opts: { number: string; actorFor: (municipalityId: string) => WriterActor | null; storage?: Storage; now?: Date },
): Promise<PhotoOutcome> {
  const { infraction, actor, error } = await photoTarget(opts.number, opts.actorFor);
  if (error) return error;
  const storage = opts.storage ?? getStorage();
  const existing = await photosHeld(infraction.id);
  let photoRef = "";
  // A decision before storing (a resend, a refusal) throws STOP, so receiveUpload drops the spool.
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
