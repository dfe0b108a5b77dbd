// Where uploaded files live. One interface, two drivers chosen by STORAGE_DRIVER: the local
// disk under ${DATA_DIR}/files (never under public/) and any S3-compatible service. Keys are
// made by the server (`yyyy/mm/<random>`); a name a person typed never becomes a path.
// Decisions and their reasons: docs/decisions/006-uploads-and-storage.md.
import { createHash, randomBytes } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { contentDisposition, downloadName } from "~/domain/files/filename";
import { isAcceptedMime } from "~/domain/files/content-type";
import { env, type Env } from "./env.server";

/** How long a temporary file (an upload's spool, a write before its rename) may be in use: older
 * ones are what a crash left, and the storage sweep removes them (models/storage-sweep.server.ts). */
export const TEMP_GRACE_MS = 15 * 60_000;

export type StorageBody = ReadableStream<Uint8Array> | Readable;

export type PutOptions = {
  /** Recorded by drivers that keep it (S3); the database's `mime` is the source of truth. */
  contentType?: string;
  /** Refuse (StorageLimitError) and keep nothing once the body passes this many bytes. */
  maxBytes?: number;
  /** Aborting stops the write and keeps nothing. */
  signal?: AbortSignal;
};

export type StoredObject = { key: string; size: number; sha256: string };

export interface Storage {
  readonly driver: "local" | "s3";
  /** Streams `body` in; the object appears whole under `key` or not at all. */
  put(key: string, body: StorageBody, opts?: PutOptions): Promise<StoredObject>;
  /** Throws StorageNotFoundError when there is no such object. */
  get(key: string): Promise<{ stream: Readable; size: number }>;
  /** Idempotent: deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class StorageNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under key ${key}`);
    this.name = "StorageNotFoundError";
  }
}

export class StorageLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Stored object would exceed ${maxBytes} bytes`);
    this.name = "StorageLimitError";
  }
}

// Segments of letters, digits, "-", "_" and "."; none empty, none starting with "." (so no
// "..", and no clash with the local driver's ".<name>.tmp" files); no leading or double "/".
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 256 && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** `2025/03/9f86d081884c7d659a2feaa0c55ad015`: month folders keep directories small. */
export function newStorageKey(now: Date = new Date()): string {
  const yyyy = String(now.getUTCFullYear()).padStart(4, "0");
  const mm = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${yyyy}/${mm}/${randomBytes(16).toString("hex")}`;
}

/** A pass-through that counts, hashes (sha256) and enforces `maxBytes` on what goes by. */
export class Meter extends Transform {
  // Not "size": @aws-sdk/lib-storage reads Body.size as the total length of a Blob-like body.
  bytes = 0;
  readonly #hash = createHash("sha256");
  #digest: string | undefined;

  constructor(readonly maxBytes?: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.maxBytes !== undefined && this.bytes > this.maxBytes) return done(new StorageLimitError(this.maxBytes));
    this.#hash.update(chunk);
    done(null, chunk);
  }

  /** Call once the stream has ended. */
  sha256(): string {
    this.#digest ??= this.#hash.digest("hex");
    return this.#digest;
  }
}

export function toNodeReadable(body: StorageBody): Readable {
  return body instanceof Readable ? body : Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
}

export type StorageConfig = Pick<
  Env,
  | "STORAGE_DRIVER"
  | "DATA_DIR"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
>;

/**
 * The driver the configuration names. Drivers are imported on first use, so a server on the
 * local disk never loads the AWS SDK.
 */
export function createStorage(config: StorageConfig): Storage {
  let loaded: Promise<Storage> | undefined;
  const load = () =>
    (loaded ??=
      config.STORAGE_DRIVER === "s3"
        ? import("./storage/s3.server").then(({ createS3Storage }) =>
            createS3Storage({
              endpoint: config.S3_ENDPOINT,
              bucket: config.S3_BUCKET ?? "",
              region: config.S3_REGION,
              accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
              secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
            }),
          )
        : import("./storage/local.server").then(({ createLocalStorage, localStorageRoot }) =>
            createLocalStorage(localStorageRoot(config.DATA_DIR)),
          ));
  return {
    driver: config.STORAGE_DRIVER,
    put: async (key, body, opts) => (await load()).put(key, body, opts),
    get: async (key) => (await load()).get(key),
    delete: async (key) => (await load()).delete(key),
    exists: async (key) => (await load()).exists(key),
  };
}

let cached: Storage | undefined;
/** The application's storage, from the environment. */
export function getStorage(): Storage {
  cached ??= createStorage(env());
  return cached;
}

export type ServedDocument = { storageKey: string; mime: string; originalName: string; sizeBytes: number };

/**
 * Streams a stored document back. Whatever the file holds, the browser is told not to sniff
 * it, not to cache it, and (CSP sandbox) not to run anything in it, even when shown inline.
 * A mime outside the accepted three is never sent as such: it downloads as octet-stream.
 */
export async function fileResponse(
  storage: Storage,
  doc: ServedDocument,
  opts: { inline: boolean },
): Promise<Response> {
  const security = {
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  let object: { stream: Readable; size: number };
  try {
    object = await storage.get(doc.storageKey);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    return new Response("Arquivo não encontrado.", {
      status: 404,
      headers: { ...security, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const known = isAcceptedMime(doc.mime);
  const disposition = opts.inline && known ? "inline" : "attachment";
  const body = Readable.toWeb(object.stream) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      ...security,
      "Content-Type": known ? doc.mime : "application/octet-stream",
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(downloadName(doc.originalName, doc.mime), disposition),
    },
  });
}
