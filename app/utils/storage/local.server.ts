// Local-disk driver, atomic: bytes go to a hidden temp file in the target folder, are fsynced and
// renamed over the key, then the folder is fsynced; a reader never sees half a file under a key.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { finished, pipeline } from "node:stream/promises";
import type { PutOptions, Storage, StorageBody, StoredObject } from "../storage.server";
import {
  assertValidStorageKey,
  isValidStorageKey,
  Meter,
  StorageNotFoundError,
  toNodeReadable,
} from "../storage.server";

/** `${DATA_DIR}/files`, absolute. */
export function localStorageRoot(dataDir: string): string {
  return resolve(dataDir, "files");
}

const isInside = (parent: string, child: string) => {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

const TEMP_SUFFIX = ".tmp";

export type LocalStorage = Storage & {
  readonly root: string;
  /** Removes temp files a crashed process left behind (older than `olderThanMs`). */
  sweepTempFiles(olderThanMs: number, now?: Date): Promise<number>;
  /** Keys of the stored objects last written more than `olderThanMs` ago (temp files excluded). */
  listOldObjects(olderThanMs: number, now?: Date): Promise<string[]>;
};

export function createLocalStorage(root: string, opts: { publicDir?: string } = {}): LocalStorage {
  const base = resolve(root);
  // Anything under public/ is served to the world by the static file handler.
  const publicDir = resolve(opts.publicDir ?? "public");
  if (isInside(publicDir, base)) throw new Error(`Uploads must not be stored under ${publicDir}: ${base}`);

  const pathFor = (key: string) => {
    assertValidStorageKey(key);
    const path = resolve(base, key);
    if (!isInside(base, path) || path === base) throw new Error(`Invalid storage key: ${key}`);
    return path;
  };

  async function put(key: string, body: StorageBody, opts: PutOptions = {}): Promise<StoredObject> {
    const target = pathFor(key);
    const source = toNodeReadable(body);
    if (await exists(key)) {
      source.destroy();
      throw new Error(`Storage key already in use: ${key}`);
    }
    const folder = dirname(target);
    await mkdir(folder, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      source.destroy();
      throw error;
    });
    const temp = join(folder, `.${basename(target)}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`);
    const meter = new Meter(opts.maxBytes);
    // flush: fsync before the descriptor is closed, so the rename publishes bytes on disk.
    const out = createWriteStream(temp, { flags: "wx", mode: 0o600, flush: true });
    try {
      await pipeline(source, meter, out, { signal: opts.signal });
      await rename(temp, target);
      await syncFolder(folder);
      return { key, size: meter.bytes, sha256: meter.sha256() };
    } catch (error) {
      source.destroy();
      out.destroy();
      await finished(out).catch(() => undefined); // the descriptor is closed before the unlink
      await rm(temp, { force: true });
      throw error;
    }
  }

  async function get(key: string) {
    const path = pathFor(key);
    // Open first, then stat the open file: the size matches the bytes that will be read.
    let handle: FileHandle;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function remove(key: string) {
    try {
      await unlink(pathFor(key));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }

  async function exists(key: string) {
    try {
      return (await stat(pathFor(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Every file under the storage folder older than `olderThanMs`, with its path and name. */
  async function oldFiles(olderThanMs: number, now: Date): Promise<{ path: string; name: string }[]> {
    const found: { path: string; name: string }[] = [];
    const walk = async (folder: string): Promise<void> => {
      let entries;
      try {
        entries = await readdir(folder, { withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) return;
        throw error;
      }
      for (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && now.getTime() - (await stat(path)).mtimeMs > olderThanMs)
          found.push({ path, name: entry.name });
      }
    };
    await walk(base);
    return found;
  }

  /** Removes interrupted writes (hidden `.tmp` files) left by a crash. */
  async function sweepTempFiles(olderThanMs: number, now = new Date()): Promise<number> {
    const temps = (await oldFiles(olderThanMs, now)).filter(
      (f) => f.name.startsWith(".") && f.name.endsWith(TEMP_SUFFIX),
    );
    for (const f of temps) await rm(f.path, { force: true });
    return temps.length;
  }

  /** The keys of stored objects older than `olderThanMs` (candidates for the orphan sweep). */
  async function listOldObjects(olderThanMs: number, now = new Date()): Promise<string[]> {
    return (await oldFiles(olderThanMs, now))
      .filter((f) => !f.name.startsWith("."))
      .map((f) => relative(base, f.path).split(sep).join("/"))
      .filter(isValidStorageKey);
  }

  return { driver: "local", root: base, put, get, delete: remove, exists, sweepTempFiles, listOldObjects };
}

async function syncFolder(folder: string) {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isNotFound = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: string }).code === "ENOENT";
