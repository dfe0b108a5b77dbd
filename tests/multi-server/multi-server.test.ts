// Issue #14: the portal as a stateless tier — nginx in front of two app servers on one PostgreSQL,
// with Redis (and without it: PostgreSQL LISTEN/NOTIFY), on loopback (deploy/start-local.sh).
// A change made through server A is seen at once through server B; one client has one limit
// across both; kill -9 of a server under load loses no request and no write; a mail whose sender
// is killed mid-send is delivered once, by the other server, after the lease (ADR 042).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { civilDay } from "../support/dates";
import { type HoldingSmtp, startHoldingSmtp } from "../support/holding-smtp";
import { type Deployment, postPublicForm, signIn, startDeployment } from "./deployment";
import { asksUntil, freshClient, get, listedOn, pidOnPort, until, verdictOn, within } from "./probes";

const GESTOR = "gestor.patrocinio@credencia.demo";
const PASSWORD = "demonstracao-credencia";

type Cred = { id: string; serial: string; token: string; kid: string };

async function credentials(d: Deployment, prefix: string): Promise<Cred[]> {
  return d.query<Cred>(
    `SELECT id, serial, token, kid FROM "Credential" WHERE serial LIKE $1 AND status = 'ACTIVE' ORDER BY serial`,
    [`${prefix}%`],
  );
}

const PATROCINIO = "3148103";

function invalidationTests(label: string, deployment: () => Deployment) {
  describe(`a change through server A is seen at once through server B (${label})`, () => {
    it("suspension: verify API, HTML page and status list on B", async () => {
      const d = deployment();
      const [a, b] = d.servers;
      const [c] = await credentials(d, "PTC-");
      // B has everything cached: the verdict, the page and the signed list.
      expect(await verdictOn(b, c.token)).toBe("VALID");
      expect((await get(`${b}/v/${c.token}`, freshClient())).status).toBe(200);
      expect((await listedOn(b, PATROCINIO)).suspended).not.toContain(c.serial);

      const gestor = await signIn(a, GESTOR, PASSWORD);
      const started = Date.now();
      const status = await gestor.post(`/m/patrocinio/credenciais/${c.id}`, {
        intent: "suspend",
        reason: "Teste de vários servidores",
        citation: "Lei municipal, art. 1º",
        until: civilDay(10),
      });
      expect(status).toBe(302);
      expect(await asksUntil(async () => (await verdictOn(b, c.token)) === "SUSPENDED")).toBe(1);
      expect(
        await asksUntil(async () => (await get(`${b}/v/${c.token}`, freshClient())).body.includes("SUSPENS")),
      ).toBe(1);
      const listAsks = await asksUntil(async () => (await listedOn(b, PATROCINIO)).suspended.includes(c.serial));
      const ms = Date.now() - started;
      console.log(
        `[${label}] suspensão em A vista em B: lista de situação na ${listAsks}ª consulta, ${ms} ms após o POST`,
      );
      // Without the invalidation B would serve its snapshot for 60 s: far more than 50 asks.
      expect(listAsks).toBeLessThan(50);
    });

    it("key revocation: tokens of the revoked key stop verifying on B", async () => {
      const d = deployment();
      const [a, b] = d.servers;
      const [, c] = await credentials(d, "PTC-");
      expect(await verdictOn(b, c.token)).toBe("VALID");
      const gestor = await signIn(a, GESTOR, PASSWORD);
      const started = Date.now();
      const status = await gestor.post("/m/patrocinio/chaves", {
        intent: "revoke",
        kid: c.kid,
        reason: "Teste de vários servidores: chave comprometida",
        typed: "REVOGAR",
        confirm: "sim",
      });
      expect(status).toBe(302);
      const asks = await asksUntil(async () => (await verdictOn(b, c.token)) === "INVALID");
      console.log(
        `[${label}] chave revogada em A recusada em B na ${asks}ª consulta, ${Date.now() - started} ms após o POST`,
      );
      // B kept resolved keys for 15 s before: far more than 50 asks.
      expect(asks).toBeLessThan(50);
    });
  });
}

