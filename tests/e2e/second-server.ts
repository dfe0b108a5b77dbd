// Another instance of the real built server (`node server.js`) on this worker's database, for
// specs that look at the same data from two servers — or from a server living on another day.
//
//   const second = await startSecondServer();                      // same clock
//   const later = await startSecondServer({ clockOffsetDays: 2 }); // two days ahead (libfaketime)
//   await page.goto(`${second.url}/v/…`);
//   await second.stop();                                            // always, e.g. in a finally
//
// Options: `clockOffsetDays` (whole or fractional days, may be negative) or `faketime` (any
// FAKETIME spec, e.g. "@2027-03-01 00:00:00" or "+36h"), and `port` (default: a free slot of this
// worker past every worker's own server: E2E_PORT base + E2E_WORKERS + 4 × worker index + n), and
// `env`: variables that replace the webServer's (e.g. a GOVBR_ISSUER nothing listens on).
// The environment is the webServer's (tests/e2e/server-env.ts): same DATABASE_URL, DATA_DIR,
// DEMO_MODE…, another PORT and PUBLIC_BASE_URL. The database is not migrated or seeded again.
// Only the server's clock moves: PostgreSQL's now() and the browser's clock stay where they are.
// The server is a direct child (libfaketime through LD_PRELOAD, not the `faketime` wrapper), so
// `stop()` ends exactly it. Ready once it printed its listening line and /healthz answered 200.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { E2E_BASE_PORT, E2E_PORT, E2E_WORKERS } from "./database-url";
import { e2eServerEnv } from "./server-env";

export type SecondServer = {
  port: number;
  /** http://localhost:PORT, without a trailing slash. */
  url: string;
  /** Everything the server printed so far (for a failing test's message). */
  output: () => string;
  /** SIGTERM, then waits for the exit (SIGKILL if it is still there 10 s later). */
  stop: () => Promise<void>;
};

export type SecondServerOptions = {
  clockOffsetDays?: number;
  faketime?: string;
  port?: number;
  env?: Record<string, string>;
};

// Where Debian's libfaketime package puts the library (tests/ensure-tools.sh installs it).
const LIBFAKETIME = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1",
  "/usr/local/lib/faketime/libfaketimeMT.so.1",
];

let started = 0;

function faketimeEnv(options: SecondServerOptions): Record<string, string> {
  const spec =
    options.faketime ??
    (options.clockOffsetDays === undefined
      ? undefined
      : `${options.clockOffsetDays < 0 ? "-" : "+"}${Math.round(Math.abs(options.clockOffsetDays) * 86_400)}s`);
  if (!spec) return {};
  const lib = LIBFAKETIME.find((p) => existsSync(p));
  if (!lib) throw new Error("libfaketime não encontrada: rode tests/ensure-tools.sh (pacote Debian libfaketime).");
  // Timers and event-loop timeouts keep the real monotonic clock: only the calendar moves.
  return { LD_PRELOAD: lib, FAKETIME: spec, FAKETIME_DONT_FAKE_MONOTONIC: "1", FAKETIME_NO_CACHE: "1" };
}

export async function startSecondServer(options: SecondServerOptions = {}): Promise<SecondServer> {
  const worker = E2E_PORT - E2E_BASE_PORT;
  const port = options.port ?? E2E_BASE_PORT + E2E_WORKERS + 4 * worker + (started++ % 4);
  const env = { ...process.env, ...e2eServerEnv(port, E2E_PORT), ...options.env, ...faketimeEnv(options) };
  const proc = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let onOutput = () => {};
  const collect = (chunk: Buffer) => ((out += chunk.toString()), onOutput());
  proc.stdout!.on("data", collect);
  proc.stderr!.on("data", collect);
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill("SIGTERM");
    const kill = setTimeout(() => proc.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(kill);
  };
  const listening = `http://localhost:${port}`;
  try {
    await new Promise<void>((resolve, reject) => {
      onOutput = () => void (out.includes(listening) && resolve());
      void exited.then(() => reject(new Error(`o segundo servidor (porta ${port}) saiu ao iniciar:\n${out}`)));
    });
    const health = await fetch(`${url}/healthz`);
    if (!health.ok) throw new Error(`/healthz do segundo servidor respondeu ${health.status}:\n${await health.text()}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, url, output: () => out, stop };
}
