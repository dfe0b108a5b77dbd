// Autos and photos wait on the phone (IndexedDB) until the server has them. Refs make a resend
// whose answer was lost count once; a Web Lock keeps two tabs from sending the same item.
type QueuedPhoto = {
  ref: string;
  /** Dropped once the auto is SENT: evidence does not stay on the phone after the server has it. */
  blob?: Blob;
  name: string;
  state: "PENDING" | "SENT" | "REJECTED";
  error?: string;
};

export type QueuedInfraction = {
  clientRef: string;
  serial: string;
  /** The form fields as the server reads them (without the CSRF token). */
  fields: Record<string, string>;
  /** One line for the fiscal: credential and infraction. */
  summary: string;
  queuedAt: number;
  state: "PENDING" | "SENT" | "REJECTED";
  /** Evidence photos, already reduced on the phone (photo.ts). */
  photos?: QueuedPhoto[];
  /** Known once the server has the auto (its photos may still be waiting). */
  number?: string;
  sentAt?: number;
  error?: string;
};

export type FlushOutcome = { sent: QueuedInfraction[]; stopped: null | "offline" | "login" | "server" };

const DB_NAME = "credencia-fiscal";
const STORE = "autos";
const AUTOS_URL = "/fiscal/autos/novo";
const photosUrl = (number: string) => `/fiscal/autos/${encodeURIComponent(number)}/fotos`;
const KEEP_SENT_MS = 7 * 86_400_000;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE))
        request.result.createObjectStore(STORE, { keyPath: "clientRef" });
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

export async function listQueue(): Promise<QueuedInfraction[]> {
  const all = await run("readonly", (s) => s.getAll() as IDBRequest<QueuedInfraction[]>);
  return all.sort((a, b) => b.queuedAt - a.queuedAt);
}

/** Adds an auto; the same clientRef twice is the same item (kept as first queued). */
export async function enqueue(item: Omit<QueuedInfraction, "state" | "queuedAt">): Promise<void> {
  const existing = await run("readonly", (s) => s.get(item.clientRef) as IDBRequest<QueuedInfraction | undefined>);
  if (existing) return;
  await run("readwrite", (s) => s.put({ ...item, state: "PENDING", queuedAt: Date.now() } satisfies QueuedInfraction));
}

const saveItem = (item: QueuedInfraction) => run("readwrite", (s) => s.put(item));
export const removeItem = (clientRef: string) => run("readwrite", (s) => s.delete(clientRef));

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== "undefined" ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? (locks.request("credencia-fiscal-autos", fn) as Promise<T>) : fn();
}

type Stop = NonNullable<FlushOutcome["stopped"]>;
type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; refused: string } | { ok: false; stop: Stop };

/** One POST of the queue, read as: done, refused for good (kept with the reason), or stop for now. */
async function post(url: string, body: URLSearchParams | FormData): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { Accept: "application/json" },
      body,
      credentials: "same-origin",
      redirect: "manual",
    });
  } catch {
    return { ok: false, stop: "offline" };
  }
  // Signed out (session over while offline): keep everything, ask to sign in again.
  if (response.type === "opaqueredirect" || response.status === 401) return { ok: false, stop: "login" };
  const json = (await response.json().catch(() => null)) as
    (Record<string, unknown> & { error?: { code?: string; message?: string } }) | null;
  if (response.ok && json) return { ok: true, body: json };
  if (json?.error?.code === "csrf_failed") return { ok: false, stop: "login" };
  if ([400, 403, 404, 409, 413, 415].includes(response.status))
    return { ok: false, refused: json?.error?.message ?? `Recusado pelo servidor (${response.status}).` };
  return { ok: false, stop: "server" }; // 429, 5xx: try again later
}

/** Sends every pending auto, oldest first, then its photos; stops at the first sign that later is better. */
export function flushQueue(csrf: string): Promise<FlushOutcome> {
  return withLock(async () => {
    const sent: QueuedInfraction[] = [];
    const items = (await listQueue()).reverse();
    for (const old of items.filter((i) => i.state === "SENT" && Date.now() - (i.sentAt ?? 0) > KEEP_SENT_MS))
      await removeItem(old.clientRef);
    for (let item of items.filter((i) => i.state === "PENDING")) {
      if (!item.number) {
        const answer = await post(AUTOS_URL, new URLSearchParams({ ...item.fields, csrf }));
        if ("stop" in answer) return { sent, stopped: answer.stop };
        if (!answer.ok) {
          await saveItem({ ...item, state: "REJECTED", error: answer.refused });
          continue;
        }
        if (typeof answer.body.number !== "string") return { sent, stopped: "server" };
        item = { ...item, number: answer.body.number };
        await saveItem(item);
      }
      for (const photo of item.photos ?? []) {
        if (photo.state !== "PENDING" || !photo.blob) continue;
        const form = new FormData();
        form.set("csrf", csrf);
        form.set("photoRef", photo.ref);
        form.set("foto", photo.blob, photo.name);
        const answer = await post(photosUrl(item.number!), form);
        if ("stop" in answer) return { sent, stopped: answer.stop };
        photo.state = answer.ok ? "SENT" : "REJECTED";
        if (!answer.ok) photo.error = answer.refused;
        await saveItem(item);
      }
      const done: QueuedInfraction = {
        ...item,
        state: "SENT",
        sentAt: Date.now(),
        photos: item.photos?.map(({ blob: _sent, ...photo }) => photo),
      };
      await saveItem(done);
      sent.push(done);
    }
    return { sent, stopped: null };
  });
}
