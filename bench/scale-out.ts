/**
 * Scale-out through the proxy (issue #14): the reference deployment (deploy/start-local.sh: nginx,
 * app servers, PostgreSQL, Redis, S3) under the JSON verification load, with nginx sending to
 * 1 app server and then to 2 — throughput, p50/p99 and CPU per request, and the 1→2 factor.
 *
 *   npm run build && npx tsx bench/scale-out.ts
 *   npx tsx bench/scale-out.ts [--seconds 15] [--connections 50] [--port-base 3750] [--redis redis://127.0.0.1:6379/12|none]
 *                              [--app-cpu 0.4|none] [--rounds 3]
 *
 * - Rounds (`--rounds`): 1 server, then 2, each round; the factor is the median of the rounds'.
 * - One deployment with two app servers is started (its own database credencia_scaleout_bench,
 *   state in tmp/bench-scale-out, ports base..base+3); the demo data supplies the credentials.
 * - The proxy's upstream is rewritten and nginx reloaded between the phases: first server 1 alone
 *   (server 2 stays up, idle), then both. Same database, same warm caches, same nginx.
 * - The load is Debian's `wrk` (one thread) with bench/verify.lua, which gives each request its own
 *   X-Forwarded-For. For the bench only, the proxy is told to believe that header from loopback
 *   (nginx realip), so each request is a different passenger and the public limit is not what
 *   is measured; the reference proxy (deploy/nginx.conf.template) never believes it.
 * - Every phase starts with a check that the proxy answers the api.md JSON with verdict VALID,
 *   2 s of warm-up, then `--seconds` measured; non-2xx answers and socket errors are counted.
 * - Each app server gets a fixed CPU budget (`--app-cpu`, cores; a cgroup of its own, root only:
 *   bench/cpu-budget.ts). On a machine where nginx, PostgreSQL, Redis and wrk share the same few
 *   cores, an unlimited second server only takes CPU from the others, and the 1→2 factor would
 *   measure the machine. With a budget the app tier is the bottleneck, as when each server has a
 *   machine of its own, and the factor says whether adding a server adds its budget's worth.
 *   `--app-cpu none` runs them unlimited.
 * - CPU per request (utime+stime from /proc over the measured run ÷ requests): the app servers
 *   together, nginx (master and workers), and the whole machine (/proc/stat, which includes
 *   PostgreSQL, wrk — and whatever else the machine runs).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { arg } from "./args";
import { type CpuBudget, limitCpu } from "./cpu-budget";
import { median } from "./stats";
const SECONDS = Number(arg("seconds", "15"));
const CONNECTIONS = Number(arg("connections", "50"));
const BASE = Number(arg("port-base", "3750"));
const REDIS = arg("redis", "redis://127.0.0.1:6379/12");
const APP_CPU = arg("app-cpu", "0.4");
const ROUNDS = Number(arg("rounds", "3"));
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "credencia_scaleout_bench";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const stateDir = path.join(root, "tmp/bench-scale-out");
const dbUrl = PG_ADMIN.replace(/\/[^/]*$/, `/${DB_NAME}`);
const pg = createRequire(path.join(root, "package.json"))("pg");
const APP_PORTS = [BASE + 1, BASE + 2];
const deployEnv = {
  ...process.env,
  PROXY_PORT: String(BASE),
  APP_PORTS: APP_PORTS.join(" "),
  S3_PORT: String(BASE + 3),
  DEPLOY_DATABASE_URL: dbUrl,
  DEPLOY_REDIS_URL: REDIS,
  STATE_DIR: stateDir,
  SEED_DEMO: "1",
};

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: PG_ADMIN });
  await client.connect();
  await client.query(sql);
  await client.end();
}

// ---------------------------------------------------------------- CPU accounting

const TICK_MS = 10; // clock ticks of 10 ms (USER_HZ 100)
function cpuMsOf(pid: number): number {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return 0;
  const f = readFileSync(file, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}
/** nginx's master and its workers (the master's children). */
function nginxPids(): number[] {
  const master = Number(readFileSync(path.join(stateDir, "nginx.pid"), "utf8"));
  const workers = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, "utf8").split(") ")[1].split(" ")[1]) === master;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [master, ...workers];
}
/** Busy CPU time of the whole machine, all cores (ms). */
function machineBusyMs(): number {
  const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = f;
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}
const appPid = (i: number) => Number(readFileSync(path.join(stateDir, "pids", `app-${i}.pid`), "utf8"));

