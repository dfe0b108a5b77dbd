// Issue #13 item 10, with a real crash: a process running the one upload path is killed with
// SIGKILL (no finally, no cleanup) mid-spool, mid-storage-write, and between the stored object
// and its row. What it leaves is personal data on disk; the storage sweep that the server runs
// at start and hourly must remove all of it, and nothing else.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ORPHAN_GRACE_MS, sweepStorage } from "~/models/storage-sweep.server";
import { TEMP_GRACE_MS } from "~/utils/storage.server";
import { createLocalStorage } from "~/utils/storage/local.server";
import { listFiles } from "../fixtures/files/requests";

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "crash-upload-"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** Starts the child, waits until it reports `stage`, and kills it with SIGKILL. */
async function killDuring(stage: "spool" | "storage" | "row") {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/security/children/upload-child.ts", root, stage], {
    env: process.env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  let reached = false;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line === `at:${stage}`) {
      reached = true;
      child.kill("SIGKILL");
      break;
    }
  }
  expect(reached).toBe(true);
  expect(await exited).toBe("SIGKILL");
}

/** The sweep as the server runs it, once the grace periods that protect live uploads are over. */
function sweepLater() {
  const later = new Date(Date.now() + Math.max(TEMP_GRACE_MS, ORPHAN_GRACE_MS) + 60_000);
  return sweepStorage({ now: later, spoolDir: join(root, "spool"), storage: createLocalStorage(join(root, "files")) });
}

describe("an upload killed with SIGKILL leaves nothing once the storage sweep has run", () => {
  it("killed mid-stream: the half-spooled personal document is removed", async () => {
    await killDuring("spool");
    expect(await listFiles(root)).toEqual([expect.stringMatching(/^spool\/upload-[0-9a-f]{24}$/)]);
    expect(await sweepLater()).toEqual({ spool: 1, temp: 0, orphans: 0 });
    expect(await listFiles(root)).toEqual([]);
  });

  it("killed while storing: the interrupted .tmp write and the spool file are removed", async () => {
    await killDuring("storage");
    const left = await listFiles(root);
    expect(left).toEqual([
      expect.stringMatching(/^files\/\d{4}\/\d{2}\/\.[0-9a-f]{32}\.[0-9a-f]{12}\.tmp$/),
      expect.stringMatching(/^spool\/upload-[0-9a-f]{24}$/),
    ]);
    expect(await sweepLater()).toEqual({ spool: 1, temp: 1, orphans: 0 });
    expect(await listFiles(root)).toEqual([]);
  });

  it("killed after storing, before the Document row: the orphaned object is removed", async () => {
    await killDuring("row");
    expect(await listFiles(root)).toEqual([expect.stringMatching(/^files\/\d{4}\/\d{2}\/[0-9a-f]{32}$/)]);
    expect(await sweepLater()).toEqual({ spool: 0, temp: 0, orphans: 1 });
    expect(await listFiles(root)).toEqual([]);
  });
});
