/**
 * Verification under load, measured from outside: the built portal (node server.js) against a
 * minimal server with no portal code (bench/minimal-server.mjs: node:http + jose ES256 verify +
 * one prepared lookup), on SQLite and on PostgreSQL, in the same run.
 *
 *   npm run build && npm run bench
 *   npx tsx bench/verify.ts [--seconds 10] [--connections 50] [--credentials 60000]
 *                           [--dbs sqlite,postgres] [--targets minimal,json,html,serial,statuslist]
 *                           [--rounds 3] [--scan fresh|rescan] [--rescan-tokens 200]
 *
 * - Scans (issue #31). `fresh`, the default, is the street: every measured request carries a
 *   token the server has not seen — each target runs on a server started afresh for it, warmed
 *   up on tokens it will not be measured on, and measured on the next ones in the pool, never
 *   twice while the pool lasts (`--credentials`, sized above the requests of a run; the table
 *   reports how many requests were rescans, which the verified-token memory could answer).
 *   `rescan` is the labelled old figure: `--rescan-tokens` tokens cycled through warm-up and
 *   measurement on one server for all targets — a fiscal re-reading the same badges.
 *
 * - The load comes from Debian's `wrk` (apt-get install wrk), its own process, one thread, with
 *   bench/verify.lua: every request carries its own X-Forwarded-For address (the portal runs with
 *   TRUST_PROXY=loopback), so each request is a different passenger and no limit is raised.
 * - The server is pinned to CPU 0 and wrk to CPU 1 with `taskset` (when it exists).
 * - Targets: minimal `/verify/<token>`; the portal's JSON `/api/v1/verify/<token>`, HTML
 *   `/v/<token>`, typed-serial status `/api/v1/credentials/<serial>/status` and the status
 *   list `/api/v1/status-list/<ibge>`. Each gets 2 s of warm-up, then `--seconds` measured.
 * - Rounds (`--rounds`): every server started afresh and every target measured again, per round,
 *   the databases one after the other within each round;
 *   the table gives the median of the rounds (the ratio to the minimal server is taken within each
 *   round, then the median), and the spread of req/s and p99. The cores of these machines change
 *   speed from minute to minute (bench/core-interference.mjs): one run is not a figure.
 * - CPU per request: the server's utime+stime delta from /proc/<pid>/stat over the measured run,
 *   divided by the requests wrk completed. It does not depend on what else the machine runs.
 *   On PostgreSQL, the database's CPU per request too (every `postgres` process, same window).
 * - Where the time goes: the servers run with bench/server-latency.cjs preloaded, which times each
 *   request inside the server (handler called → response handed to the kernel) over exactly the
 *   measured window ("server p99"); wrk reports how long its own thread waited for its core
 *   (bench/verify.lua, "wrk waited"). wrk's p99 beyond the server's is spent outside the handler.
 * Figures and how to read them: bench/README.md.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { arg } from "./args";
import { median, spread } from "./stats";
const SECONDS = Number(arg("seconds", "10"));
const CONNECTIONS = Number(arg("connections", "50"));
const CREDENTIALS = Number(arg("credentials", "60000"));
const SCAN = arg("scan", "fresh");
if (SCAN !== "fresh" && SCAN !== "rescan") throw new Error("--scan fresh|rescan");
const RESCAN_TOKENS = Number(arg("rescan-tokens", "200"));
/** Fresh scans: the share of the pool kept for warm-ups (the rest is measured, in order). */
const WARMUP_SHARE = 0.2;
const DBS = arg("dbs", "sqlite,postgres").split(",");
const TARGETS = arg("targets", "minimal,json,html,serial,statuslist").split(",");
const ROUNDS = Number(arg("rounds", "3"));
// BENCH_PORT (and BENCH_MINIMAL_PORT, else the next port) when 3700/3701 are taken.
const PORTAL_PORT = Number(process.env.BENCH_PORT || 3700);
const MINIMAL_PORT = Number(process.env.BENCH_MINIMAL_PORT || PORTAL_PORT + 1);
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PG_DB = "credencia_bench";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const tmp = path.join(root, "tmp");
const SQLITE_FILE = path.join(tmp, "bench-verify.db");
const urlFor = (db: string) => (db === "sqlite" ? `file:${SQLITE_FILE}` : PG_ADMIN.replace(/\/[^/]*$/, `/${PG_DB}`));
const envFor = (db: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATABASE_URL: urlFor(db),
  DATA_DIR: path.join(tmp, `bench-verify-data-${db}`),
  NODE_ENV: "production",
  DEMO_MODE: "1",
  JOBS_DISABLED: "1",
  PUBLIC_BASE_URL: `http://localhost:${PORTAL_PORT}`,
});

