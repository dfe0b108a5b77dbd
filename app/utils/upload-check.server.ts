// A spooled upload's checks before storing (ADR 006, 045): a PDF opened with pdf-lib (unencrypted,
// complete, nothing after %%EOF); an image's size read from its header before decoding, then
// re-encoded by sharp without metadata or trailing data.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { combinePages, type PagePart } from "~/domain/files/combine";
import type { AcceptedMime, ImageMime } from "~/domain/files/content-type";
import type { UploadErrorCode } from "~/domain/files/errors";
import { inspectPdf } from "~/domain/files/pdf";
import { checkPixelLimits, PIXEL_LIMITS, readImageSize } from "~/domain/files/pixels";
import type { StoredObject } from "~/utils/storage.server";
import { MiB } from "~/utils/upload-limits.server";

/** A file that passed every check and is stored. */
export type UploadedFile = {
  key: string;
  sha256: string;
  mime: AcceptedMime;
  size: number;
  /** Sanitised, for display only; never a path or a key. */
  originalName: string;
};

/** Longest side of a stored image; enough to read any document photographed by a phone. */
const IMAGE_MAX_SIDE = 2000;
export const JPEG_QUALITY = 85;
/** pdf-lib and sharp hold a whole file in memory, so one at a time per process: a second slot cost
 * ~10 MiB of peak RSS for no gain in wall time (ADR 045; bench/README.md, "Upload memory"). */
export const HEAVY_CONCURRENCY = 1;
/** If a JPEG's frame header is not in the first 64 KiB, look this far into the spooled file. */
const HEADER_SCAN_BYTES = 1 * MiB;

/** Why a file was refused, thrown inside the intake and turned into an UploadError at its edge. */
export class UploadRefusal extends Error {
  constructor(readonly code: UploadErrorCode) {
    super(code);
    this.name = "UploadRefusal";
  }
}

export type SpooledFile = {
  path: string;
  size: number;
  filename: string;
  mime: AcceptedMime | null;
  imageSizeChecked: boolean;
};

export async function storePdf(file: SpooledFile, slot: ReadSlot, put: (body: Readable) => Promise<StoredObject>) {
  const bytes = await readInto(file.path, slot.take(file.size));
  const verdict = await inspectPdf(bytes);
  if (!verdict.ok) throw new UploadRefusal(verdict.code);
  // The very bytes checked, from the slot (held until put ends): no second read of the file.
  return put(Readable.from([bytes]));
}

export async function storeImage(
  file: SpooledFile,
  mime: ImageMime,
  spool: Spool,
  put: (body: Readable) => Promise<StoredObject>,
) {
  const output = await cleanImage(file, mime, spool);
  return put(createReadStream(output));
}

/** The pages of one document, each checked as if sent alone, combined into one PDF and stored only
 * within the page limit and `maxBytes`. */
export async function storeCombined(
  files: readonly SpooledFile[],
  spool: Spool,
  slot: ReadSlot,
  put: (body: Readable) => Promise<StoredObject>,
  maxBytes: number,
): Promise<{ stored: StoredObject; pages: number }> {
  const parts: PagePart[] = [];
  // The PDF parts side by side in the slot's buffer: each stays readable until the combine ends.
  const pdfBytes = files.reduce((sum, file) => sum + (file.mime === "application/pdf" ? file.size : 0), 0);
  let free = slot.take(pdfBytes);
  for (const file of files) {
    if (!file.mime) throw new UploadRefusal("unsupported_type");
    if (file.mime === "application/pdf") {
      const bytes = await readInto(file.path, free.subarray(0, file.size));
      free = free.subarray(bytes.length);
      const verdict = await inspectPdf(bytes);
      if (!verdict.ok) throw new UploadRefusal(verdict.code);
      parts.push({ mime: file.mime, bytes });
    } else {
      parts.push({ mime: file.mime, bytes: await readFile(await cleanImage(file, file.mime, spool)) });
    }
  }
  const combined = await combinePages(parts);
  if (!combined.ok) throw new UploadRefusal(combined.code);
  if (combined.bytes.length > maxBytes) throw new UploadRefusal("file_too_large");
  return { stored: await put(Readable.from([combined.bytes])), pages: combined.pages };
}

/** The image re-encoded by sharp into a new spool file (see the file's header). */
async function cleanImage(file: SpooledFile, mime: ImageMime, spool: Spool): Promise<string> {
  if (!file.imageSizeChecked) checkImageHeader(await readPrefix(file.path, HEADER_SCAN_BYTES), mime, true);
  const output = await spool.newPath();
  try {
    // failOn "warning" (stated on purpose) refuses corrupt data; limitInputPixels repeats the header
    // check in libvips; no keepMetadata/withExif, so no metadata or trailing data survives.
    let image = sharp(file.path, { limitInputPixels: PIXEL_LIMITS.maxPixels, failOn: "warning" })
      .autoOrient()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    image = mime === "image/png" ? image.png() : image.jpeg({ quality: JPEG_QUALITY });
    await image.toFile(output);
  } catch {
    throw new UploadRefusal("invalid_image");
  }
  return output;
}

/** Throws unless the header is complete (when `final`), valid, and within the pixel limits. */
export function checkImageHeader(head: Uint8Array, mime: ImageMime, final: boolean): boolean {
  const size = readImageSize(head, mime);
  if (size.kind === "invalid") throw new UploadRefusal("invalid_image");
  if (size.kind === "incomplete") {
    if (final) throw new UploadRefusal("invalid_image");
    return false;
  }
  if (!checkPixelLimits(size).ok) throw new UploadRefusal("image_too_large");
  return true;
}

/** Private scratch files for one upload, all removed by cleanup(). */
export class Spool {
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

/** A heavy slot's reused PDF buffer (the largest file read yet): one per upload waits for V8 to collect
 * it, and 20 PDFs of 10 MB left 80 MiB of garbage (bench/upload-memory.ts). Valid until released. */
export class ReadSlot {
  #buffer = new Uint8Array(0);
  take(bytes: number): Uint8Array {
    if (this.#buffer.length < bytes) this.#buffer = new Uint8Array(0); // the old one may go first
    if (this.#buffer.length < bytes) this.#buffer = new Uint8Array(Math.ceil(bytes / MiB) * MiB);
    return this.#buffer.subarray(0, bytes);
  }
}

/** The file's first `target.length` bytes, read into `target`; the view of what was read. */
async function readInto(path: string, target: Uint8Array): Promise<Uint8Array> {
  const handle = await open(path, "r");
  try {
    let filled = 0;
    while (filled < target.length) {
      const { bytesRead } = await handle.read(target, filled, target.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return target.subarray(0, filled);
  } finally {
    await handle.close();
  }
}

/** A tiny semaphore with a ReadSlot per place: at most `limit` tasks at once, the rest wait in order. */
function semaphore(limit: number) {
  const slots = Array.from({ length: limit }, () => new ReadSlot());
  const waiting: ((slot: ReadSlot) => void)[] = [];
  return async <T>(task: (slot: ReadSlot) => Promise<T>): Promise<T> => {
    const slot = slots.pop() ?? (await new Promise<ReadSlot>((resolve) => waiting.push(resolve))); // handed over
    try {
      return await task(slot);
    } finally {
      const next = waiting.shift();
      if (next) next(slot);
      else slots.push(slot);
    }
  };
}

export const heavy = semaphore(HEAVY_CONCURRENCY);
