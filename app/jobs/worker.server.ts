// Who runs a job (ADR 052): an identity made at process start (token, pid, start time, host), so a
// restart's jobs are another worker's. Gone is the engine's answer: PostgreSQL's session, or on
// SQLite the local process (processGone).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";

type WorkerIdentity = { id: string; token: string; pid: number; start: string; host: string };

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

/** Whether the worker has ended, from this machine's process table: also true when its pid is another
 * process's (a restarted container is pid 1 again); null when unknown (its job waits for its lease). */
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