type Seeded = { tokens: string[]; serials: string[]; ibge: string };

// ---------------------------------------------------------------- setup (child: --seed-into <file>)

/** Signs CREDENTIALS crachás with the portal's own issuance key and writes their tokens to `out`. */
async function seedCredentials(out: string) {
  const { db } = await import("../app/utils/db.server");
  const { systemActor } = await import("../app/utils/audit.server");
  const { signerFor } = await import("../app/models/signing-key.server");
  const { signCredential } = await import("../app/credentials/token");
  const m = await db.municipality.findUniqueOrThrow({ where: { slug: "itauna" } });
  const signer = await signerFor(m.id, systemActor("bench"));
  const seeded: Seeded = { tokens: [], serials: [], ibge: m.ibgeCode };
  const BATCH = 1000;
  for (let start = 1; start <= CREDENTIALS; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(start + BATCH, CREDENTIALS + 1); i++) {
      const serial = `ITA-MB-2026-${String(i).padStart(6, "0")}`;
      const claims = {
        issuer: m.ibgeCode,
        serial,
        type: "CRACHA" as const,
        category: "MOTOBOY" as const,
        holderName: "Maria Aparecida Souza",
        plate: "HAB1C23",
        validFrom: "2026-01-01",
        validUntil: "2099-12-31",
      };
      const token = await signCredential(claims, signer);
      rows.push({
        serial,
        municipalityId: m.id,
        type: "CRACHA",
        category: "MOTOBOY",
        holderDisplayName: claims.holderName,
        plate: claims.plate,
        validFrom: claims.validFrom,
        validUntil: claims.validUntil,
        kid: signer.kid,
        token,
        renderDataJson: "{}",
      });
      seeded.tokens.push(token);
      seeded.serials.push(serial);
    }
    await db.credential.createMany({ data: rows });
  }
  await db.$disconnect();
  writeFileSync(out, JSON.stringify(seeded));
}

async function prepare(db: string): Promise<Seeded> {
  mkdirSync(tmp, { recursive: true });
  const env = envFor(db);
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
  if (db === "sqlite") {
    for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(`${SQLITE_FILE}${s}`, { force: true });
  } else {
    const pg = createRequire(path.join(root, "package.json"))("pg");
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_DB}`);
    await admin.end();
  }
  const out = path.join(tmp, `bench-verify-${db}.json`);
  execFileSync("npx", ["prisma", "migrate", "deploy"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync("npx", ["tsx", "prisma/seed.ts"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync("npx", ["tsx", "bench/verify.ts", "--seed-into", out, "--credentials", String(CREDENTIALS)], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  return JSON.parse(readFileSync(out, "utf8"));
}

// ---------------------------------------------------------------- servers

const hasTaskset = (() => {
  try {
    execFileSync("taskset", ["-c", "0", "true"]);
    return cpus().length >= 2;
  } catch {
    return false;
  }
})();
const pinned = (cpu: number, cmd: string, args: string[]): [string, string[]] =>
  hasTaskset ? ["taskset", ["-c", String(cpu), cmd, ...args]] : [cmd, args];

const latencyFile = (pid: number | undefined) => path.join(tmp, `bench-server-latency-${pid}.json`);

function startServer(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const [cmd, argv] = pinned(0, process.execPath, args);
  const preload = `--require ${path.join(root, "bench/server-latency.cjs")}`;
  // taskset execs node: the child's pid is the server's, for /proc/<pid>/stat.
  return spawn(cmd, argv, {
    cwd: root,
    env: { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} ${preload}`.trim(), SERVER_LATENCY_DIR: tmp },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

function get(port: number, p: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: p, headers: { "X-Forwarded-For": "10.255.255.254" } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

async function waitFor(port: number, p: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await get(port, p);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`127.0.0.1:${port}${p} did not come up`);
}

// ---------------------------------------------------------------- load (wrk, outside the server's process family)

type Result = {
  db: string;
  target: string;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  bytes: number;
  cpuMs: number;
  /** PostgreSQL's CPU per request (NaN on SQLite, where the database runs inside the server). */
  dbCpuMs: number;
  /** p99 timed inside the server (bench/server-latency.cjs) over the same window. */
  serverP99: number;
  /** The share of the run wrk's thread spent waiting for its core (0–1). */
  wrkWaited: number;
  /** Distinct paths the measured run cycled through. */
  distinct: number;
  /** Measured requests whose token (or serial) the server had already been asked in this run. */
  rescans: number;
  requests: number;
};

