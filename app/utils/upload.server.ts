// The one way a file comes in. The multipart body is streamed (busboy) to a private spool
// file, counting bytes as they arrive: an oversized file is cut off mid-stream (413) and the
// type is decided from the first bytes, so a wrong file is refused before the rest is read.
// Then, at most HEAVY_CONCURRENCY at a time, the file is checked for what it claims to be: a
// PDF is opened with pdf-lib (unencrypted, complete, nothing after %%EOF); an image has its
// dimensions read from the header before any decoding, and is re-encoded by sharp (rotated by
// EXIF, every piece of metadata and any trailing data dropped). What is stored is the checked
// PDF or the re-encoded image; the sha256 is computed by the storage over exactly those bytes.
// Whatever happens, the spool files are removed and a refused upload leaves nothing stored.
// Why each choice: docs/decisions/006-uploads-and-storage.md.
import busboy from "busboy";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { once } from "node:events";
import sharp from "sharp";
import {
  detectAcceptedType,
  isImageMime,
  SNIFF_BYTES,
  type AcceptedMime,
  type ImageMime,
} from "~/domain/files/content-type";
import { uploadError, type UploadError, type UploadErrorCode } from "~/domain/files/errors";
import { sanitizeFilename } from "~/domain/files/filename";
import { inspectPdf } from "~/domain/files/pdf";
import { checkPixelLimits, PIXEL_LIMITS, readImageSize } from "~/domain/files/pixels";
import { env } from "./env.server";
import { newStorageKey, StorageLimitError, type Storage, type StoredObject } from "./storage.server";

const MiB = 1024 * 1024;

/** Longest side of a stored image; enough to read any document photographed by a phone. */
export const IMAGE_MAX_SIDE = 2000;
export const JPEG_QUALITY = 85;
/** pdf-lib and sharp hold a whole file in memory: this many run at once, per process. */
export const HEAVY_CONCURRENCY = 2;
/** Bytes kept in memory from the start of the file: type sniffing and image headers. */
const HEAD_BYTES = 64 * 1024;
/** If a JPEG's frame header is not in the first 64 KiB, look this far into the spooled file. */
const HEADER_SCAN_BYTES = 1 * MiB;

export type UploadedFile = {
  key: string;
  sha256: string;
  mime: AcceptedMime;
  size: number;
  /** Sanitised, for display only; never a path or a key. */
  originalName: string;
};

export type UploadResult = { ok: true; file: UploadedFile } | UploadError;
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
  /** Text fields (CSRF token, document type, dates): how many, and how long each. */
  maxFields?: number;
  maxFieldBytes?: number;
  /** Where the upload is spooled while it is checked; defaults to ${DATA_DIR}/tmp/uploads. */
  spoolDir?: string;
  /** For the storage key's yyyy/mm. */
  now?: Date;
  /**
   * Runs after the body is read and before anything is stored, with the text fields: check the
   * CSRF token or the form here. Whatever it throws (e.g. a 403 Response) propagates, and the
   * file is never stored.
   */
  beforeStore?: (fields: Record<string, string>) => void | Promise<void>;
};

export function uploadLimits(config = env()) {
  return { maxFileBytes: config.UPLOAD_MAX_FILE_MB * MiB, maxUserBytes: config.UPLOAD_MAX_USER_MB * MiB };
}

/** What a person may still upload, given the bytes their documents already take. */
export function remainingUploadBytes(usedBytes: number, config = env()): number {
  return Math.max(0, uploadLimits(config).maxUserBytes - usedBytes);
}

class Refusal extends Error {
  constructor(readonly code: UploadErrorCode) {
    super(code);
    this.name = "UploadRefusal";
  }
}

type Limits = {
  field: string;
  imagesOnly: boolean;
  maxBytes: number;
  remaining: number;
  maxFields: number;
  maxFieldBytes: number;
};

