// S3-compatible driver. Bodies stream through lib-storage's Upload (at most `queueSize` 5 MiB parts
// in memory); an error aborts the multipart upload, so nothing is left under the key.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { PutOptions, Storage, StorageBody, StoredObject } from "../storage.server";
import { assertValidStorageKey, Meter, StorageNotFoundError, toNodeReadable } from "../storage.server";

type S3StorageConfig = {
  /** Unset for AWS itself; set (e.g. http://127.0.0.1:9000) for MinIO-like servers. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Defaults to true when an endpoint is set: MinIO-like servers rarely have wildcard DNS. */
  forcePathStyle?: boolean;
  /** Prepended to every key, e.g. "documentos/". */
  prefix?: string;
  partSize?: number;
  queueSize?: number;
};

const MiB = 1024 * 1024;

export function createS3Storage(config: S3StorageConfig): Storage {
  if (!config.bucket) throw new Error("S3 storage needs a bucket (S3_BUCKET)");
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Since 2025 the SDK adds CRC32 checksums (and aws-chunked trailers) to every upload by
    // default; many S3-compatible servers reject them. Send them only where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const prefix = config.prefix ?? "";
  const Bucket = config.bucket;
  const objectKey = (key: string) => {
    assertValidStorageKey(key);
    return `${prefix}${key}`;
  };

  async function put(key: string, body: StorageBody, opts: PutOptions = {}): Promise<StoredObject> {
    const Key = objectKey(key);
    const source = toNodeReadable(body);
    const meter = new Meter(opts.maxBytes);
    const upload = new Upload({
      client,
      params: { Bucket, Key, Body: meter, ContentType: opts.contentType ?? "application/octet-stream" },
      partSize: config.partSize ?? 5 * MiB,
      queueSize: config.queueSize ?? 2,
      leavePartsOnError: false,
    });
    const onAbort = () => void upload.abort().catch(() => undefined);
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    // The pump's failure (source error, limit) reaches the Upload as an error of its Body.
    const pumping = pipeline(source, meter).then(
      () => null,
      (error: unknown) => error,
    );
    try {
      if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
      await upload.done();
    } catch (error) {
      source.destroy();
      meter.destroy();
      const pumpError = await pumping;
      throw pumpError ?? error;
    } finally {
      opts.signal?.removeEventListener("abort", onAbort);
    }
    const pumpError = await pumping;
    if (pumpError) {
      await remove(key).catch(() => undefined);
      throw pumpError;
    }
    return { key, size: meter.bytes, sha256: meter.sha256() };
  }

  async function get(key: string) {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      if (!(out.Body instanceof Readable)) throw new Error("S3 GetObject returned no stream body");
      return { stream: out.Body, size: out.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async function remove(key: string) {
    await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
  }

  async function exists(key: string) {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  return { driver: "s3", put, get, delete: remove, exists };
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404);
