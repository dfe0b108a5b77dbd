/**
 * Verification under load: the built server (node server.js, seeded SQLite) against a bare
 * node:http server doing the same work — verifyToken with the database's key lookup and the
 * portal's own lookup by serial (findCredentialForVerdict) — measured in the same run with 50
 * concurrent keep-alive clients on loopback.
 *
 *   npm run build && npx tsx bench/verify.ts [--n 4000] [--rounds 3] [--concurrency 50] [--credentials 200] [--cold 1]
 *
 * Targets, per round (interleaved, so machine drift hits them alike):
 *   bare  GET /verify/<token>          node:http + verifyToken + findCredentialForVerdict, JSON verdict
 *   json  GET /api/v1/verify/<token>   the portal's JSON API (also writes the verification log)
 *   html  GET /v/<token>               the portal's static verification page
 * The portal runs with TRUST_PROXY=loopback and every request carries its own X-Forwarded-For
 * address, so the per-address rate limit (120/min) never trips: each request is a different
 * passenger. Figures and how to read them: bench/README.md.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import path from "node:path";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg("n", 4000);
const ROUNDS = arg("rounds", 3);
const CONCURRENCY = arg("concurrency", 50);
const CREDENTIALS = arg("credentials", 200);
// --cold 1: start the clock with the connections still closed (the 50 handshakes race the first answers).
const COLD = arg("cold", 0) === 1;
const PORTAL_PORT = 3401;
const BARE_PORT = 3402;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const DB_FILE = path.join(root, "tmp/bench-verify.db");
const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: `file:${DB_FILE}`,
  DATA_DIR: path.join(root, "tmp/bench-verify-data"),
  NODE_ENV: "production",
  DEMO_MODE: "1",
  JOBS_DISABLED: "1",
  PUBLIC_BASE_URL: `http://localhost:${PORTAL_PORT}`,
};

// ---------------------------------------------------------------- the bare server (child mode)

if (process.argv.includes("--serve-bare")) {
  Object.assign(process.env, ENV);
  const { verifyToken } = await import("../app/credentials/token");
  const { resolveKey } = await import("../app/models/signing-key.server");
  const { findCredentialForVerdict } = await import("../app/models/verification.server");
  http
    .createServer(async (req, res) => {
      const token = (req.url ?? "").replace(/^\/verify\//, "");
      const now = new Date();
      const result = await verifyToken(token, { resolveKey, now });
      let body: unknown = { verdict: "INVALID" };
      if (result.ok || result.reason === "expired") {
        const c = await findCredentialForVerdict(result.claims.serial);
        if (c)
          body = {
            verdict: c.status === "ACTIVE" ? "VALID" : c.status,
            checkedAt: now.toISOString(),
            credential: {
              serial: c.serial,
              holderName: c.holderDisplayName,
              plate: c.plate,
              validFrom: c.validFrom,
              validUntil: c.validUntil,
            },
          };
      }
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    })
    .listen(BARE_PORT, () => console.log("bare ready"));
} else {
  await main();
}

// ---------------------------------------------------------------- setup

async function seed(): Promise<string[]> {
  mkdirSync(path.dirname(DB_FILE), { recursive: true });
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(`${DB_FILE}${s}`, { force: true });
  rmSync(ENV.DATA_DIR!, { recursive: true, force: true });
  await run("npx", ["prisma", "migrate", "deploy"]);
  await run("npx", ["tsx", "prisma/seed.ts"]);
  Object.assign(process.env, ENV);
  const { db } = await import("../app/utils/db.server");
  const { systemActor } = await import("../app/utils/audit.server");
  const { signerFor } = await import("../app/models/signing-key.server");
  const { signCredential } = await import("../app/credentials/token");
  const m = await db.municipality.findUniqueOrThrow({ where: { slug: "itauna" } });
  const signer = await signerFor(m.id, systemActor("bench"));
  const tokens: string[] = [];
  for (let i = 1; i <= CREDENTIALS; i++) {
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
    await db.credential.create({
      data: {
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
      },
    });
    tokens.push(token);
  }
  // BENCH_SQLITE_WAL=1: the same run with the database in WAL mode (persisted in the file).
  if (process.env.BENCH_SQLITE_WAL === "1") await db.$queryRawUnsafe("PRAGMA journal_mode = WAL");
  await db.$disconnect();
  return tokens;
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env: ENV, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}`))));
  });
}

function start(cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(cmd, args, { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
}

async function waitFor(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get(url, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

// ---------------------------------------------------------------- load generator

type Result = {
  target: string;
  n: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  bytes: number;
  cpuMs: number;
};

/** CPU time (user + system, ms) a process has used so far: what a request costs the server, whatever else the machine runs. */
function cpuMsOf(pid: number | undefined): number {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
}

