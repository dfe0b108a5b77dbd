// Who runs a job (ADR 052). Each process that works jobs has an identity made when it starts — a
// random token, the process id, the process's start time and the host — stored with every job it
// runs (RunningJob.worker, written by recorded()). A restart is a new identity: the jobs the dead
// process left are recognised as someone else's whose worker is gone. Whether a worker is gone is
// the engine's answer: on PostgreSQL its session has ended (pg-queue.server.ts); on SQLite — one
// machine, the file is local — its process has (processGone, below).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

export type WorkerIdentity = { id: string; token: string; pid: number; start: string; host: string };

/** The kernel's start time of process `pid` (clock ticks since boot), or null where there is no /proc. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name "(…)", which may hold spaces: the 3rd field onwards; starttime is the 22nd.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

const globalForWorker = globalThis as unknown as { __jobWorker?: WorkerIdentity };

/** This process's identity as a worker (made once). */
export function thisWorker(): WorkerIdentity {
  if (!globalForWorker.__jobWorker) {
    const token = randomBytes(8).toString("hex");
    const pid = process.pid;
    const start = processStart(pid) ?? "0";
    const host = hostname();
    globalForWorker.__jobWorker = { id: `${token}:${pid}:${start}:${host}`, token, pid, start, host };
  }
  return globalForWorker.__jobWorker;
}

export function parseWorker(id: string): WorkerIdentity | null {
  const match = /^([0-9a-f]{16}):(\d+):(\d+):(.*)$/.exec(id);
  if (!match) return null;
  return { id, token: match[1], pid: Number(match[2]), start: match[3], host: match[4] };
}

/**
 * Whether the worker `id` names has ended, judged from this machine's process table: true when
 * its process is gone, or its process id now belongs to another process (a restarted container's
 * server is often pid 1 again); false while it runs; null when it cannot be told (another host,
 * an identity this code did not make) — its job then waits for its lease, as before.
 */
export function processGone(id: string): boolean | null {
  const worker = parseWorker(id);
  if (!worker || worker.host !== hostname()) return null;
  const me = thisWorker();
  if (worker.id === me.id) return false;
  if (worker.pid === me.pid) return true;
  try {
    process.kill(worker.pid, 0);
  } catch (e) {
    // EPERM: the process exists (another user's); ESRCH: there is none.
    return (e as { code?: string }).code === "ESRCH";
  }
  const start = processStart(worker.pid);
  return start !== null && worker.start !== "0" && start !== worker.start;
}
