/**
 * A fixed CPU budget for one process, from the kernel's CPU controller (bench/scale-out.ts): a
 * cgroup of its own with a quota of `cores` per 100 ms period. cgroup v2 (`cpu.max`) where the
 * unified hierarchy offers the cpu controller, else cgroup v1 (`cpu.cfs_quota_us`). Needs root;
 * where neither is writable, `limitCpu` says why and the process runs unlimited.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const PERIOD_US = 100_000;

type Hierarchy = { root: string; v2: boolean };

function hierarchy(): Hierarchy | string {
  const v2 = "/sys/fs/cgroup";
  if (existsSync(`${v2}/cgroup.controllers`)) {
    if (!readFileSync(`${v2}/cgroup.controllers`, "utf8").split(/\s+/).includes("cpu"))
      return "cgroup v2 sem o controlador cpu";
    return { root: v2, v2: true };
  }
  if (existsSync("/sys/fs/cgroup/cpu/cpu.cfs_period_us")) return { root: "/sys/fs/cgroup/cpu", v2: false };
  return "nenhum controlador de CPU (cgroup) encontrado";
}

export type CpuBudget = { release(): void };

/** Puts `pid` (all its threads) in cgroup `name` with `cores` of CPU; a string says why it could not. */
export function limitCpu(pid: number, name: string, cores: number): CpuBudget | string {
  const h = hierarchy();
  if (typeof h === "string") return h;
  const dir = path.join(h.root, name);
  try {
    if (h.v2) writeFileSync(path.join(h.root, "cgroup.subtree_control"), "+cpu");
    mkdirSync(dir, { recursive: true });
    const quota = Math.round(cores * PERIOD_US);
    if (h.v2) writeFileSync(path.join(dir, "cpu.max"), `${quota} ${PERIOD_US}`);
    else {
      writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(PERIOD_US));
      writeFileSync(path.join(dir, "cpu.cfs_quota_us"), String(quota));
    }
    writeFileSync(path.join(dir, "cgroup.procs"), String(pid));
  } catch (e) {
    return `cgroup ${dir}: ${(e as Error).message}`;
  }
  return {
    release() {
      // Back to the parent (if still alive), then the empty group can go.
      try {
        writeFileSync(path.join(h.root, "cgroup.procs"), String(pid));
      } catch {
        /* the process has exited */
      }
      try {
        rmdirSync(dir);
      } catch {
        /* still in use: left for the next run, which reuses it */
      }
    },
  };
}
