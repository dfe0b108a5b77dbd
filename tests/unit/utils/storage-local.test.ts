import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createStorage,
  isValidStorageKey,
  newStorageKey,
  StorageLimitError,
  StorageNotFoundError,
} from "~/utils/storage.server";
import { createLocalStorage, type LocalStorage, localStorageRoot } from "~/utils/storage/local.server";
import { listFiles } from "../../fixtures/files/requests";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A body that yields `good` chunks of 64 KiB and then fails, like a dropped connection. */
function failingBody(good: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent === good) return this.destroy(new Error("conexão perdida"));
      sent++;
      this.push(Buffer.alloc(64 * 1024, sent));
    },
  });
}

let dir: string;
let storage: LocalStorage;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "credencia-storage-"));
  storage = createLocalStorage(join(dir, "files"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("storage keys", () => {
  it("are made by the server as yyyy/mm/<128 random bits>", () => {
    const key = newStorageKey(new Date("2025-03-09T12:00:00Z"));
    expect(key).toMatch(/^2025\/03\/[0-9a-f]{32}$/);
    expect(newStorageKey()).not.toBe(newStorageKey());
    expect(isValidStorageKey(key)).toBe(true);
  });

  it("never take a path that could climb out of the root or hide a file", () => {
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "a//b", ".hidden", "a/.x.tmp", "a\\b", "", "a/", "a b"]) {
      expect(isValidStorageKey(bad), bad).toBe(false);
    }
  });
});

describe("local storage", () => {
  it("lives under ${DATA_DIR}/files and refuses a root under public/", () => {
    expect(localStorageRoot("/srv/credencia/data")).toBe("/srv/credencia/data/files");
    expect(() => createLocalStorage(join(dir, "public", "uploads"), { publicDir: join(dir, "public") })).toThrow(
      /public/,
    );
    expect(() => createLocalStorage("public/files")).toThrow(/public/);
  });

  it("stores a stream and returns its size and sha256; reads it back with its size", async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    const key = newStorageKey();
    const stored = await storage.put(key, Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]));
    expect(stored).toEqual({ key, size: bytes.length, sha256: sha256(bytes) });
    expect(await storage.exists(key)).toBe(true);
    const { stream, size } = await storage.get(key);
    expect(size).toBe(bytes.length);
    expect(sha256(await readAll(stream))).toBe(stored.sha256);
  });

  it("accepts a web ReadableStream body too", async () => {
    const body = new Blob(["olá, mundo"]).stream();
    const stored = await storage.put("2025/01/web", body);
    expect(stored.size).toBe(Buffer.byteLength("olá, mundo"));
    expect(await readFile(join(storage.root, "2025/01/web"), "utf8")).toBe("olá, mundo");
  });

  it("writes files readable by the server only", async () => {
    await storage.put("2025/01/privado", Readable.from([Buffer.from("x")]));
    expect((await stat(join(storage.root, "2025/01/privado"))).mode & 0o777).toBe(0o600);
  });

  it("is atomic: a body failing midway leaves no file at all, not even a temp file", async () => {
    const key = newStorageKey();
    await expect(storage.put(key, failingBody(5))).rejects.toThrow("conexão perdida");
    expect(await storage.exists(key)).toBe(false);
    expect(await listFiles(storage.root)).toEqual([]);
  });

  it("never shows a half-written file under the key while a put is in progress", async () => {
    const key = newStorageKey();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* slow() {
      yield Buffer.alloc(100_000, 1);
      await gate;
      yield Buffer.alloc(100_000, 2);
    }
    const writing = storage.put(key, Readable.from(slow()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await storage.exists(key)).toBe(false); // only a hidden temp file exists
    expect((await listFiles(storage.root)).every((f) => /\/\.[0-9a-f]{32}\.[0-9a-f]{12}\.tmp$/.test(f))).toBe(true);
    release();
    expect((await writing).size).toBe(200_000);
    expect(await listFiles(storage.root)).toEqual([key]);
  });

  it("aborting a put removes what was written", async () => {
    const key = newStorageKey();
    const controller = new AbortController();
    async function* endless() {
      for (let i = 0; ; i++) {
        if (i === 3) controller.abort();
        yield Buffer.alloc(64 * 1024);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    }
    await expect(storage.put(key, Readable.from(endless()), { signal: controller.signal })).rejects.toThrow();
    expect(await listFiles(storage.root)).toEqual([]);
  });

  it("refuses a body over maxBytes and keeps nothing", async () => {
    const key = newStorageKey();
    await expect(
      storage.put(key, Readable.from([Buffer.alloc(1000), Buffer.alloc(1000)]), { maxBytes: 1500 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await listFiles(storage.root)).toEqual([]);
  });

  it("does not overwrite an existing key", async () => {
    await storage.put("2025/01/um", Readable.from([Buffer.from("primeiro")]));
    await expect(storage.put("2025/01/um", Readable.from([Buffer.from("segundo")]))).rejects.toThrow(/in use/);
    expect(await readFile(join(storage.root, "2025/01/um"), "utf8")).toBe("primeiro");
  });

  it("get of a missing key throws StorageNotFoundError; delete is idempotent", async () => {
    await expect(storage.get("2025/01/nada")).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.put("2025/01/apagar", Readable.from([Buffer.from("x")]));
    await storage.delete("2025/01/apagar");
    await storage.delete("2025/01/apagar");
    expect(await storage.exists("2025/01/apagar")).toBe(false);
  });

  it("refuses keys that would escape the root, before touching the disk", async () => {
    await expect(storage.put("../fora", Readable.from([Buffer.from("x")]))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.get("../../etc/passwd")).rejects.toThrow(/Invalid storage key/);
    expect(await listFiles(dir)).toEqual([]);
  });

  it("sweeps temp files left by a crashed process, and only old ones", async () => {
    await storage.put("2025/01/bom", Readable.from([Buffer.from("x")]));
    const stale = join(storage.root, "2025/01/.abc.000000000000.tmp");
    const fresh = join(storage.root, "2025/01/.def.000000000000.tmp");
    await writeFile(stale, "meio arquivo");
    await writeFile(fresh, "em andamento");
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(stale, hourAgo, hourAgo);
    expect(await storage.sweepTempFiles(10 * 60_000)).toBe(1);
    expect(await listFiles(storage.root)).toEqual(["2025/01/.def.000000000000.tmp", "2025/01/bom"]);
  });

  it("is what createStorage gives for STORAGE_DRIVER=local", async () => {
    const configured = createStorage({ STORAGE_DRIVER: "local", DATA_DIR: dir, S3_REGION: "us-east-1" });
    expect(configured.driver).toBe("local");
    await configured.put("2025/02/env", Readable.from([Buffer.from("via env")]));
    expect(await readFile(join(dir, "files", "2025/02/env"), "utf8")).toBe("via env");
  });
});
