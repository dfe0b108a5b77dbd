// Issue #35 finding 8, malformed request targets: server.js's fast path sent an absolute-form
// target (`GET http://evil.example/entrar`) on to the Remix adapter, which threw building its URL
// (500, an 11-line stack in the log); a malformed escape after a genuine token (`/v/<token>%ZZ`)
// reached Remix's router, which logged the path — token included; 50 such requests wrote 40 KB of
// log. Now (ADR 050): 400 in one line of text, nothing logged. Driven through server.js with the
// real Remix runtime behind it (tests/security/http-app.ts's startRemix).
import { connect } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { httpOnly, startRemix } from "./http-app";

const TOKEN = "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIn0.eyJzIjoiSVRBLTIwMjYtMDAwMDEifQ.c2lnbmF0dXJhLWRvLXRva2Vu";
let app: Awaited<ReturnType<typeof startRemix>>;
const verified: string[] = [];
let logged: string[] = [];

beforeAll(async () => {
  const loader = async ({ params }: { params: Record<string, string> }) => {
    verified.push(params.token);
    return new Response(`verificado`, { headers: { "Content-Type": "text/plain" } });
  };
  // Express logs an error's stack only outside NODE_ENV=test: its app is made as in production.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  app = await startRemix(httpOnly, {
    "routes/v.$token": { path: "v/:token", module: { loader } },
    "routes/entrar": { path: "entrar", module: { loader: async () => new Response("entrar") } },
  }).finally(() => (process.env.NODE_ENV = nodeEnv));
});
afterAll(() => app.close());
afterEach(() => {
  vi.restoreAllMocks();
  verified.length = 0;
});

/** Everything the server writes to its log while `run` runs. */
async function logOf(run: () => Promise<void>): Promise<string> {
  logged = [];
  for (const method of ["error", "warn", "log", "info"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  await run();
  vi.restoreAllMocks();
  return logged.join("\n");
}

/** Sends `head` as written (a request line no fetch would send) and reads the whole answer. */
function raw(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(app.port, "127.0.0.1", () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [headers, ...body] = text.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), headers, body: body.join("\r\n\r\n") });
    });
  });
}

const get = (target: string, host = `127.0.0.1:${app.port}`) =>
  raw(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);

const ONE_LINE = "Endereço malformado: confira o link ou digite o endereço de novo.";

describe("finding 8: malformed request targets", () => {
  it("an absolute-form target gets 400 in one line, and nothing is logged", async () => {
    let answer!: Awaited<ReturnType<typeof get>>;
    const log = await logOf(async () => {
      answer = await get("http://evil.example/entrar");
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toBe(ONE_LINE);
    expect(answer.headers).toMatch(/content-type: text\/plain; charset=utf-8/i);
    expect(answer.headers).toMatch(/content-security-policy:/i); // the portal's headers, as on every answer
    expect(log).toBe("");
  });

  it("a malformed escape after a genuine token gets 400; the token reaches neither the log nor the verification", async () => {
    const log = await logOf(async () => {
      for (const target of [`/v/${TOKEN}%ZZ`, `/v/${TOKEN}%`, `/api/v1/verify/${TOKEN}%E0%A4%A`, `/v/${TOKEN}%C3%28`])
        expect((await get(target)).status, target).toBe(400);
    });
    expect(log).not.toContain(TOKEN.slice(0, 20));
    expect(log).toBe("");
    expect(verified).toEqual([]);
  });

  it("50 malformed requests write nothing to the log", async () => {
    const log = await logOf(async () => {
      for (let i = 0; i < 25; i++) {
        expect((await get(`http://evil.example/${i}`)).status).toBe(400);
        expect((await get(`/v/${TOKEN}${i}%G${i}`)).status).toBe(400);
      }
    });
    expect(log.length).toBe(0);
  });

  it("a Host the adapter cannot make a URL of gets 400 in one line, not a logged 500", async () => {
    for (const host of ["evil.example:99999", "exa mple.com", "a]b"]) {
      let answer!: Awaited<ReturnType<typeof get>>;
      const log = await logOf(async () => {
        answer = await get("/entrar", host);
      });
      expect(answer.status, host).toBe(400);
      expect(answer.body).toBe(ONE_LINE);
      expect(log).toBe("");
    }
  });

  it("well-formed targets still reach their routes, a malformed escape in the query string included", async () => {
    expect((await get(`/v/${TOKEN}`)).status).toBe(200);
    expect(verified).toEqual([TOKEN]);
    const entrar = await get("/entrar?voltar=%ZZ");
    expect(entrar.status).toBe(200);
    expect(entrar.body).toContain("entrar");
    expect((await get(`/v/${encodeURIComponent("Zé")}`)).status).toBe(200);
  });
});