// ---------------------------------------------------------------- proxy and load

/** The proxy's configuration for `servers` app servers, believing the client's X-Forwarded-For (bench only). */
function configureProxy(servers: number) {
  const file = path.join(stateDir, "nginx.conf");
  const upstreams = APP_PORTS.slice(0, servers)
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join("\n");
  let conf = readFileSync(file, "utf8")
    .replace(/upstream portal \{[\s\S]*?keepalive/, `upstream portal {\n${upstreams}\n    keepalive`)
    .replace(/\n {4}# bench: realip[^\n]*\n[^\n]*\n[^\n]*\n/, "\n");
  conf = conf.replace(
    /(\n {2}server \{\n)/,
    "$1    # bench: realip — every request its own client (bench/scale-out.ts only)\n    set_real_ip_from 127.0.0.1;\n    real_ip_header X-Forwarded-For;\n",
  );
  writeFileSync(file, conf);
  execFileSync("nginx", ["-t", "-q", "-c", file, "-p", stateDir]);
  execFileSync("nginx", ["-c", file, "-p", stateDir, "-s", "reload"]);
}

function wrk(pathsFile: string, seconds: number): Promise<Record<string, number>> {
  const argv = [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--timeout",
    "5s",
    "-s",
    path.join(root, "bench/verify.lua"),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", [...argv, `http://127.0.0.1:${BASE}`, "--", pathsFile], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (code !== 0 || !line) reject(new Error(`wrk saiu com ${code}: ${out}`));
      else resolve(JSON.parse(line));
    });
  });
}

type Row = {
  servers: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  appCpu: number;
  proxyCpu: number;
  machineCpu: number;
};

async function phase(servers: number, pathsFile: string, token: string): Promise<Row> {
  configureProxy(servers);
  // The JSON the proxy answers, checked before the load (api.md's verdict).
  for (let i = 0; i < servers * 2; i++) {
    const res = await fetch(`http://127.0.0.1:${BASE}/api/v1/verify/${token}`, {
      headers: { "X-Forwarded-For": `10.254.0.${i + 1}` },
    });
    const body = (await res.json()) as { verdict?: string };
    if (res.status !== 200 || body.verdict !== "VALID")
      throw new Error(`verificação pelo proxy não respondeu VALID: ${res.status} ${JSON.stringify(body)}`);
  }
  await wrk(pathsFile, 2); // warm-up
  const apps = APP_PORTS.slice(0, servers).map((_, i) => appPid(i + 1));
  const proxies = nginxPids();
  const sum = (pids: number[]) => pids.reduce((t, p) => t + cpuMsOf(p), 0);
  const [app0, proxy0, machine0] = [sum(apps), sum(proxies), machineBusyMs()];
  const w = await wrk(pathsFile, SECONDS);
  const [app1, proxy1, machine1] = [sum(apps), sum(proxies), machineBusyMs()];
  const row: Row = {
    servers,
    rps: w.requests / (w.us / 1e6),
    p50: w.p50 / 1000,
    p99: w.p99 / 1000,
    errors: w.status + w.socket,
    appCpu: (app1 - app0) / w.requests,
    proxyCpu: (proxy1 - proxy0) / w.requests,
    machineCpu: (machine1 - machine0) / w.requests,
  };
  console.log(
    `${servers} servidor(es): ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, erros ${row.errors}, CPU app ${row.appCpu.toFixed(3)} ms/req`,
  );
  return row;
}

// ---------------------------------------------------------------- run

