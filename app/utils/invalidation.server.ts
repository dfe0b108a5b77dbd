// Cross-server cache invalidation (ADR 035): a change another server may have cached publishes
// `topic` + `key`, and the others drop their copy. Redis pub/sub, else PostgreSQL LISTEN/NOTIFY;
// SQLite is one server. After a reconnection every handler runs with "*" (messages may be lost);
// an unsent message is kept and resent (ADR 042), or a peer that never dropped would keep its copy.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import pg from "pg";
import { env, isPostgres } from "./env.server";
import { newRedisConnection, redis } from "./redis.server";

/** Redis channel and PostgreSQL NOTIFY channel. */
export const INVALIDATION_CHANNEL = "credencia_invalidacao";
/** The key meaning "everything under this topic". */
export const ALL = "*";

type Handler = (key: string) => void;
type Message = { origin: string; topic: string; key: string };

/** This process, so it ignores its own messages coming back. */
const ORIGIN = randomUUID();
const handlers = new Map<string, Set<Handler>>();

/** Runs `handler` whenever another server publishes on `topic`. Returns the unsubscribe. */
export function subscribe(topic: string, handler: Handler): () => void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

function deliver(raw: string, origin: string = ORIGIN): void {
  let message: Message;
  try {
    message = JSON.parse(raw) as Message;
  } catch {
    return;
  }
  if (message.origin === origin || typeof message.topic !== "string" || typeof message.key !== "string") return;
  runHandlers(message.topic, message.key);
}

function runHandlers(topic: string, key: string): void {
  for (const handler of handlers.get(topic) ?? []) {
    try {
      handler(key);
    } catch (e) {
      console.error(`invalidação "${topic}" falhou:`, e);
    }
  }
}

/** Every topic's handlers with "*": after a reconnection, when messages may have been lost. */
function dropEverything(): void {
  for (const topic of handlers.keys()) runHandlers(topic, ALL);
}

export type Transport = {
  readonly kind: "redis" | "postgres";
  send(payload: string): Promise<void>;
  /** Starts delivering messages to `onMessage`; `onReconnect` after a connection was lost and regained. */
  listen(onMessage: (payload: string) => void, onReconnect: () => void): Promise<void>;
  close(): Promise<void>;
};

