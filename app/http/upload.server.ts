// The one way a file comes in (ADR 006): streamed to a spool file (multipart.server.ts), then,
// HEAVY_CONCURRENCY at a time, checked and stored — the checked PDF or the re-encoded image.
// The spool is always removed, and a refused upload leaves nothing stored.
import { resolve } from "node:path";
import type { Readable } from "node:stream";
import { combinedName } from "~/domain/files/combine";
import { type AcceptedMime, type ImageMime, isImageMime } from "~/domain/files/content-type";
import { type UploadError, uploadError, type UploadErrorCode } from "~/domain/files/errors";
import { sanitizeFilename } from "~/domain/files/filename";
import { discard, type Limits, readMultipart } from "~/http/multipart.server";
import { env } from "~/utils/env.server";
import { newStorageKey, type Storage, StorageLimitError, type StoredObject } from "~/utils/storage.server";
import {
  heavy,
  Spool,
  storeCombined,
  storeImage,
  storePdf,
  type UploadedFile,
  UploadRefusal,
} from "~/utils/upload-check.server";
import { uploadLimits } from "~/utils/upload-limits.server";

export type { UploadedFile };

type UploadResult = { ok: true; file: UploadedFile } | UploadError;
export type ReceivedUpload = UploadResult & { fields: Record<string, string> };

export type ReceiveUploadOptions = {
  /** The `<input type="file" name=…>`; a file in any other field is refused. */
  field: string;
  storage: Storage;
  /** The person's quota minus what their documents already use (see remainingUploadBytes). */
  remainingUserBytes: number;
  /** Per-file limit; defaults to UPLOAD_MAX_FILE_MB. */
  maxBytes?: number;
  /** Only a photo will do (evidence for an auto): a PDF is refused like any other type. */
  imagesOnly?: boolean;
  /** Files the field may carry (default 1): several are pages combined into one PDF, together under maxBytes. */
  maxFiles?: number;
  /** Text fields (CSRF token, document type, dates): how many, and how long each. */
  maxFields?: number;
  maxFieldBytes?: number;
  /** Where the upload is spooled while it is checked; defaults to ${DATA_DIR}/tmp/uploads. */
  spoolDir?: string;
  /** For the storage key's yyyy/mm. */
  now?: Date;
  /** Runs after the body is read, before storing: check the CSRF token or form here; a throw propagates
   * and nothing is stored. */
  beforeStore?: (fields: Record<string, string>, files: { mimes: AcceptedMime[] }) => void | Promise<void>;
};

/** Reads a multipart request: the file in `options.field` (checked and stored, or refused) and the text fields. */
export async function receiveUpload(request: Request, options: ReceiveUploadOptions): Promise<ReceivedUpload> {
  const limits: Limits = {
    field: options.field,
    imagesOnly: options.imagesOnly ?? false,
    maxBytes: options.maxBytes ?? uploadLimits().maxFileBytes,
    remaining: Math.max(0, options.remainingUserBytes),
    maxFields: options.maxFields ?? 20,
    maxFieldBytes: options.maxFieldBytes ?? 8 * 1024,
    maxFiles: Math.max(1, options.maxFiles ?? 1),
  };
  const fields: Record<string, string> = {};
  const spool = new Spool(options.spoolDir ?? resolve(env().DATA_DIR, "tmp", "uploads"));
  const refuse = (code: UploadErrorCode): ReceivedUpload => ({
    ...uploadError(code, { maxBytes: limits.maxBytes, remainingBytes: limits.remaining, maxFiles: limits.maxFiles }),
    fields,
  });
  try {
    if (limits.remaining <= 0) {
      await discard(request);
      return refuse("quota_exceeded");
    }
    // A declared length past every limit is refused before a byte is read.
    const declared = Number(request.headers.get("content-length") ?? NaN);
    const overhead = limits.maxFields * (limits.maxFieldBytes + 1024) + limits.maxFiles * 1024 + 64 * 1024;
    if (Number.isFinite(declared) && declared > limits.maxBytes + overhead) {
      await discard(request);
      return refuse("file_too_large");
    }

    const files = await readMultipart(request, limits, spool, fields);
    if (files.length === 0) return refuse("missing_file");
    const mimes: AcceptedMime[] = [];
    for (const file of files) {
      if (file.size === 0) return refuse("empty_file");
      if (!file.mime || (limits.imagesOnly && !isImageMime(file.mime)))
        return refuse(limits.imagesOnly ? "not_an_image" : "unsupported_type");
      mimes.push(file.mime);
    }

    await options.beforeStore?.(fields, { mimes });

    const file = files[0];
    const mime: AcceptedMime = files.length > 1 ? "application/pdf" : mimes[0];
    const put = async (body: Readable): Promise<StoredObject> => {
      try {
        const key = newStorageKey(options.now);
        return await options.storage.put(key, body, { contentType: mime, maxBytes: limits.remaining });
      } catch (error) {
        if (error instanceof StorageLimitError) throw new UploadRefusal("quota_exceeded");
        throw error;
      }
    };
    if (files.length > 1) {
      const combined = await heavy((slot) => storeCombined(files, spool, slot, put, limits.maxBytes));
      const name = combinedName(sanitizeFilename(file.filename), combined.pages);
      return { ok: true, file: fileOf(combined.stored, mime, name), fields };
    }
    const stored = await heavy((slot) =>
      mime === "application/pdf" ? storePdf(file, slot, put) : storeImage(file, mime as ImageMime, spool, put),
    );
    return { ok: true, file: fileOf(stored, mime, sanitizeFilename(file.filename)), fields };
  } catch (error) {
    if (error instanceof UploadRefusal) return refuse(error.code);
    throw error;
  } finally {
    await spool.cleanup();
  }
}

function fileOf(stored: StoredObject, mime: AcceptedMime, originalName: string): UploadedFile {
  return { key: stored.key, sha256: stored.sha256, size: stored.size, mime, originalName };
}