async function load(
  target: string,
  port: number,
  pathFor: (i: number) => string,
  n: number,
  pid?: number,
): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const t0 = process.hrtime.bigint();
      // A different client address per request (10.a.b.c), read by the portal through TRUST_PROXY.
      const xff = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const req = http.get(
        {
          host: "127.0.0.1",
          port,
          path: pathFor(i),
          agent,
          headers: { "X-Forwarded-For": xff, "User-Agent": "bench/verify (Android; Mobile) Chrome/120" },
        },
        (res) => {
          res.on("data", (chunk: Buffer) => (bytes += chunk.length));
          res.on("end", () => {
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            if (res.statusCode !== 200) errors++;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  const worker = async () => {
    for (let i = next++; i < n; i = next++) await one(i);
  };
  // Open the clients' connections before the clock starts (one uncounted request each, from
  // addresses the round does not use): the figures are for 50 clients already connected, not
  // for 50 TCP handshakes racing the first answers (bench/README.md, "connections").
  if (!COLD)
    await Promise.all(
      Array.from(
        { length: CONCURRENCY },
        (_, k) =>
          new Promise<void>((resolve) => {
            http
              .get(
                {
                  host: "127.0.0.1",
                  port,
                  path: pathFor(k),
                  agent,
                  headers: { "X-Forwarded-For": `11.0.${k >> 8}.${k & 255}` },
                },
                (res) => res.resume().on("end", resolve),
              )
              .on("error", () => resolve());
          }),
      ),
    );
  const cpu0 = cpuMsOf(pid);
  const t0 = process.hrtime.bigint();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return {
    target,
    n,
    seconds,
    rps: n / seconds,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies[latencies.length - 1],
    errors,
    bytes: bytes / n,
    cpuMs: (cpuMsOf(pid) - cpu0) / n,
  };
}

function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

async function main() {
  if (!existsSync(path.join(root, "build/index.js")))
    throw new Error("build/index.js missing: run `npm run build` first");
  console.log(`seeding ${CREDENTIALS} credentials in ${path.relative(root, DB_FILE)} …`);
  const tokens = await seed();
  // BENCH_PORTAL_DIR: run server.js from another copy of the build (to compare a patched one).
  const portalDir = process.env.BENCH_PORTAL_DIR ?? root;
  const portal = spawn(process.execPath, ["server.js"], {
    cwd: portalDir,
    env: { ...ENV, PORT: String(PORTAL_PORT), TRUST_PROXY: "loopback" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const bare = start(process.execPath, ["--import", "tsx", "bench/verify.ts", "--serve-bare"], ENV);
  try {
    await waitFor(`http://127.0.0.1:${PORTAL_PORT}/healthz`);
    await new Promise((r) => setTimeout(r, 1500));
    await waitForBare();
    const token = (i: number) => tokens[i % tokens.length];
    const targets: Array<[string, number, (i: number) => string, number | undefined]> = [
      ["bare", BARE_PORT, (i) => `/verify/${token(i)}`, bare.pid],
      ["json", PORTAL_PORT, (i) => `/api/v1/verify/${token(i)}`, portal.pid],
      ["html", PORTAL_PORT, (i) => `/v/${token(i)}`, portal.pid],
    ];
    // Sanity: every target says VALID for a genuine token.
    for (const [name, port, p] of targets) {
      const body = await get(port, p(0));
      if (!/VALID|VÁLIDO/.test(body)) throw new Error(`${name} did not verify: ${body.slice(0, 200)}`);
    }
    console.log(`warming up …`);
    for (const [name, port, p, pid] of targets) await load(name, port, p, Math.min(1000, N), pid);
    const all: Result[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      for (const [name, port, p, pid] of targets) {
        const res = await load(name, port, p, N, pid);
        all.push(res);
        console.log(
          `round ${r} ${name.padEnd(4)} ${res.rps.toFixed(0).padStart(6)} req/s  p50 ${res.p50.toFixed(1)} ms  p99 ${res.p99.toFixed(1)} ms  max ${res.max.toFixed(0)} ms  server CPU ${res.cpuMs.toFixed(2)} ms/req  errors ${res.errors}`,
        );
      }
    }
    const summary = targets.map(([name]) => {
      const rs = all.filter((r) => r.target === name);
      return {
        name,
        rps: median(rs.map((r) => r.rps)),
        p50: median(rs.map((r) => r.p50)),
        p99: median(rs.map((r) => r.p99)),
        cpuMs: median(rs.map((r) => r.cpuMs)),
        errors: rs.reduce((a, r) => a + r.errors, 0),
        bytes: median(rs.map((r) => r.bytes)),
      };
    });
    const bareRps = summary[0].rps;
    console.log(
      `\nNode ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " ",
        )}; ${ROUNDS} rounds × ${N} requests, ${CONCURRENCY} clients${COLD ? " (connections opened inside the timed round)" : ""}, ${CREDENTIALS} credentials (medians over rounds)\n`,
    );
    console.log("| target | req/s | p50 ms | p99 ms | vs bare | server CPU ms/req | errors | body bytes |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const s of summary) {
      console.log(
        `| ${s.name} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${((100 * s.rps) / bareRps).toFixed(0)} % | ${s.cpuMs.toFixed(2)} | ${s.errors} | ${s.bytes.toFixed(0)} |`,
      );
    }
    const json = summary[1];
    console.log(
      `\nTarget JSON ≥ 50 % of bare and p99 < 100 ms: ${json.rps >= bareRps / 2 && json.p99 < 100 ? "met" : "NOT met"}`,
    );
  } finally {
    portal.kill("SIGTERM");
    bare.kill("SIGTERM");
  }
  process.exit(0);
}

function get(port: number, p: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: p, headers: { "X-Forwarded-For": "10.255.255.254" } }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

async function waitForBare() {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      await get(BARE_PORT, "/verify/x");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error("bare server did not come up");
}
