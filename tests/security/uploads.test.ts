// Issue #13 items 9 and 10, on a real HTTP server: Express with the Remix adapter's own
// request/response conversion (as server.js runs it) in front of the one upload path.
// 9: an oversized or malformed upload gets its answer (413/400 with the pt-BR reason), not a
//    reset connection, and the server does not buffer the body while refusing it.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// The adapter's own conversion functions (not re-exported by its index): exactly what server.js runs.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiJson } from "~/http/api.server";
import { closeWhenBodyUnread } from "~/http/unread-body.server";
import { receiveUpload } from "~/http/upload.server";
import { createLocalStorage } from "~/utils/storage/local.server";

const MiB = 1024 * 1024;
let server: Server;
let port: number;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "uploads-sec-"));
  const storage = createLocalStorage(join(dir, "files"));
  const app = express();
  // What server.js installs in front of Remix.
  app.use((req, res, next) => {
    closeWhenBodyUnread(req, res);
    next();
  });
  app.post("/enviar", async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      const result = await receiveUpload(request, {
        field: "arquivo",
        storage,
        remainingUserBytes: 50 * MiB,
        maxBytes: 10 * MiB,
        spoolDir: join(dir, "spool"),
      });
      const response = result.ok
        ? apiJson({ ok: true })
        : apiJson({ ok: false, message: result.message }, { status: result.status });
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** Sends `body` (in 64 KiB writes) and resolves with the answer as soon as it arrives. */
function send(headers: Record<string, string>, parts: Buffer[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/enviar", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
      res.on("error", reject);
    });
    // Writing may fail once the server has answered and closed: the answer is what counts.
    req.on("error", (error) => setTimeout(() => reject(error), 200));
    (async () => {
      for (const part of parts) {
        for (let i = 0; i < part.length; i += 64 * 1024) {
          if (req.destroyed) return;
          if (!req.write(part.subarray(i, i + 64 * 1024))) await new Promise((r) => req.once("drain", r));
        }
      }
      req.end();
    })().catch(() => undefined);
  });
}

function multipart(fileBytes: number) {
  const boundary = "----limite" + Date.now();
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const file = Buffer.alloc(fileBytes, 0x20);
  Buffer.from("%PDF-1.4\n").copy(file);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    parts: [head, file, tail],
    length: head.length + file.length + tail.length,
  };
}

describe("oversized and malformed uploads are answered", () => {
  it("an 11 MB upload with its length declared gets 413 and the pt-BR reason, and the body is not buffered", async () => {
    const body = multipart(11 * MiB);
    const heapBefore = process.memoryUsage().heapUsed;
    const answer = await send({ "Content-Type": body.contentType, "Content-Length": String(body.length) }, body.parts);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      ok: false,
      message: "O arquivo passa do limite de 10 MB. Envie um arquivo menor.",
    });
    expect(answer.headers.connection).toBe("close");
    // Refused from its declared length: the rest of the body is drained and thrown away, never
    // kept (the heap does not grow by anything like the size of the body).
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(8 * MiB);
  });

  it("an 11 MB upload streamed without a length is cut at 10 MB and still answered with 413", async () => {
    const body = multipart(11 * MiB);
    const answer = await send({ "Content-Type": body.contentType, "Transfer-Encoding": "chunked" }, body.parts);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toMatch(/passa do limite de 10 MB/);
    expect(answer.headers.connection).toBe("close");
    // The spool file of the refused upload is gone.
    expect(await readdir(join(dir, "spool")).catch(() => [])).toEqual([]);
  });

  it("a malformed or wrong-type body gets its 400/415 answer, not a reset", async () => {
    const notMultipart = await send({ "Content-Type": "application/octet-stream", "Content-Length": String(4 * MiB) }, [
      Buffer.alloc(4 * MiB),
    ]);
    expect(notMultipart.status).toBe(415);
    expect(JSON.parse(notMultipart.body).message).toMatch(/formulário da página/);

    const exe = multipart(3 * MiB);
    exe.parts[1] = Buffer.concat([Buffer.from("MZ\x90\x00"), Buffer.alloc(3 * MiB - 4)]);
    const wrongType = await send({ "Content-Type": exe.contentType, "Content-Length": String(exe.length) }, exe.parts);
    expect(wrongType.status).toBe(415);
    expect(JSON.parse(wrongType.body).message).toMatch(/Tipo de arquivo não aceito/);
  });
});

/**
 * Sends a multipart upload whose file is `fileBytes` of filler, written from one 64 KiB buffer
 * over and over: the client itself never holds the body. Resolves with the status of the answer.
 */
function sendFiller(fileBytes: number, declareLength: boolean): Promise<number> {
  const boundary = "----repetido" + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename="grande.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = Buffer.alloc(64 * 1024, 0x20);
  const first = Buffer.concat([Buffer.from("%PDF-1.4\n"), block.subarray(9)]);
  const headers: Record<string, string> = { "Content-Type": `multipart/form-data; boundary=${boundary}` };
  if (declareLength) headers["Content-Length"] = String(head.length + fileBytes + tail.length);
  else headers["Transfer-Encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "POST", path: "/enviar", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode!));
      res.on("error", reject);
    });
    req.on("error", (error) => setTimeout(() => reject(error), 200));
    (async () => {
      req.write(head);
      for (let sent = 0; sent < fileBytes && !req.destroyed; sent += block.length) {
        const part = sent === 0 ? first : block;
        if (!req.write(part.subarray(0, Math.min(part.length, fileBytes - sent)))) {
          await new Promise((r) => req.once("drain", r));
        }
      }
      if (!req.destroyed) req.end(tail);
    })().catch(() => undefined);
  });
}