type SpooledFile = {
  path: string;
  size: number;
  filename: string;
  mime: AcceptedMime | null;
  imageSizeChecked: boolean;
};

/**
 * Reads a multipart/form-data request: the file in `options.field` (checked, cleaned and
 * stored, or refused) and the small text fields beside it.
 */
export async function receiveUpload(request: Request, options: ReceiveUploadOptions): Promise<ReceivedUpload> {
  const limits: Limits = {
    field: options.field,
    imagesOnly: options.imagesOnly ?? false,
    maxBytes: options.maxBytes ?? uploadLimits().maxFileBytes,
    remaining: Math.max(0, options.remainingUserBytes),
    maxFields: options.maxFields ?? 20,
    maxFieldBytes: options.maxFieldBytes ?? 8 * 1024,
  };
  const fields: Record<string, string> = {};
  const spool = new Spool(options.spoolDir ?? resolve(env().DATA_DIR, "tmp", "uploads"));
  const refuse = (code: UploadErrorCode): ReceivedUpload => ({
    ...uploadError(code, { maxBytes: limits.maxBytes, remainingBytes: limits.remaining }),
    fields,
  });
  try {
    if (limits.remaining <= 0) {
      await discard(request);
      return refuse("quota_exceeded");
    }
    // A declared length past every limit is refused before a byte is read.
    const declared = Number(request.headers.get("content-length") ?? NaN);
    const overhead = limits.maxFields * (limits.maxFieldBytes + 1024) + 64 * 1024;
    if (Number.isFinite(declared) && declared > limits.maxBytes + overhead) {
      await discard(request);
      return refuse("file_too_large");
    }

    const file = await readMultipart(request, limits, spool, fields);
    if (!file || (file.size === 0 && file.filename === "")) return refuse("missing_file");
    if (file.size === 0) return refuse("empty_file");
    if (!file.mime || (limits.imagesOnly && !isImageMime(file.mime)))
      return refuse(limits.imagesOnly ? "not_an_image" : "unsupported_type");

    await options.beforeStore?.(fields);

    const mime = file.mime;
    const put = async (body: Readable): Promise<StoredObject> => {
      try {
        const key = newStorageKey(options.now);
        return await options.storage.put(key, body, { contentType: mime, maxBytes: limits.remaining });
      } catch (error) {
        if (error instanceof StorageLimitError) throw new Refusal("quota_exceeded");
        throw error;
      }
    };
    const stored = await heavy(() =>
      mime === "application/pdf" ? storePdf(file, put) : storeImage(file, mime as ImageMime, spool, put),
    );
    return {
      ok: true,
      file: {
        key: stored.key,
        sha256: stored.sha256,
        size: stored.size,
        mime,
        originalName: sanitizeFilename(file.filename),
      },
      fields,
    };
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.code);
    throw error;
  } finally {
    await spool.cleanup();
  }
}

async function storePdf(file: SpooledFile, put: (body: Readable) => Promise<StoredObject>) {
  const bytes = await readFile(file.path);
  // A view, not a copy: pdf-lib itself copies the stream contents it parses.
  const verdict = await inspectPdf(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!verdict.ok) throw new Refusal(verdict.code);
  return put(createReadStream(file.path));
}

async function storeImage(
  file: SpooledFile,
  mime: ImageMime,
  spool: Spool,
  put: (body: Readable) => Promise<StoredObject>,
) {
  if (!file.imageSizeChecked) checkImageHeader(await readPrefix(file.path, HEADER_SCAN_BYTES), mime, true);
  const output = await spool.newPath();
  try {
    // failOn "warning" (sharp's default, stated here on purpose) refuses truncated and corrupt
    // data; limitInputPixels repeats our header check inside libvips. No keepMetadata/withExif:
    // the output carries no EXIF, XMP, IPTC, ICC or comments, and nothing after the image.
    let image = sharp(file.path, { limitInputPixels: PIXEL_LIMITS.maxPixels, failOn: "warning" })
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    image = mime === "image/png" ? image.png() : image.jpeg({ quality: JPEG_QUALITY });
    await image.toFile(output);
  } catch {
    throw new Refusal("invalid_image");
  }
  return put(createReadStream(output));
}

