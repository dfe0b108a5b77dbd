// Where uploaded files live (ADR 006): the local disk under ${DATA_DIR}/files or S3, by STORAGE_DRIVER.
// Keys are the server's own (`yyyy/mm/<random>`): a name a person typed never becomes a path.
import { createHash, randomBytes } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { type Env, env } from "./env.server";

/** Temp files (spool, writes before rename) older than this are a crash's; the storage sweep removes them. */
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

type StorageConfig = Pick<
  Env,
  | "STORAGE_DRIVER"
  | "DATA_DIR"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
>;

/** The configured driver, imported on first use so a local-disk server never loads the AWS SDK. */
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

/** A stored object's bytes, read whole: for files the portal itself bounds (a badge photo, a coat of arms, a law PDF). */
export async function storedBytes(key: string, storage: Storage = getStorage()): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await storage.get(key)).stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
