// What the multi-server tests ask of a deployment from outside: GETs from chosen loopback
// addresses, the verdict and the status list as a server answers them, which process holds a
// connection, and waits that fail with the state they were waiting on instead of hanging.
import { execFileSync } from "node:child_process";
import { request } from "node:http";
import { inflateRawSync } from "node:zlib";

/** One GET from a chosen loopback source address (the client's address as the portal sees it). */
export function get(url: string, from: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress: from, agent: false }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

let clientCounter = Math.floor(Math.random() * 200);
/** A fresh client address for a check, so the public limit never gets in the way. */
export const freshClient = () => `127.0.${10 + (Math.floor(clientCounter / 250) % 200)}.${1 + (clientCounter++ % 250)}`;

export const verdictOn = async (server: string, token: string) =>
  JSON.parse((await get(`${server}/api/v1/verify/${token}`, freshClient())).body).verdict as string;

export async function listedOn(server: string, ibge: string) {
  const jws = (await get(`${server}/api/v1/status-list/${ibge}`, freshClient())).body;
  const payload = JSON.parse(Buffer.from(jws.split(".")[1], "base64url").toString("utf8"));
  return JSON.parse(inflateRawSync(Buffer.from(payload.s, "base64url")).toString("utf8")) as {
    suspended: string[];
    revoked: string[];
  };
}

/** Asks again, back to back (no sleep), until `seen` holds; the number of asks it took. */
export async function asksUntil(check: () => Promise<boolean>, most = 50): Promise<number> {
  for (let i = 1; i <= most; i++) if (await check()) return i;
  return Infinity;
}

/** The process holding a TCP connection from local port `port` (ss, from iproute2). */
export function pidOnPort(port: number): number {
  const line = execFileSync("ss", ["-Htnp", "state", "established", `( sport = :${port} )`], { encoding: "utf8" });
  return Number(/pid=(\d+)/.exec(line)?.[1]);
}

/** Asks every 250 ms until `check` holds; past `seconds`, fails with what `state` shows then. */
export async function until(check: () => Promise<boolean>, seconds: number, state: () => Promise<unknown>) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`esperou ${seconds} s em vão; estado: ${JSON.stringify(await state(), null, 1)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** For a failure's message: a promise that settles within `ms`, or what it was waiting for. */
export function within<T>(promise: Promise<T>, ms: number, what: () => Promise<unknown>): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => void what().then((s) => reject(new Error(`nada em ${ms / 1000} s; estado: ${JSON.stringify(s, null, 1)}`))),
      ms,
    );
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
