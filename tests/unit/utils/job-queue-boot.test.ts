// How a server's background jobs start on PostgreSQL. Every server defines pg-boss's queues when
// it starts; on a deployment's first boot two servers did it at once, deadlocked inside pg-boss's
// create_queue, and PostgreSQL aborted one of them — that server then ran no jobs until restarted
// (the multi-server suite's "mail killed mid-send" failure: the survivor was that server). And a
// server started before its database exists starts its jobs once it does. Each case gets a new
// database of its own. PostgreSQL only: the SQLite runner is one process's, over a file.
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { BACKGROUND_JOBS } from "~/jobs/kinds.server";
import { createPgQueue } from "~/jobs/pg-queue.server";
import { otherDatabase, withPostgres } from "../../support/postgres";

const outer = process.env.DATABASE_URL ?? "";
const databases: string[] = [];
const children: ChildProcess[] = [];

const urlOf = (database: string) => otherDatabase(outer, database);
/** A name for a new database, dropped after the file. */
function newDatabase() {
  const name = `credencia_boot_${process.pid}_${databases.length}`;
  databases.push(name);
  return name;
}
const create = (database: string) => withPostgres(outer, (c) => c.query(`CREATE DATABASE "${database}"`));
const queueNames = (database: string) =>
  withPostgres(urlOf(database), async (c) =>
    (await c.query<{ name: string }>("SELECT name FROM pgboss.queue ORDER BY name")).rows.map((r) => r.name),
  );
const everyKind = BACKGROUND_JOBS.map((j) => j.name).sort();

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await withPostgres(outer, async (c) => {
    for (const d of databases) await c.query(`DROP DATABASE IF EXISTS "${d}" WITH (FORCE)`);
  });
});

// PostgreSQL only: pg-boss's queues and their first boot exist only there (SQLite's runner is one file's).
describe.runIf(outer.startsWith("postgres"))("background jobs starting on PostgreSQL", () => {
  it("two servers booting at once on a new database both define every kind of job", async () => {
    // Three first boots: without the lock each one deadlocked (15 of 15 in a reproduction).
    for (let round = 0; round < 3; round++) {
      const database = newDatabase();
      await create(database);
      const boot = async () => {
        const queue = await createPgQueue({ role: "work", connectionString: urlOf(database) });
        try {
          for (const job of BACKGROUND_JOBS) await queue.define(job.name, job);
        } finally {
          await queue.stop(1_000);
        }
      };
      const results = await Promise.allSettled([boot(), boot()]);
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
      expect(await queueNames(database)).toEqual(everyKind);
    }
  });

  it("a server started before its database exists starts its jobs once it does", async () => {
    const database = newDatabase();
    const child = spawn(process.execPath, ["--import", "tsx", "tests/security/children/jobs-worker-child.ts"], {
      env: { ...process.env, DATABASE_URL: urlOf(database), JOBS_DISABLED: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    let out = "";
    let err = "";
    child.stdout!.on("data", (b: Buffer) => (out += b));
    child.stderr!.on("data", (b: Buffer) => (err += b));
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((r) => setTimeout(r, 100));
    };

    // Its first try fails (no database) and says when it tries again.
    await until(() => err.includes("Não foi possível iniciar as tarefas em segundo plano (tentativa 1)"));
    expect(err).toContain("nova tentativa em 5 s");
    expect(out).not.toContain("jobs:started");

    await create(database);
    await until(() => out.includes("jobs:started"));
    expect(await queueNames(database)).toEqual(everyKind);
    child.kill("SIGKILL");
  });
});
