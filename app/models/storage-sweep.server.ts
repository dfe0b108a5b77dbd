// What a crash can leave on disk, swept at start and hourly: upload spool files (personal documents),
// interrupted ".tmp" writes, and orphan objects (stored before their row, which never came). Grace
// periods keep uploads in progress safe: a row is written seconds after its object.
import { readdir, rm, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { formatCount } from "~/domain/format";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { TEMP_GRACE_MS } from "~/utils/storage.server";
import { createLocalStorage, type LocalStorage, localStorageRoot } from "~/utils/storage/local.server";

export const ORPHAN_GRACE_MS = 60 * 60_000;
const BATCH = 500;

type SweepResult = { spool: number; temp: number; orphans: number };

export const defaultSpoolDir = () => resolve(env().DATA_DIR, "tmp", "uploads");

/** Removes spool files older than `olderThanMs` (only the upload code's own `upload-*` files). */
async function sweepSpool(dir: string, olderThanMs: number, now = new Date()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    if (!/^upload-[0-9a-f]+$/.test(name)) continue;
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info?.isFile() && now.getTime() - info.mtimeMs > olderThanMs) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/** Deletes stored objects that no Document and no Credential PDF refers to, older than the grace period. */
async function removeOrphanObjects(storage: LocalStorage, olderThanMs: number, now = new Date()): Promise<number> {
  const keys = await storage.listOldObjects(olderThanMs, now);
  let removed = 0;
  for (let i = 0; i < keys.length; i += BATCH) {
    const batch = keys.slice(i, i + BATCH);
    const [documents, credentials] = await Promise.all([
      db.document.findMany({ where: { storageKey: { in: batch } }, select: { storageKey: true } }),
      db.credential.findMany({ where: { pdfStorageKey: { in: batch } }, select: { pdfStorageKey: true } }),
    ]);
    const referenced = new Set<string>([
      ...documents.map((d) => d.storageKey),
      ...credentials.map((c) => c.pdfStorageKey!),
    ]);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.delete(key);
      removed++;
    }
  }
  return removed;
}

/** The whole sweep; with S3 only the local spool (the bucket's lifecycle rule does the rest, docs/security.md). */
export async function sweepStorage(
  opts: { now?: Date; spoolDir?: string; storage?: LocalStorage | null } = {},
): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const storage =
    opts.storage !== undefined
      ? opts.storage
      : env().STORAGE_DRIVER === "s3"
        ? null
        : createLocalStorage(localStorageRoot(env().DATA_DIR));
  const spool = await sweepSpool(opts.spoolDir ?? defaultSpoolDir(), TEMP_GRACE_MS, now);
  const temp = storage ? await storage.sweepTempFiles(TEMP_GRACE_MS, now) : 0;
  const orphans = storage ? await removeOrphanObjects(storage, ORPHAN_GRACE_MS, now) : 0;
  if (spool + temp + orphans > 0) {
    console.warn(
      `limpeza do armazenamento: ${formatCount(spool, "arquivo de envio", "arquivos de envio")}, ${formatCount(temp, "temporário", "temporários")} e ${formatCount(orphans, "órfão", "órfãos")} removidos`,
    );
  }
  return { spool, temp, orphans };
}