/** CPU time (user + system, ms) a process has used so far. */
function cpuMsOf(pid: number | undefined): number {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, clock ticks of 10 ms
}

function wrk(port: number, pathsFile: string, seconds: number): Promise<Record<string, number>> {
  const script = path.join(root, "bench/verify.lua");
  const [cmd, argv] = pinned(1, "wrk", [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--timeout",
    "5s",
    "-s",
    script,
    `http://127.0.0.1:${port}`,
    "--",
    pathsFile,
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (code !== 0 || !line) reject(new Error(`wrk exited ${code}: ${out}`));
      else resolve(JSON.parse(line));
    });
  });
}

/** CPU time (ms) each `postgres` process on the machine has used so far, by pid. */
function postgresCpuMs(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d)))
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") byPid.set(Number(pid), cpuMsOf(Number(pid)));
    } catch {
      // the process ended between the listing and the read
    }
  return byPid;
}

/** PostgreSQL's CPU between two readings: processes born since count from zero; those that ended
 *  in between (an idle pool connection closed) are missed for the part of the window they ran. */
function postgresCpuSince(before: Map<number, number>): number {
  let ms = 0;
  for (const [pid, now] of postgresCpuMs()) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** Asks the server's preload (bench/server-latency.cjs) for its figures since the last ask. */
async function serverLatency(pid: number | undefined): Promise<{ p99: number; count: number } | null> {
  if (!pid) return null;
  const file = latencyFile(pid);
  rmSync(file, { force: true });
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 100 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
}

/**
 * Warms the server up on `warm`, then measures it on `paths` (cycled by wrk when the run outlasts
 * them). Fresh scans: `warm` and `paths` are disjoint and new to the server, so a measured request
 * is a rescan only once wrk wraps around `paths`. Rescans: the same short list for both.
 */
async function measure(
  round: number,
  db: string,
  target: string,
  port: number,
  { warm, paths }: { warm: string[]; paths: string[] },
  pid: number | undefined,
) {
  const file = path.join(tmp, `bench-paths-${db}-${target}.txt`);
  const warmFile = path.join(tmp, `bench-paths-${db}-${target}-warm.txt`);
  writeFileSync(file, paths.join("\n") + "\n");
  writeFileSync(warmFile, warm.join("\n") + "\n");
  await wrk(port, warmFile, 2); // warm-up: JIT, caches, connections
  await serverLatency(pid); // the server's own timing starts here
  const cpu0 = cpuMsOf(pid);
  const db0 = postgresCpuMs();
  const w = await wrk(port, file, SECONDS);
  const seenInWarmUp = warm === paths;
  const cpuMs = (cpuMsOf(pid) - cpu0) / w.requests;
  const dbCpuMs = db === "postgres" ? postgresCpuSince(db0) / w.requests : NaN;
  const inside = await serverLatency(pid);
  const r: Result = {
    db,
    target,
    round,
    rps: w.requests / (w.us / 1e6),
    p50: w.p50 / 1000,
    p99: w.p99 / 1000,
    max: w.max / 1000,
    errors: w.status + w.socket,
    bytes: w.bytes / w.requests,
    cpuMs,
    dbCpuMs,
    serverP99: inside?.count ? inside.p99 : NaN,
    wrkWaited: w.waitUs / w.us,
    distinct: paths.length,
    rescans: seenInWarmUp ? w.requests : Math.max(0, w.requests - paths.length),
    requests: w.requests,
  };
  console.log(
    `${db.padEnd(8)} ${target.padEnd(10)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1)} ms  p99 ${r.p99.toFixed(1)} ms  ` +
      `(server ${r.serverP99.toFixed(1)} ms, wrk waited ${(r.wrkWaited * 100).toFixed(0)} %)  CPU ${r.cpuMs.toFixed(3)} ms/req  ` +
      `database ${r.dbCpuMs.toFixed(3)} ms/req  rescans ${((100 * r.rescans) / (w.requests || 1)).toFixed(0)} % of ${w.requests} (${r.distinct} distinct)  errors ${r.errors}`,
  );
  return r;
}

// ---------------------------------------------------------------- run

async function main() {
  if (!existsSync(path.join(root, "build/index.js")))
    throw new Error("build/index.js missing: run `npm run build` first");
  try {
    execFileSync("wrk", ["--version"], { stdio: "ignore" });
  } catch (e) {
    // wrk --version exits 1 after printing; only a missing binary is fatal.
    if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new Error("wrk missing: apt-get install -y wrk");
  }
  const load0 = loadavg();
  const results: Result[] = [];
  const seeded = new Map<string, Seeded>();
  for (const db of DBS) {
    console.log(`${db}: seeding ${CREDENTIALS} credentials …`);
    seeded.set(db, await prepare(db));
  }
  // Databases alternate within each round, so the PostgreSQL/SQLite ratio compares the same minutes.
  for (let round = 1; round <= ROUNDS; round++)
    for (const db of DBS) results.push(...(await runRound(round, db, seeded.get(db)!)));
  printTable(results, load0);
  process.exit(0);
}

/** The warm-up and measured paths of a target: disjoint slices of the pool (fresh), or one short list (rescan). */
function scanPaths(keys: string[], toPath: (k: string) => string) {
  if (SCAN === "rescan" || keys.length === 1) {
    const list = keys.slice(0, RESCAN_TOKENS).map(toPath);
    return { warm: list, paths: list };
  }
  const warmCount = Math.floor(keys.length * WARMUP_SHARE);
  return {
    warm: keys.slice(keys.length - warmCount).map(toPath),
    paths: keys.slice(0, keys.length - warmCount).map(toPath),
  };
}

/**
 * One round on one database: the minimal server, then the portal's targets. Fresh scans start the
 * portal afresh for each target (nothing remembered from the one before); rescans keep one
 * portal for all its targets, as the figures before issue #31 were taken.
 */
async function runRound(round: number, db: string, seeded: Seeded): Promise<Result[]> {
  const results: Result[] = [];
  const env = envFor(db);
  const token = seeded.tokens;
  if (TARGETS.includes("minimal")) {
    const dbArg = db === "sqlite" ? SQLITE_FILE : urlFor(db);
    const minimal = startServer(["bench/minimal-server.mjs", String(MINIMAL_PORT), dbArg], env);
    try {
      await waitFor(MINIMAL_PORT, "/verify/x");
      const scan = scanPaths(token, (t) => `/verify/${t}`);
      const check = await get(MINIMAL_PORT, scan.warm[0]);
      if (!check.body.includes('"VALID"')) throw new Error(`minimal did not verify: ${check.body}`);
      results.push(await measure(round, db, "minimal", MINIMAL_PORT, scan, minimal.pid));
    } finally {
      await stop(minimal);
    }
  }
  const portalTargets: Array<[string, { warm: string[]; paths: string[] }, RegExp]> = (
    [
      ["json", scanPaths(token, (t) => `/api/v1/verify/${t}`), /"VALID"/],
      ["html", scanPaths(token, (t) => `/v/${t}`), /VÁLIDO/],
      ["serial", scanPaths(seeded.serials, (s) => `/api/v1/credentials/${s}/status`), /"VALID"/],
      ["statuslist", scanPaths([seeded.ibge], (ibge) => `/api/v1/status-list/${ibge}`), /^ey/],
    ] as Array<[string, { warm: string[]; paths: string[] }, RegExp]>
  ).filter(([name]) => TARGETS.includes(name));
  const startPortal = async () => {
    const portal = startServer(["server.js"], { ...env, PORT: String(PORTAL_PORT), TRUST_PROXY: "loopback" });
    await waitFor(PORTAL_PORT, "/healthz");
    return portal;
  };
  let portal: ChildProcess | null = null;
  try {
    for (const [name, scan, expect] of portalTargets) {
      if (SCAN === "fresh" && portal) {
        await stop(portal);
        portal = null;
      }
      portal ??= await startPortal();
      // The check asks one warm-up path: the measured ones stay new to the server.
      const check = await get(PORTAL_PORT, scan.warm[0]);
      if (check.status !== 200 || !expect.test(check.body))
        throw new Error(`${name} did not answer as expected (${check.status}): ${check.body.slice(0, 200)}`);
      results.push(await measure(round, db, name, PORTAL_PORT, scan, portal.pid));
    }
  } finally {
    if (portal) await stop(portal);
  }
  return results;
}

type Summary = Omit<Result, "round"> & { ratio: number | null; rpsRange: string; p99Range: string };

/** The median of the rounds per database and target; the ratio to minimal within each round first. */
function summarize(results: Result[]): Summary[] {
  const out: Summary[] = [];
  for (const db of DBS)
    for (const target of TARGETS) {
      const rs = results.filter((r) => r.db === db && r.target === target);
      if (!rs.length) continue;
      const ratios = rs.flatMap((r) => {
        const m = results.find((x) => x.db === db && x.target === "minimal" && x.round === r.round);
        return m ? [r.rps / m.rps] : [];
      });
      const pick = (
        k: "rps" | "p50" | "p99" | "max" | "bytes" | "cpuMs" | "dbCpuMs" | "serverP99" | "wrkWaited" | "distinct",
      ) => median(rs.map((r) => r[k]));
      out.push({
        db,
        target,
        rps: pick("rps"),
        p50: pick("p50"),
        p99: pick("p99"),
        max: pick("max"),
        bytes: pick("bytes"),
        cpuMs: pick("cpuMs"),
        dbCpuMs: pick("dbCpuMs"),
        serverP99: pick("serverP99"),
        wrkWaited: pick("wrkWaited"),
        errors: rs.reduce((t, r) => t + r.errors, 0),
        distinct: pick("distinct"),
        rescans: rs.reduce((t, r) => t + r.rescans, 0),
        requests: rs.reduce((t, r) => t + r.requests, 0),
        ratio: ratios.length ? median(ratios) : null,
        rpsRange: spread(
          rs.map((r) => r.rps),
          0,
        ),
        p99Range: spread(
          rs.map((r) => r.p99),
          1,
        ),
      });
    }
  return out;
}

function printTable(all: Result[], load0: number[]) {
  const results = summarize(all);
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
  console.log(
    `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; server on CPU 0, wrk on CPU 1${hasTaskset ? "" : " (NOT pinned: no taskset)"}; ` +
      `${CONNECTIONS} connections, ${SECONDS} s per target, ${CREDENTIALS} credentials; median of ${ROUNDS} round(s)\n` +
      `scan: ${SCAN === "fresh" ? `FRESH — each target on a new server, warmed up on ${Math.floor(WARMUP_SHARE * 100)} % of the pool and measured on the rest, a token never asked twice until the pool wraps ("rescans")` : `RESCAN — ${RESCAN_TOKENS} tokens cycled through warm-up and measurement on one server`}\n` +
      `load average at start ${la(load0)}, at end ${la(loadavg())}\n`,
  );
  console.log(
    "| database | target | req/s | p50 ms | p99 ms | server p99 ms | wrk waited | CPU ms/req | database CPU ms/req | vs minimal | rescans | errors | response bytes | req/s, rounds | p99, rounds |",
  );
  console.log(
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  const find = (db: string, target: string) => results.find((r) => r.db === db && r.target === target);
  for (const r of results) {
    const ratio = r.ratio === null ? "–" : r.ratio.toFixed(2);
    console.log(
      `| ${r.db} | ${r.target} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.serverP99.toFixed(1)} | ${(r.wrkWaited * 100).toFixed(0)} % | ${r.cpuMs.toFixed(3)} | ${Number.isNaN(r.dbCpuMs) ? "–" : r.dbCpuMs.toFixed(3)} | ${ratio} | ${((100 * r.rescans) / (r.requests || 1)).toFixed(0)} % | ${r.errors} | ${r.bytes.toFixed(0)} | ${r.rpsRange} | ${r.p99Range} |`,
    );
  }
  console.log(
    "\nTargets (median of the rounds; ratio to the minimal server of the same database and round; PostgreSQL to SQLite):",
  );
  for (const db of DBS) {
    for (const [target, min, p99] of [
      ["json", 0.5, 50],
      ["html", 0.3, 80],
    ] as const) {
      const r = find(db, target);
      if (!r || r.ratio === null) continue;
      const ratio = r.ratio;
      const met = ratio >= min && r.p99 < p99;
      console.log(
        `  ${db} ${target}: ${ratio.toFixed(2)}× (≥ ${min}), p99 ${r.p99.toFixed(1)} ms (< ${p99}) — ${met ? "met" : "NOT met"}`,
      );
    }
  }
  for (const target of ["json", "html"]) {
    const s = find("sqlite", target);
    const p = find("postgres", target);
    if (s && p)
      console.log(
        `  postgres/sqlite ${target}: ${(p.rps / s.rps).toFixed(2)}× (≥ 0.7) — ${p.rps / s.rps >= 0.7 ? "met" : "NOT met"}`,
      );
  }
}

// Last: the functions above use module constants declared after their own definitions.
if (process.argv.includes("--seed-into")) await seedCredentials(process.argv[process.argv.indexOf("--seed-into") + 1]);
else await main();
