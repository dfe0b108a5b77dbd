// Issue #14: SIGTERM stops accepting, lets the requests in flight finish, closes the pools and
// exits — and exits within SHUTDOWN_TIMEOUT_MS even when a request never ends. The real built
// server (node server.js) on its own SQLite database.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { type ClientRequest, type IncomingMessage, request } from "node:http";
import { describe, expect, it } from "vitest";
import { startProcess } from "./processes";

const PORT = Number(process.env.MULTI_SERVER_PORT_BASE ?? 3730) + 9;

function serverEnv(timeoutMs: number) {
  mkdirSync("tmp", { recursive: true });
  const id = randomBytes(4).toString("hex");
  const env: Record<string, string | undefined> = {
    PORT: String(PORT),
    NODE_ENV: "production",
    DATABASE_URL: `file:./tmp/shutdown-${id}.db`,
    DATA_DIR: `./tmp/shutdown-${id}`,
    MASTER_KEY: randomBytes(32).toString("base64"),
    // A production server refuses a localhost public address (env.server.ts): a real one, as
    // behind the proxy; the test talks to the server's own port.
    PUBLIC_BASE_URL: "https://credencia.exemplo.gov.br",
    JOBS_DISABLED: "1",
    SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
    REDIS_URL: undefined,
  };
  execFileSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, ...env }, stdio: "pipe" });
  return env;
}

/** A POST whose body is sent in two parts: the request is in flight until `finish()`. */
function slowPost(path: string, first: string, rest: string) {
  const length = Buffer.byteLength(first + rest);
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      {
        host: "127.0.0.1",
        port: PORT,
        path,
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": length },
      },
      (res: IncomingMessage) => {
        let body = "";
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
  });
  req.write(first);
  return { answer, finish: () => req.end(rest) };
}

describe("shutdown on SIGTERM", () => {
  it("finishes the request in flight, refuses new connections, and exits 0", async () => {
    const server = startProcess("node", ["server.js"], serverEnv(20_000));
    await server.waitFor("Portal de Credenciamento em");
    const held = slowPost("/api/v1/eligibility", '{"municipality": "0000000"', "}");
    // One full answer on another connection: the held connection was accepted before it.
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);

    server.proc.kill("SIGTERM");
    await server.waitFor("SIGTERM: encerrando");
    await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow();

    held.finish();
    const { status, body } = await held.answer;
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({ error: { code: expect.any(String) } });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("Encerrado.");
  });

  it("exits within SHUTDOWN_TIMEOUT_MS when a request never finishes, cutting it", async () => {
    const server = startProcess("node", ["server.js"], serverEnv(1_000));
    await server.waitFor("Portal de Credenciamento em");
    const held = slowPost("/api/v1/eligibility", '{"municipality": ', "never sent");
    const outcome = held.answer.then(
      () => "answered",
      (e: NodeJS.ErrnoException) => e.code,
    );
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
    server.proc.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("Prazo de encerramento esgotado");
    expect(await outcome).toBe("ECONNRESET");
  });
});
