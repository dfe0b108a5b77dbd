// ADR 052: a worker process's identity, and how SQLite's runner tells that the worker named with a
// job has died (PostgreSQL's answer, its session, is tested by tests/security/crash-jobs.test.ts).
// A real child process stands for the other worker.
import { spawn } from "node:child_process";
import { hostname } from "node:os";
import { describe, expect, it } from "vitest";
import { parseWorker, processGone, thisWorker } from "~/jobs/worker.server";

describe("a worker's identity", () => {
  it("is made once per process, and read back", () => {
    const me = thisWorker();
    expect(thisWorker()).toBe(me);
    expect(me).toMatchObject({ pid: process.pid, host: hostname() });
    expect(parseWorker(me.id)).toEqual(me);
    expect(parseWorker("um texto qualquer")).toBeNull();
  });

  it("is gone once its process has ended, or when its pid is this process's under another identity", async () => {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const { readFileSync } = await import("node:fs");
    const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
    const start = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const other = `0123456789abcdef:${child.pid}:${start}:${hostname()}`;
    expect(processGone(thisWorker().id)).toBe(false);
    expect(processGone(other)).toBe(false);
    // The same pid with another start time: the pid was given to a new process.
    expect(processGone(`0123456789abcdef:${child.pid}:1:${hostname()}`)).toBe(true);
    // This process's pid, another identity: this process before a restart (a container's pid 1).
    expect(processGone(`fedcba9876543210:${process.pid}:${thisWorker().start}:${hostname()}`)).toBe(true);
    // Another host's worker cannot be judged from here.
    expect(processGone(`0123456789abcdef:${child.pid}:${start}:outro-servidor`)).toBeNull();
    child.kill("SIGKILL");
    await exited;
    expect(processGone(other)).toBe(true);
  });
});