async function main() {
  if (!existsSync(path.join(root, "build/index.js"))) throw new Error("build/index.js ausente: rode npm run build");
  for (const tool of ["wrk", "nginx"])
    try {
      execFileSync("which", [tool], { stdio: "ignore" });
    } catch {
      throw new Error(`${tool} ausente: apt-get install -y ${tool === "nginx" ? "nginx-light" : tool}`);
    }
  const load0 = loadavg();
  rmSync(stateDir, { recursive: true, force: true });
  mkdirSync(stateDir, { recursive: true });
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  const stop = async () => {
    execFileSync("bash", ["deploy/stop-local.sh"], { cwd: root, env: deployEnv, stdio: "ignore" });
    await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  };
  const budgets: CpuBudget[] = [];
  try {
    console.log("Subindo a implantação de referência (2 servidores; semeando os dados de demonstração)…");
    execFileSync("bash", ["deploy/start-local.sh"], {
      cwd: root,
      env: deployEnv,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const { rows } = await client.query(`SELECT token FROM "Credential" WHERE status = 'ACTIVE' AND token IS NOT NULL`);
    await client.end();
    const tokens = (rows as Array<{ token: string }>).map((r) => r.token);
    if (!tokens.length) throw new Error("nenhuma credencial ativa nos dados de demonstração");
    const pathsFile = path.join(stateDir, "paths.txt");
    writeFileSync(pathsFile, tokens.map((t) => `/api/v1/verify/${t}`).join("\n") + "\n");
    if (APP_CPU !== "none")
      for (const i of [1, 2]) {
        const budget = limitCpu(appPid(i), `credencia-scale-out-app-${i}`, Number(APP_CPU));
        if (typeof budget === "string")
          throw new Error(`orçamento de CPU para app-${i}: ${budget} (ou --app-cpu none)`);
        budgets.push(budget);
      }
    // What a server costs with no load at all (jobs, timers, pools): the part of a budget no
    // request gets. Just after the start one server runs the start-up jobs; wait for them (≤ 60 s).
    let idleMsPerS: number[] = [];
    for (let waited = 0; waited < 60; waited += 3) {
      const idle0 = [1, 2].map((i) => cpuMsOf(appPid(i)));
      await new Promise((r) => setTimeout(r, 3000));
      idleMsPerS = [1, 2].map((i) => (cpuMsOf(appPid(i)) - idle0[i - 1]) / 3);
      if (idleMsPerS.every((v) => v < 20)) break;
    }
    console.log(`CPU sem carga: ${idleMsPerS.map((v) => v.toFixed(0)).join(" e ")} ms/s por servidor`);
    // 1 server, then 2, repeated: the machine's drift falls on both alike; the factor is per round.
    const measured: Row[] = [];
    for (let round = 0; round < ROUNDS; round++)
      measured.push(await phase(1, pathsFile, tokens[0]), await phase(2, pathsFile, tokens[0]));
    printTable(measured, tokens.length, load0);
  } finally {
    for (const b of budgets) b.release();
    await stop();
  }
}

function printTable(rows: Row[], credentials: number, load0: number[]) {
  const la = (l: number[]) => l.map((x) => x.toFixed(2)).join(" ");
  console.log(
    `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}; nginx → app servers (PostgreSQL, Redis ${REDIS === "none" ? "off" : "on"}); ` +
      `CPU per app server: ${APP_CPU === "none" ? "unlimited" : `${APP_CPU} core (cgroup quota)`}; ` +
      `wrk 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per phase, ${credentials} credentials\n` +
      `load average at start ${la(load0)}, at end ${la(loadavg())}\n`,
  );
  console.log(
    "| round | app servers | req/s | p50 ms | p99 ms | errors | CPU ms/req: app servers | nginx | whole machine |",
  );
  console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [i, r] of rows.entries())
    console.log(
      `| ${Math.floor(i / 2) + 1} | ${r.servers} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.appCpu.toFixed(3)} | ${r.proxyCpu.toFixed(3)} | ${r.machineCpu.toFixed(3)} |`,
    );
  const factors: number[] = [];
  for (let i = 0; i + 1 < rows.length; i += 2) factors.push(rows[i + 1].rps / rows[i].rps);
  console.log(
    `\nScale-out 1 → 2 servers: median ${median(factors).toFixed(2)}× throughput (rounds: ${factors.map((f) => f.toFixed(2)).join(", ")})` +
      (APP_CPU === "none"
        ? ` (${cpus().length} cores for everything: nginx, servers, PostgreSQL, Redis and wrk share them).`
        : ` (each server held to ${APP_CPU} core; ideal 2.00×).`),
  );
}

await main();
process.exit(0);