describe("refusing oversized uploads costs flat memory", () => {
  it("five 30 MB uploads, with and without a declared length, are each answered 413 while the RSS stays flat", async () => {
    await sendFiller(11 * MiB, false); // warm up the path (modules, buffers, the spool folder)
    const before = process.memoryUsage().rss;
    let peak = before;
    for (const declareLength of [true, false, true, false, true]) {
      expect(await sendFiller(30 * MiB, declareLength)).toBe(413);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    // 150 MB were sent; a server holding even one body whole would grow by 30 MB (buffering
    // them, as request.arrayBuffer() does, grew it by over 100 MB).
    expect(peak - before).toBeLessThan(24 * MiB);
    expect(await readdir(join(dir, "spool")).catch(() => [])).toEqual([]);
    expect(await readdir(join(dir, "files")).catch(() => [])).toEqual([]);
  });
});

// 10: what a crash leaves on disk is removed at start and every hour.
describe("crash leftovers are swept", () => {
  it("removes old spool files, interrupted storage writes and orphaned objects; keeps what is referenced or recent", async () => {
    const { mkdir, writeFile, utimes } = await import("node:fs/promises");
    const { existsSync } = await import("node:fs");
    const { Readable } = await import("node:stream");
    const { db } = await import("~/utils/db.server");
    const { newStorageKey } = await import("~/utils/storage.server");
    const { sweepStorage, ORPHAN_GRACE_MS } = await import("~/models/storage-sweep.server");
    const { TEMP_GRACE_MS } = await import("~/utils/storage.server");
    const { createUser } = await import("../support/factories");

    const root = await mkdtemp(join(tmpdir(), "sweep-"));
    const storage = createLocalStorage(join(root, "files"));
    const spoolDir = join(root, "spool");
    await mkdir(spoolDir, { recursive: true });
    const now = new Date();
    const old = new Date(now.getTime() - Math.max(TEMP_GRACE_MS, ORPHAN_GRACE_MS) - 60_000);
    const age = (path: string) => utimes(path, old, old);

    // A spool file of a killed upload (half a personal document), and a fresh one still in use.
    const leftoverSpool = join(spoolDir, "upload-0123456789abcdef01234567");
    const liveSpool = join(spoolDir, "upload-fedcba9876543210fedcba98");
    await writeFile(leftoverSpool, "%PDF-1.4 metade de um RG");
    await writeFile(liveSpool, "%PDF-1.4 envio em andamento");
    await age(leftoverSpool);
    // A storage write interrupted before its rename.
    await mkdir(join(storage.root, "2026", "01"), { recursive: true });
    const leftoverTemp = join(storage.root, "2026", "01", ".abc.0a0b0c.tmp");
    await writeFile(leftoverTemp, "parcial");
    await age(leftoverTemp);
    // Stored, but the process died before the Document row: an orphan. And one with its row.
    const orphan = await storage.put(newStorageKey(old), Readable.from([Buffer.from("órfão")]));
    const kept = await storage.put(newStorageKey(old), Readable.from([Buffer.from("documento")]));
    const recent = await storage.put(newStorageKey(now), Readable.from([Buffer.from("acabou de chegar")]));
    for (const key of [orphan.key, kept.key]) await age(join(storage.root, key));
    const owner = await createUser();
    await db.document.create({
      data: {
        type: "RG",
        ownerUserId: owner.id,
        storageKey: kept.key,
        originalName: "rg.pdf",
        sha256: kept.sha256,
        mime: "application/pdf",
        sizeBytes: kept.size,
      },
    });

    const result = await sweepStorage({ now, spoolDir, storage });
    expect(result).toEqual({ spool: 1, temp: 1, orphans: 1 });
    expect(existsSync(leftoverSpool)).toBe(false);
    expect(existsSync(leftoverTemp)).toBe(false);
    expect(await storage.exists(orphan.key)).toBe(false);
    expect(existsSync(liveSpool)).toBe(true);
    expect(await storage.exists(kept.key)).toBe(true);
    expect(await storage.exists(recent.key)).toBe(true);
    // Idempotent.
    expect(await sweepStorage({ now, spoolDir, storage })).toEqual({ spool: 0, temp: 0, orphans: 0 });
    await rm(root, { recursive: true, force: true });
  });

  it("the sweep is one of the background jobs the server starts (run at start, then hourly)", async () => {
    const { BACKGROUND_JOBS } = await import("~/jobs/kinds.server");
    const sweep = BACKGROUND_JOBS.find((j) => j.name === "storage-sweep");
    expect(sweep?.everyMs).toBe(3_600_000);
  });
});
