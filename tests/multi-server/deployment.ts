// The reference deployment (deploy/start-local.sh) for a test: its own ports (MULTI_SERVER_PORT_BASE,
// default 3730: proxy +0, servers +1 and +2, S3 +3), its own PostgreSQL database and state folder,
// the machine's Redis (database 7) — and removed afterwards.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";

const BASE = Number(process.env.MULTI_SERVER_PORT_BASE ?? 3730);
const PG_ADMIN = process.env.MULTI_SERVER_PG ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const REDIS = process.env.MULTI_SERVER_REDIS ?? "redis://127.0.0.1:6379/7";

export type Deployment = {
  proxy: string;
  servers: [string, string];
  databaseUrl: string;
  stateDir: string;
  pidOf: (name: "app-1" | "app-2" | "nginx") => number;
  query: <T extends pg.QueryResultRow>(sql: string, params?: unknown[]) => Promise<T[]>;
  /** The last lines each app server logged, for a failure's message (stop() removes the logs). */
  logTails: (lines?: number) => Record<"app-1" | "app-2", string[]>;
  stop: () => Promise<void>;
};

/** `env`: more settings for the app servers (e.g. SMTP_URL), passed through deploy/start-local.sh. */
export async function startDeployment(options: { redis: boolean; env?: Record<string, string> }): Promise<Deployment> {
  const id = randomBytes(4).toString("hex");
  const dbUrl = new URL(PG_ADMIN);
  dbUrl.pathname = `/credencia_multi_${id}`;
  const stateDir = path.resolve(`tmp/multi-server-${id}`);
  const env = {
    ...process.env,
    PROXY_PORT: String(BASE),
    APP_PORTS: `${BASE + 1} ${BASE + 2}`,
    S3_PORT: String(BASE + 3),
    DEPLOY_DATABASE_URL: dbUrl.toString(),
    DEPLOY_REDIS_URL: options.redis ? REDIS : "none",
    STATE_DIR: stateDir,
    SEED_DEMO: "1",
    ...options.env,
  };
  const stop = async () => {
    execFileSync("bash", ["deploy/stop-local.sh"], { env, stdio: "pipe" });
    const admin = new pg.Client({ connectionString: PG_ADMIN });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "credencia_multi_${id}" WITH (FORCE)`);
    await admin.end();
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    execFileSync("bash", ["deploy/start-local.sh"], { env, stdio: "pipe" });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer };
    await stop().catch(() => undefined);
    throw new Error(`deploy/start-local.sh falhou:\n${err.stdout}\n${err.stderr}`);
  }
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  return {
    proxy: `http://127.0.0.1:${BASE}`,
    servers: [`http://127.0.0.1:${BASE + 1}`, `http://127.0.0.1:${BASE + 2}`],
    databaseUrl: dbUrl.toString(),
    stateDir,
    pidOf: (name) => Number(readFileSync(path.join(stateDir, "pids", `${name}.pid`), "utf8")),
    query: async (sql, params) => (await pool.query(sql, params)).rows,
    logTails: (lines = 30) => {
      const tail = (name: string) => {
        const file = path.join(stateDir, "logs", `${name}.log`);
        return existsSync(file) ? readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines) : ["(sem registro)"];
      };
      return { "app-1": tail("app-1"), "app-2": tail("app-2") };
    },
    stop: async () => {
      await pool.end();
      await stop();
    },
  };
}

/** A CSRF token and its cookie from one server, as a browser gets them with a page. */
async function csrfOf(server: string) {
  const page = await fetch(`${server}/entrar`);
  return /csrf=([^;]+)/.exec(page.headers.get("set-cookie") ?? "")![1];
}

/** POSTs a public form (no session) through one server, as a browser would; returns the status. */
export async function postPublicForm(server: string, pathname: string, fields: Record<string, string>) {
  const csrf = await csrfOf(server);
  const answer = await fetch(`${server}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `csrf=${csrf}` },
    body: new URLSearchParams({ csrf, ...fields }),
  });
  return answer.status;
}

/** Signs in through one server with a form, as a browser would: returns the cookies to send. */
export async function signIn(server: string, login: string, password: string) {
  const csrf = await csrfOf(server);
  const answer = await fetch(`${server}/entrar`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `csrf=${csrf}` },
    body: new URLSearchParams({ csrf, login, password, voltar: "" }),
  });
  const session = /sessao=([^;]+)/.exec(answer.headers.getSetCookie().join("; "))?.[1];
  if (!session) throw new Error(`login falhou em ${server}: ${answer.status}`);
  const cookie = `csrf=${csrf}; sessao=${session}`;
  /** POSTs a form with the CSRF token; returns the status. */
  const post = async (pathname: string, fields: Record<string, string>) =>
    (
      await fetch(`${server}${pathname}`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ csrf, ...fields }),
      })
    ).status;
  return { post };
}