describe("two app servers behind nginx, with Redis", () => {
  let d: Deployment;
  beforeAll(async () => {
    d = await startDeployment({ redis: true });
  });
  afterAll(async () => {
    await d?.stop();
  });

  invalidationTests("Redis", () => d);

  it("one client's scans across both servers share one limit (120 a minute)", async () => {
    const [a, b] = d.servers;
    const [c] = await credentials(d, "LAV-");
    const client = `127.0.3.${1 + Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++)
      statuses.push((await get(`${i % 2 ? b : a}/api/v1/verify/${c.token}`, client)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it("kill -9 of one server during 20 s of verifications: the proxy answers from the other, nothing lost", async () => {
    const [c] = await credentials(d, "ITA-");
    const [{ n: before }] = await d.query<{ n: string }>(
      `SELECT count(*) AS n FROM "VerificationLog" WHERE "credentialId" = $1`,
      [c.id],
    );
    const until = Date.now() + 20_000;
    const outcomes = { ok: 0, failed: 0, statuses: {} as Record<string, number> };
    let sent = 0;
    let reachHalfway: () => void = () => undefined;
    const halfway = new Promise<void>((resolve) => (reachHalfway = resolve));
    const worker = async () => {
      while (Date.now() < until) {
        // Each address sends once per 62 500 requests: far under the public limit (120 a minute
        // per client) at any speed. (250 addresses capped a quiet machine at 30 000 answers.)
        const n = sent++;
        const from = `127.1.${Math.floor(n / 250) % 250}.${1 + (n % 250)}`;
        try {
          const { status } = await get(`${d.proxy}/api/v1/verify/${c.token}`, from);
          outcomes.statuses[status] = (outcomes.statuses[status] ?? 0) + 1;
          if (status === 200) outcomes.ok++;
          else outcomes.failed++;
          if (outcomes.ok === 300) reachHalfway();
        } catch (e) {
          outcomes.failed++;
          outcomes.statuses[(e as NodeJS.ErrnoException).code ?? "erro"] = 1;
        }
      }
    };
    const CONCURRENCY = 8;
    const load = Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // A few seconds in, server 1 dies without a word.
    await halfway;
    process.kill(d.pidOf("app-1"), "SIGKILL");
    const killedAfter = outcomes.ok;
    await load;
    const [{ n: after }] = await d.query<{ n: string }>(
      `SELECT count(*) AS n FROM "VerificationLog" WHERE "credentialId" = $1`,
      [c.id],
    );
    const logged = Number(after) - Number(before);
    console.log(
      `[kill -9] ${sent} pedidos em 20 s (${killedAfter} antes da morta), ${outcomes.ok} respondidos 200, ${outcomes.failed} falharam ${JSON.stringify(outcomes.statuses)}; registros de verificação: ${logged}`,
    );
    expect(outcomes.failed).toBe(0);
    expect(outcomes.ok).toBe(sent);
    // Every answered verification was logged; a request cut mid-way on the dead server and
    // retried on the other may have been logged twice — at most one per request in flight.
    expect(logged).toBeGreaterThanOrEqual(outcomes.ok);
    expect(logged - outcomes.ok).toBeLessThanOrEqual(CONCURRENCY);
    // Server 2 answers; server 1 is gone.
    expect((await get(`${d.servers[1]}/readyz`, "127.0.0.1")).status).toBe(200);
    await expect(get(`${d.servers[0]}/healthz`, "127.0.0.1")).rejects.toThrow();
  });
});

const RESET_TO = "gestor.lavras@credencia.demo";
const OUTBOX_LEASE_SECONDS = 12;
type Mail = { id: string; status: string; attempts: number; leaseUntil: Date | null; sentAt: Date | null };

describe("two app servers behind nginx, PostgreSQL only (LISTEN/NOTIFY, no Redis)", () => {
  let d: Deployment;
  let smtp: HoldingSmtp;
  beforeAll(async () => {
    // Both servers send mail to an SMTP server that holds the first message to RESET_TO in DATA.
    smtp = await startHoldingSmtp(RESET_TO);
    d = await startDeployment({
      redis: false,
      env: { SMTP_URL: smtp.url, OUTBOX_LEASE_SECONDS: String(OUTBOX_LEASE_SECONDS) },
    });
  });
  afterAll(async () => {
    await d?.stop();
    await smtp?.close();
  });

  invalidationTests("PostgreSQL", () => d);

  // Last: it kills one of the two servers. Each wait is bounded and fails with the outbox's rows
  // and jobs (a run in session 7 once hung here for 300 s with nothing to read).
  it("a mail queued through A whose sending server is killed mid-send is delivered once, by the other, after the lease", async () => {
    const [a] = d.servers;
    const mail = async () =>
      (await d.query<Mail>(`SELECT id, status, attempts, "leaseUntil", "sentAt" FROM "OutboxMessage" WHERE "to" = $1`, [
        RESET_TO,
      ])) as Mail[];
    expect(await mail()).toEqual([]);
    expect(await postPublicForm(a, "/senha/esqueci", { login: RESET_TO })).toBe(200);
    // The reset mail is written just after the answer (its timing must not tell an account exists).
    await until(
      async () => (await mail()).length > 0,
      30,
      async () => ({ mail: await mail() }),
    );
    expect(await mail()).toHaveLength(1);

    // What the outbox and its jobs looked like, for a failure's message.
    const state = async () => ({
      mail: await mail(),
      jobs: await d.query(
        `SELECT name, state, "singleton_key", "created_on", "started_on", "completed_on", output FROM pgboss.job
         WHERE name = 'outbox' ORDER BY created_on DESC LIMIT 8`,
      ),
      delivered: smtp.delivered.length,
      logs: d.logTails(),
    });
    // One server's outbox worker (pg-boss gives the tick to one of them) is inside DATA: kill it.
    const { clientPort } = await within(smtp.held, 60_000, state);
    const sender = pidOnPort(clientPort);
    const name = (["app-1", "app-2"] as const).find((n) => d.pidOf(n) === sender);
    expect(name).toBeDefined();
    process.kill(sender, "SIGKILL");
    const [stuck] = await mail();
    expect(stuck).toMatchObject({ status: "SENDING", attempts: 1, sentAt: null });
    expect(stuck.leaseUntil).not.toBeNull();
    expect(smtp.delivered).toHaveLength(0);

    // The other server takes it over once the lease has passed, and sends it.
    await until(async () => (await mail())[0].status === "SENT", 90, state);
    const [done] = await mail();
    console.log(
      `[correio] ${name} morto no DATA; entregue pelo outro servidor ${(done.sentAt!.getTime() - stuck.leaseUntil!.getTime()) / 1000} s após o fim do prazo de posse`,
    );
    expect(done.attempts).toBe(2);
    expect(done.sentAt!.getTime()).toBeGreaterThanOrEqual(stuck.leaseUntil!.getTime());
    expect(smtp.delivered).toHaveLength(1);
    expect(smtp.delivered[0]).toMatch(new RegExp(`Message-ID: <outbox-${done.id}@`, "i"));
    // Nothing sends it again: the survivor's next outbox run finds nothing due.
    const survivor = d.servers[name === "app-1" ? 1 : 0];
    expect((await get(`${survivor}/readyz`, "127.0.0.1")).status).toBe(200);
    const outboxRuns = async () =>
      Number(
        (
          await d.query<{ n: string }>(
            `SELECT count(*) AS n FROM pgboss.job WHERE name = 'outbox' AND state = 'completed'`,
          )
        )[0].n,
      );
    const runsAtDelivery = await outboxRuns();
    await until(async () => (await outboxRuns()) >= runsAtDelivery + 1, 60, state);
    expect(smtp.delivered).toHaveLength(1);
    expect((await mail())[0]).toMatchObject({ status: "SENT", attempts: 2 });
  }, 300_000);
});
