// The S3 driver against s3rver (an S3-compatible server in this process) behind a small proxy
// that records every request and checks its AWS Signature V4 with our own implementation of
// the algorithm: s3rver stores and serves objects but does not verify V4 signatures.
import { createHash, createHmac } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStorage, newStorageKey, StorageLimitError, StorageNotFoundError } from "~/utils/storage.server";
import { createS3Storage } from "~/utils/storage/s3.server";

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const ACCESS_KEY = "S3RVER"; // the account s3rver knows
const SECRET = "S3RVER";
const BUCKET = "documentos";
const MiB = 1024 * 1024;

type Recorded = {
  method: string;
  path: string;
  query: string;
  host: string;
  bytes: number;
  signatureValid: boolean;
  payloadHash: string;
};

let dir: string;
let s3rver: S3rver;
let proxy: Server;
let endpoint: string;
let recorded: Recorded[] = [];

const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** AWS Signature V4 for S3 (no double URI-encoding of the path), computed independently. */
function verifySigV4(req: IncomingMessage, body: Buffer, secret: string): boolean {
  const auth = req.headers.authorization ?? "";
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return false;
  const [, , date, region, signedHeaders, signature] = m;
  const url = new URL(req.url ?? "/", "http://x");
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const headers = signedHeaders
    .split(";")
    .map(
      (h) =>
        `${h}:${String(req.headers[h] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256Hex(body)) return false;
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join("\n");
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), "s3"), "aws4_request");
  return createHmac("sha256", key).update(toSign).digest("hex") === signature;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "credencia-s3-"));
  s3rver = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory: dir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port: s3Port } = await s3rver.run();
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", "http://x");
      const signatureValid = verifySigV4(req, body, SECRET);
      recorded.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.search,
        host: String(req.headers.host),
        bytes: body.length,
        signatureValid,
        payloadHash: String(req.headers["x-amz-content-sha256"]),
      });
      if (!signatureValid) {
        res.writeHead(403, { "content-type": "application/xml" });
        res.end(
          `<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code><Message>bad signature</Message></Error>`,
        );
        return;
      }
      // s3rver 3.7 lacks AbortMultipartUpload; answer it as S3 does.
      if (req.method === "DELETE" && url.searchParams.has("uploadId")) {
        res.writeHead(204).end();
        return;
      }
      const upstream = httpRequest(
        { host: "127.0.0.1", port: s3Port, method: req.method, path: req.url, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await s3rver.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  recorded = [];
});

const storage = () =>
  createS3Storage({ endpoint, bucket: BUCKET, region: "sa-east-1", accessKeyId: ACCESS_KEY, secretAccessKey: SECRET });

/** `total` bytes in 64 KiB chunks, generated as read. */
function generated(total: number, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return this.destroy(new Error("conexão perdida"));
      if (sent >= total) return this.push(null);
      const size = Math.min(64 * 1024, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = (sent + i) % 251;
      sent += size;
      this.push(chunk);
    },
  });
}

async function digest(stream: Readable) {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest("hex") };
}

describe("S3 storage", () => {
  it("puts a small file in one signed, path-style PutObject and reads it back", async () => {
    const s3 = storage();
    const key = newStorageKey();
    const stored = await s3.put(key, generated(200_000), { contentType: "application/pdf" });
    expect(stored.size).toBe(200_000);
    expect(await digest(generated(200_000))).toEqual({ size: 200_000, sha256: stored.sha256 });

    const puts = recorded.filter((r) => r.method === "PUT");
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      path: `/${BUCKET}/${key}`,
      host: endpoint.slice("http://".length),
      bytes: 200_000,
    });
    expect(puts[0].payloadHash).toMatch(/^[0-9a-f]{64}$/); // the body itself is signed
    expect(recorded.every((r) => r.signatureValid)).toBe(true);

    const { stream, size } = await s3.get(key);
    expect(size).toBe(200_000);
    expect(await digest(stream)).toEqual({ size: 200_000, sha256: stored.sha256 });
    expect(await s3.exists(key)).toBe(true);
  });

  it("streams a 12 MiB file as a multipart upload of 5 MiB parts", async () => {
    const s3 = storage();
    const key = newStorageKey();
    const total = 12 * MiB;
    const stored = await s3.put(key, generated(total));
    expect(stored.size).toBe(total);
    const params = (query: string) => [...new URLSearchParams(query).keys()].filter((k) => k !== "x-id").sort();
    const calls = recorded.map((r) => `${r.method} ${params(r.query).join(",")}`);
    expect(calls).toEqual([
      "POST uploads", // CreateMultipartUpload
      "PUT partNumber,uploadId",
      "PUT partNumber,uploadId",
      "PUT partNumber,uploadId",
      "POST uploadId", // CompleteMultipartUpload
    ]);
    const partSizes = recorded.filter((r) => r.method === "PUT").map((r) => r.bytes);
    expect(partSizes.sort((a, b) => b - a)).toEqual([5 * MiB, 5 * MiB, 2 * MiB]);
    expect(recorded.every((r) => r.signatureValid)).toBe(true);
    expect(await digest((await s3.get(key)).stream)).toEqual({ size: total, sha256: stored.sha256 });
  });

  it("a body failing midway aborts the multipart upload and leaves no object", async () => {
    const s3 = storage();
    const key = newStorageKey();
    await expect(s3.put(key, generated(12 * MiB, 7 * MiB))).rejects.toThrow("conexão perdida");
    expect(recorded.some((r) => r.method === "DELETE" && r.query.includes("uploadId="))).toBe(true);
    expect(recorded.some((r) => r.method === "POST" && r.query.startsWith("?uploadId="))).toBe(false); // never completed
    expect(await s3.exists(key)).toBe(false);
  });

  it("refuses a body over maxBytes and leaves no object", async () => {
    const s3 = storage();
    const key = newStorageKey();
    await expect(s3.put(key, generated(300_000), { maxBytes: 100_000 })).rejects.toBeInstanceOf(StorageLimitError);
    expect(await s3.exists(key)).toBe(false);
  });

  it("fails with a wrong secret: requests are really signed", async () => {
    const wrong = createS3Storage({
      endpoint,
      bucket: BUCKET,
      region: "sa-east-1",
      accessKeyId: ACCESS_KEY,
      secretAccessKey: "outro",
    });
    await expect(wrong.put(newStorageKey(), generated(10))).rejects.toThrow();
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((r) => !r.signatureValid)).toBe(true);
  });

  it("get of a missing key throws StorageNotFoundError; delete removes", async () => {
    const s3 = storage();
    await expect(s3.get("2025/01/inexistente")).rejects.toBeInstanceOf(StorageNotFoundError);
    const key = newStorageKey();
    await s3.put(key, generated(10));
    await s3.delete(key);
    expect(await s3.exists(key)).toBe(false);
  });

  it("is what createStorage gives for STORAGE_DRIVER=s3", async () => {
    const configured = createStorage({
      STORAGE_DRIVER: "s3",
      DATA_DIR: "./nao-usado",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: "sa-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    expect(configured.driver).toBe("s3");
    const key = newStorageKey();
    await configured.put(key, generated(1000));
    expect(recorded.some((r) => r.method === "PUT" && r.path === `/${BUCKET}/${key}` && r.signatureValid)).toBe(true);
  });
});
