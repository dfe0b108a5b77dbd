// Prisma's SQLite adapter (@prisma/adapter-better-sqlite3 6.19.3) made safe for a server that
// answers many requests at once (ADR 048). The adapter holds ONE connection: its interactive
// transactions take turns on a mutex, but a query outside any transaction runs on that same
// connection at once — inside whichever transaction is open. Such a write was undone when that
// transaction rolled back, and such a read saw its uncommitted rows. And a transaction begins
// DEFERRED, so a commit by another connection (the verification log's) between its read and its
// write failed that write. PostgreSQL (a pool of connections) has neither problem.

type Queryable = { queryRaw(...args: unknown[]): Promise<unknown>; executeRaw(...args: unknown[]): Promise<unknown> };
type Transaction = Queryable & { commit(): Promise<void>; rollback(): Promise<void> };
type Adapter = Queryable & {
  client?: { prepare?: (sql: string) => unknown };
  startTransaction(...args: unknown[]): Promise<Transaction>;
};
type Factory = { connect(): Promise<unknown> };

/** Wraps the factory so that the adapter it connects has both guarantees. `outsideWaitMs`: how
 *  long a query outside a transaction waits for one before it fails (tests shorten it). */
export function safeForConcurrentRequests<F extends Factory>(
  factory: F,
  { outsideWaitMs = OUTSIDE_WAIT_MS }: { outsideWaitMs?: number } = {},
): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => queriesWaitForTransactions(beginImmediate((await connect()) as Adapter), outsideWaitMs);
  return factory;
}

/**
 * `BEGIN IMMEDIATE`: the transaction takes the write lock at its start, so no other connection
 * can commit between its read and its write. The adapter has no option for it; its connection's
 * `prepare` turns the adapter's literal `BEGIN` into `BEGIN IMMEDIATE`.
 */
function beginImmediate(adapter: Adapter): Adapter {
  const client = adapter.client;
  const prepare = client?.prepare?.bind(client);
  if (!client || !prepare)
    throw new Error("Prisma's SQLite adapter changed: its connection is not where ADR 048 expects it");
  client.prepare = (sql: string) => prepare(sql === "BEGIN" ? "BEGIN IMMEDIATE" : sql);
  return adapter;
}

/**
 * A query outside a transaction waits while one is open or waiting to open, then runs on its own.
 * (A transaction's own queries go through the transaction object, not through these methods.)
 * better-sqlite3 runs each statement synchronously, so none is half-done when a transaction begins.
 */
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

/** How long SQLite waits for a lock, on every connection of the process (busy timeouts, the log
 *  writer's retries, and a query outside a transaction waiting for it). */
export const SQLITE_LOCK_WAIT_MS = 10_000;
const OUTSIDE_WAIT_MS = SQLITE_LOCK_WAIT_MS;
const lateMessage = (ms: number) =>
  `SQLite: a query outside a transaction waited ${ms} ms for it to end (ADR 048) — is \`db\` used inside a $transaction callback instead of \`tx\`?`;