/** Throws unless the header is complete (when `final`), valid, and within the pixel limits. */
function checkImageHeader(head: Uint8Array, mime: ImageMime, final: boolean): boolean {
  const size = readImageSize(head, mime);
  if (size.kind === "invalid") throw new Refusal("invalid_image");
  if (size.kind === "incomplete") {
    if (final) throw new Refusal("invalid_image");
    return false;
  }
  if (!checkPixelLimits(size).ok) throw new Refusal("image_too_large");
  return true;
}

async function readMultipart(
  request: Request,
  limits: Limits,
  spool: Spool,
  fields: Record<string, string>,
): Promise<SpooledFile | null> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    await discard(request);
    throw new Refusal("not_multipart");
  }
  if (!request.body) throw new Refusal("malformed");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8", // browsers send file names as raw UTF-8
      limits: {
        files: 1,
        fields: limits.maxFields,
        parts: limits.maxFields + 1,
        fieldNameSize: 100,
        fieldSize: limits.maxFieldBytes,
        headerPairs: 20,
        fileSize: limits.maxBytes + 1, // a safety net: our own count refuses at maxBytes + 1
      },
    });
  } catch {
    await discard(request);
    throw new Refusal("malformed");
  }

  const reader = request.body.getReader();
  let failure: unknown;
  // Whoever waits (for "drain" or "close") leaves a wake-up here, so a failure ends the wait.
  // No Promise.race against a long-lived "failed" promise: each race leaves a reaction on it
  // that holds the chunk it resolved with, and a whole upload would pile up in memory.
  let wakeWaiter: (() => void) | undefined;
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    // Stop reading without destroying the request: a pending read() rejects and the body stays
    // unread (paused by backpressure), so the refusal can still be written — the server closes
    // the connection after it (closeWhenBodyUnread). Cancelling would destroy the socket first.
    stopReading(reader);
    wakeWaiter?.();
  };
  let closed = false;
  const waitFor = (event: "drain" | "close") =>
    new Promise<void>((resolve) => {
      if (failure !== undefined || (event === "close" && closed)) return resolve();
      const done = () => {
        parser.off(event, done);
        wakeWaiter = undefined;
        resolve();
      };
      parser.on(event, done);
      wakeWaiter = done;
    });

  let spooling: Promise<SpooledFile> | undefined;
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(new Refusal("field_too_large"));
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    // The stream's errors reach spoolFile through its iterator (even one that starts after the
    // error); this listener only keeps an error with no reader from crashing the process.
    stream.on("error", () => undefined);
    if (name !== limits.field || spooling) {
      stream.resume();
      return fail(new Refusal(spooling ? "too_many_files" : "unexpected_file"));
    }
    // busboy stops passing bytes at its fileSize limit and races through the rest of the body:
    // fail at once, so the reading loop stops too.
    stream.once("limit", () => fail(new Refusal("file_too_large")));
    spooling = spoolFile(stream, info.filename ?? "", limits, spool);
    spooling.catch(fail);
  });
  parser.on("filesLimit", () => fail(new Refusal("too_many_files")));
  parser.on("fieldsLimit", () => fail(new Refusal("too_many_fields")));
  parser.on("partsLimit", () => fail(new Refusal("too_many_fields")));
  // A body that stops before the closing boundary was cut off in transit; anything else is junk.
  parser.on("error", (error: Error) =>
    fail(new Refusal(/^Unexpected end of (form|file)/.test(error.message) ? "interrupted" : "malformed")),
  );
  parser.on("close", () => (closed = true));

  try {
    while (failure === undefined) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        fail(new Refusal("interrupted")); // the client went away, or the body stream failed
        break;
      }
      if (failure !== undefined) break;
      if (chunk.done) {
        parser.end();
        break;
      }
      if (!parser.write(chunk.value)) await waitFor("drain");
    }
    await waitFor("close");
    const file = failure === undefined && spooling ? await spooling.catch((error: unknown) => fail(error)) : null;
    if (failure !== undefined) throw failure;
    return file ?? null;
  } finally {
    if (failure !== undefined) {
      parser.destroy();
      // Wait for the spool writer to let go before its file is removed.
      await spooling?.catch(() => undefined);
    }
  }
}

