// Prisma's SQLite adapter (6.19.3) made safe for concurrent requests (ADR 048): on its ONE
// connection a query outside a transaction ran inside whichever one was open, and a DEFERRED
// transaction failed its write when another connection committed between its read and write.

type Queryable = { queryRaw(...args: unknown[]): Promise<unknown>; executeRaw(...args: unknown[]): Promise<unknown> };
type Transaction = Queryable & { commit(): Promise<void>; rollback(): Promise<void> };
type Adapter = Queryable & {
  client?: { prepare?: (sql: string) => unknown };
  startTransaction(...args: unknown[]): Promise<Transaction>;
};
type Factory = { connect(): Promise<unknown> };

/** Wraps the factory with both guarantees; `outsideWaitMs`: how long an outside query may wait (tests). */
export function safeForConcurrentRequests<F extends Factory>(
  factory: F,
  { outsideWaitMs = OUTSIDE_WAIT_MS }: { outsideWaitMs?: number } = {},
): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => queriesWaitForTransactions(beginImmediate((await connect()) as Adapter), outsideWaitMs);
  return factory;
}

/** `BEGIN IMMEDIATE` takes the write lock at the start; the adapter has no option for it, so its
 * connection's `prepare` rewrites the literal `BEGIN`. */
function beginImmediate(adapter: Adapter): Adapter {
  const client = adapter.client;
  const prepare = client?.prepare?.bind(client);
  if (!client || !prepare)
    throw new Error("Prisma's SQLite adapter changed: its connection is not where ADR 048 expects it");
  client.prepare = (sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
  return adapter;
}

/** A query outside a transaction waits while one is open or waiting; better-sqlite3 is synchronous,
 * so none is half-done when a transaction begins. */
function queriesWaitForTransactions(adapter: Adapter, outsideWaitMs: number): Adapter {
  let active = 0;
  let idle: Promise<void> = Promise.resolve();
  let wake = () => {};
  const enter = () => {
    if (active++ === 0) idle = new Promise((resolve) => (wake = resolve));
  };
  const leave = () => {
    if (--active === 0) wake();
  };

  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (...args) => {
    enter();
    let tx: Transaction;
    try {
      tx = await startTransaction(...args);
    } catch (e) {
      leave();
      throw e;
    }
    let ended = false;
    for (const end of ["commit", "rollback"] as const) {
      const original = tx[end].bind(tx);
      tx[end] = async () => {
        try {
          await original();
        } finally {
          if (!ended) {
            ended = true;
            leave();
          }
        }
      };
    }
    return tx;
  };

  // A query that waits this long is most likely called with `db` from inside a transaction's own
  // callback, which waits for it in turn: an error says so instead of a request that never ends.
  const untilNoTransaction = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(lateMessage(outsideWaitMs))), outsideWaitMs);
    });
    try {
      while (active) await Promise.race([idle, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  for (const method of ["queryRaw", "executeRaw"] as const) {
    const original = adapter[method].bind(adapter);
    adapter[method] = async (...args) => {
      if (active) await untilNoTransaction();
      return original(...args);
    };
  }
  return adapter;
}

/** How long SQLite waits for a lock, on every connection of the process. */
export const SQLITE_LOCK_WAIT_MS = 10_000;
const OUTSIDE_WAIT_MS = SQLITE_LOCK_WAIT_MS;
const lateMessage = (ms: number) =>
  `SQLite: a query outside a transaction waited ${ms} ms for it to end (ADR 048) — is \`db\` used inside a $transaction callback instead of \`tx\`?`;