function readyWithin(client: Redis, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis não conectou em ${ms} ms`)), ms);
    client.once("ready", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export function redisTransport(url: string, sender: Redis): Transport {
  let subscriber: Redis | null = null;
  return {
    kind: "redis",
    send: async (payload) => {
      // A process that has just connected (a command line tool) waits briefly for the connection.
      if (sender.status !== "ready") await readyWithin(sender, 2_000);
      await sender.publish(INVALIDATION_CHANNEL, payload);
    },
    listen(onMessage, onReconnect) {
      const sub = (subscriber = newRedisConnection(url, "invalidacao"));
      sub.on("message", (_channel: string, payload: string) => onMessage(payload));
      let connectedBefore = false;
      return new Promise<void>((resolve) => {
        // On every (re)connection subscribe (harmless if ioredis did) and, after a loss, drop everything.
        sub.on("ready", () => {
          sub
            .subscribe(INVALIDATION_CHANNEL)
            .then(() => resolve())
            .catch((e: Error) => console.error("Redis: assinatura da invalidação falhou:", e.message));
          if (connectedBefore) onReconnect();
          connectedBefore = true;
        });
      });
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    },
  };
}

export function postgresTransport(connectionString: string, name = "credencia:invalidacao"): Transport {
  let listener: pg.Client | null = null;
  let closed = false;
  let sender: pg.Pool | null = null;
  return {
    kind: "postgres",
    async send(payload) {
      if (!sender) {
        sender = new pg.Pool({ connectionString, max: 1, idleTimeoutMillis: 10_000, allowExitOnIdle: true });
        sender.on("error", (e) => console.error("invalidação: conexão ociosa perdida:", e.message));
      }
      await sender.query("SELECT pg_notify($1, $2)", [INVALIDATION_CHANNEL, payload]);
    },
    async listen(onMessage, onReconnect) {
      let attempt = 0;
      let lost = false;
      const connect = async (): Promise<void> => {
        if (closed) return;
        const client = new pg.Client({ connectionString, application_name: name });
        let failed = false;
        const fail = () => {
          if (failed || closed) return;
          failed = true;
          lost = true;
          if (listener === client) listener = null;
          client.end().catch(() => undefined);
          setTimeout(() => void connect(), Math.min(2_000, 200 * ++attempt)).unref();
        };
        client.on("notification", (n) => n.payload && onMessage(n.payload));
        client.on("error", fail);
        client.on("end", fail);
        try {
          await client.connect();
          await client.query(`LISTEN ${INVALIDATION_CHANNEL}`);
        } catch {
          fail();
          return;
        }
        listener = client;
        attempt = 0;
        if (lost) {
          lost = false;
          onReconnect();
        }
      };
      await connect();
    },
    async close() {
      closed = true;
      await Promise.all([listener?.end().catch(() => undefined), sender?.end().catch(() => undefined)]);
      listener = null;
      sender = null;
    },
  };
}

let transport: Transport | null | undefined;

/** The transport this configuration uses (null: SQLite, one server). */
function currentTransport(): Transport | null {
  if (transport === undefined) {
    const { REDIS_URL, DATABASE_URL } = env();
    const sender = redis();
    if (REDIS_URL && sender) transport = redisTransport(REDIS_URL, sender);
    else if (isPostgres()) transport = postgresTransport(DATABASE_URL);
    else transport = null;
  }
  return transport;
}

const payloadOf = (topic: string, key: string) => JSON.stringify({ origin: ORIGIN, topic, key } satisfies Message);

/** Messages not sent yet, by topic. Past this many keys a topic's become "*" (bounded memory). */
const unsent = new Map<string, Set<string>>();
const MAX_UNSENT_KEYS = 100;
const RETRY_FIRST_MS = 500;
const RETRY_MOST_MS = 5_000;
let retryTimer: NodeJS.Timeout | null = null;
let retryDelay = RETRY_FIRST_MS;

function keepUnsent(topic: string, key: string): void {
  let keys = unsent.get(topic);
  if (!keys) unsent.set(topic, (keys = new Set()));
  if (key === ALL || keys.has(ALL) || keys.size >= MAX_UNSENT_KEYS) {
    keys.clear();
    keys.add(ALL);
  } else keys.add(key);
  scheduleResend();
}

function scheduleResend(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void resendUnsent();
  }, retryDelay);
  retryTimer.unref();
}

let resending: Promise<void> | null = null;

/** Sends what could not be sent, oldest topic first; stops at the first failure and tries later. */
function resendUnsent(): Promise<void> {
  resending ??= (async () => {
    const t = currentTransport();
    if (!t) return unsent.clear();
    let sent = 0;
    for (const [topic, keys] of [...unsent]) {
      for (const key of [...keys]) {
        try {
          await t.send(payloadOf(topic, key));
        } catch {
          retryDelay = Math.min(retryDelay * 2, RETRY_MOST_MS);
          scheduleResend();
          return;
        }
        keys.delete(key);
        sent++;
      }
      if (!keys.size) unsent.delete(topic);
    }
    retryDelay = RETRY_FIRST_MS;
    if (sent) console.log(`Invalidação entre servidores: ${sent} aviso(s) pendente(s) reenviado(s).`);
    if (unsent.size) scheduleResend(); // kept while this pass ran
  })().finally(() => (resending = null));
  return resending;
}

/** How many messages wait to be sent again (for tests and the log). */
export function unsentInvalidations(): number {
  return [...unsent.values()].reduce((n, keys) => n + keys.size, 0);
}

/** Tells the other servers to drop `key` under `topic`. Never throws: an unsent message is kept and
 * retried (every 0.5–5 s, and on reconnection) until the transport takes it. */
export async function publish(topic: string, key: string = ALL): Promise<void> {
  const t = currentTransport();
  if (!t) return;
  try {
    await t.send(payloadOf(topic, key));
  } catch (e) {
    console.error(
      `Não foi possível avisar os outros servidores (invalidação "${topic}"); o aviso será reenviado:`,
      (e as Error)?.message ?? e,
    );
    keepUnsent(topic, key);
  }
}

let listening: Promise<void> | null = null;

/** Starts receiving the other servers' messages (once, when the server starts). */
export function startInvalidation(): Promise<void> {
  const t = currentTransport();
  if (!t) return Promise.resolve();
  listening ??= t.listen(
    (payload) => deliver(payload),
    () => {
      dropEverything();
      if (unsent.size) void resendUnsent();
    },
  );
  return listening;
}

/** Stops listening and sending (shutdown). */
export async function stopInvalidation(): Promise<void> {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const t = transport;
  transport = undefined;
  listening = null;
  await t?.close();
}

/** For tests: a receiver with its own identity, as another server would have. */
export function deliverAs(origin: string, payload: string): void {
  deliver(payload, origin);
}