async function spoolFile(stream: Readable, filename: string, limits: Limits, spool: Spool): Promise<SpooledFile> {
  const path = await spool.newPath();
  const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  let size = 0;
  let mime: AcceptedMime | null | undefined;
  let imageSizeChecked = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limits.maxBytes) throw new Refusal("file_too_large");
      if (headLength < HEAD_BYTES) {
        const take = Math.min(chunk.length, HEAD_BYTES - headLength);
        head.set(chunk.subarray(0, take), headLength);
        headLength += take;
        if (mime === undefined && headLength >= SNIFF_BYTES) {
          mime = await detectAcceptedType(head.subarray(0, headLength));
          if (!mime) throw new Refusal(limits.imagesOnly ? "not_an_image" : "unsupported_type");
          if (limits.imagesOnly && !isImageMime(mime)) throw new Refusal("not_an_image");
        }
        // Refuse a pixel flood as soon as its header has arrived, not after the whole body.
        if (mime && isImageMime(mime) && !imageSizeChecked) {
          imageSizeChecked = checkImageHeader(head.subarray(0, headLength), mime, false);
        }
      }
      // A PDF is stored as received, so its quota can be enforced while it streams.
      if (mime === "application/pdf" && size > limits.remaining) throw new Refusal("quota_exceeded");
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await finished(out);
  } catch (error) {
    stream.destroy();
    out.destroy();
    await finished(out).catch(() => undefined);
    throw error;
  }
  if (mime === undefined && size > 0) mime = await detectAcceptedType(head.subarray(0, headLength));
  if (mime && isImageMime(mime) && !imageSizeChecked && size <= HEAD_BYTES) {
    imageSizeChecked = checkImageHeader(head.subarray(0, headLength), mime, true);
  }
  return { path, size, filename, mime: mime ?? null, imageSizeChecked };
}

/** Private scratch files for one upload, all removed by cleanup(). */
class Spool {
  readonly #paths: string[] = [];
  #ready: Promise<unknown> | undefined;
  constructor(readonly dir: string) {}

  async newPath(): Promise<string> {
    this.#ready ??= mkdir(this.dir, { recursive: true, mode: 0o700 });
    await this.#ready;
    const path = join(this.dir, `upload-${randomBytes(12).toString("hex")}`);
    this.#paths.push(path);
    return path;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.#paths.map((path) => rm(path, { force: true })));
  }
}

async function readPrefix(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    const buffer = new Uint8Array(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Leaves the rest of a refused body unread. Not `body.cancel()`: on the Node adapter that
 * destroys the request's socket before the 413/400 is written, and the person sees "network
 * error" instead of the reason. The answer goes out with `Connection: close` and the socket is
 * closed once it is flushed (closeWhenBodyUnread in app/utils/unread-body.server.ts).
 */
async function discard(_request: Request) {
  // Deliberately nothing: the body is left unread (and, unread, it is paused by backpressure).
}

function stopReading(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    reader.releaseLock(); // a pending read() rejects; nothing more is pulled from the socket
  } catch {
    // already released
  }
}

/** A tiny semaphore: at most `limit` callers inside at once, the rest wait in order. */
function semaphore(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active < limit) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

const heavy = semaphore(HEAVY_CONCURRENCY);
