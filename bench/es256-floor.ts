/**
 * The physical floor of a verification (issue #31): how many ES256 signatures one core checks per
 * second, each on a token it has not seen — what every fresh scan costs before any portal code.
 * Two ways, on the same tokens: jose's `compactVerify` (what the portal and bench/minimal-server.mjs
 * call) and node:crypto's `verify` on the raw r‖s signature (the same OpenSSL call, without
 * jose's JWS parsing). Pin it to a core:
 *
 *   taskset -c 0 npx tsx bench/es256-floor.ts [--n 20000] [--rounds 5]
 *
 * Figures in bench/README.md ("Verification under load", issue #31).
 */
import { createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { CompactSign, compactVerify } from "jose";
import { arg } from "./args";
import { median } from "./stats";

const N = Number(arg("n", "20000"));
const ROUNDS = Number(arg("rounds", "5"));

const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
const encoder = new TextEncoder();

/** N distinct compact JWS, each the size of a crachá's claims. */
async function tokens(): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < N; i++) {
    const payload = {
      iss: "3133808",
      sn: `ITA-MB-2026-${String(i).padStart(7, "0")}`,
      t: "CRACHA",
      c: "MOTOBOY",
      n: "Maria Aparecida Souza",
      p: "HAB1C23",
      f: "2026-01-01",
      u: "2099-12-31",
    };
    out.push(
      await new CompactSign(encoder.encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: "ES256", kid: "k", typ: "credential+jws" })
        .sign(privateKey),
    );
  }
  return out;
}

async function timeJose(list: string[], key: KeyObject) {
  const t0 = process.hrtime.bigint();
  for (const t of list) await compactVerify(t, key, { algorithms: ["ES256"] });
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

function timeRaw(list: string[], key: KeyObject) {
  const parts = list.map((t) => {
    const [h, p, s] = t.split(".");
    return { data: Buffer.from(`${h}.${p}`), sig: Buffer.from(s, "base64url") };
  });
  const t0 = process.hrtime.bigint();
  for (const { data, sig } of parts)
    if (!verify("sha256", data, { key, dsaEncoding: "ieee-p1363" }, sig)) throw new Error("bad signature");
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

async function main() {
  const key = createPublicKey(publicKey.export({ format: "pem", type: "spki" }));
  // A sanity check that both paths accept what the other signs.
  const probe = sign("sha256", Buffer.from("x"), { key: privateKey, dsaEncoding: "ieee-p1363" });
  if (!verify("sha256", Buffer.from("x"), { key, dsaEncoding: "ieee-p1363" }, probe)) throw new Error("raw verify");
  const jose: number[] = [];
  const raw: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const list = await tokens(); // new tokens every round: nothing remembered
    jose.push(await timeJose(list, key));
    raw.push(timeRaw(list, key));
  }
  const line = (name: string, ms: number[]) => {
    const m = median(ms);
    return `| ${name} | ${((m * 1000) / N).toFixed(1)} | ${((N * 1000) / m).toFixed(0)} |`;
  };
  console.log(`Node ${process.version}; ${N} distinct tokens × ${ROUNDS} rounds, median\n`);
  console.log("| ES256 verify, one core | µs each | per second |");
  console.log("| --- | ---: | ---: |");
  console.log(line("jose compactVerify (JWS parse + verify)", jose));
  console.log(line("node:crypto verify, raw r‖s", raw));
}

await main();
