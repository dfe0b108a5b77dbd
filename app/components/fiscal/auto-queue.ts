// Autos written on the phone wait here (IndexedDB) until the server has them. Each keeps the
// clientRef it was written with, so a send whose answer was lost is simply sent again: the
// server recognises the clientRef and records the auto once. Flushes are serialised with a
// Web Lock (when the browser has them) so two tabs do not send the same item at once.
export type QueuedAuto = {
  clientRef: string;
  serial: string;
  /** The form fields as the server reads them (without the CSRF token). */
  fields: Record<string, string>;
  /** One line for the fiscal: credential and infraction. */
  summary: string;
  queuedAt: number;
  state: "PENDING" | "SENT" | "REJECTED";
  number?: string;
  sentAt?: number;
  error?: string;
};

export type FlushOutcome = { sent: QueuedAuto[]; stopped: null | "offline" | "login" | "server" };

const DB_NAME = "credencia-fiscal";
const STORE = "autos";
export const AUTOS_URL = "/fiscal/autos/novo";
const KEEP_SENT_MS = 7 * 86_400_000;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: "clientRef" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

export const queueAvailable = () => typeof indexedDB !== "undefined";

export async function listQueue(): Promise<QueuedAuto[]> {
  const all = await run("readonly", (s) => s.getAll() as IDBRequest<QueuedAuto[]>);
  return all.sort((a, b) => b.queuedAt - a.queuedAt);
}

/** Adds an auto; the same clientRef twice is the same item (kept as first queued). */
export async function enqueue(item: Omit<QueuedAuto, "state" | "queuedAt">): Promise<void> {
  const existing = await run("readonly", (s) => s.get(item.clientRef) as IDBRequest<QueuedAuto | undefined>);
  if (existing) return;
  await run("readwrite", (s) => s.put({ ...item, state: "PENDING", queuedAt: Date.now() } satisfies QueuedAuto));
}

export const saveItem = (item: QueuedAuto) => run("readwrite", (s) => s.put(item));
export const removeItem = (clientRef: string) => run("readwrite", (s) => s.delete(clientRef));

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request("credencia-fiscal-autos", fn) as Promise<T>) : fn();
}

/** Sends every pending auto, oldest first; stops at the first sign that later is better. */
export function flushQueue(csrf: string): Promise<FlushOutcome> {
  return withLock(async () => {
    const sent: QueuedAuto[] = [];
    const items = (await listQueue()).reverse();
    for (const old of items.filter((i) => i.state === "SENT" && Date.now() - (i.sentAt ?? 0) > KEEP_SENT_MS)) await removeItem(old.clientRef);
    for (const item of items.filter((i) => i.state === "PENDING")) {
      let response: Response;
      try {
        response = await fetch(AUTOS_URL, {
          method: "POST",
          headers: { Accept: "application/json" },
          body: new URLSearchParams({ ...item.fields, csrf }),
          credentials: "same-origin",
          redirect: "manual",
        });
      } catch {
        return { sent, stopped: "offline" as const };
      }
      // Signed out (session over while offline): keep everything, ask to sign in again.
      if (response.type === "opaqueredirect" || response.status === 401) return { sent, stopped: "login" as const };
      const body = (await response.json().catch(() => null)) as { number?: string; error?: { code?: string; message?: string } } | null;
      if (response.ok && body?.number) {
        const done: QueuedAuto = { ...item, state: "SENT", number: body.number, sentAt: Date.now() };
        await saveItem(done);
        sent.push(done);
        continue;
      }
      if (body?.error?.code === "csrf_failed") return { sent, stopped: "login" as const };
      if ([400, 403, 404, 409, 413].includes(response.status)) {
        await saveItem({ ...item, state: "REJECTED", error: body?.error?.message ?? `Recusado pelo servidor (${response.status}).` });
        continue;
      }
      return { sent, stopped: "server" as const }; // 429, 5xx: try again later
    }
    return { sent, stopped: null };
  });
}
