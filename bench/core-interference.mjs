// How steady this machine's cores are, and how much two busy cores slow each other (bench/README.md,
// scale-out): the same allocation-heavy loop (objects, strings, JSON, a Map — the kind of work a
// verdict does) on CPU 0 alone, on CPU 1 alone, then on both at once, for some rounds. Each run
// reports the CPU time it needed. On a dedicated machine the runs agree within a few per cent and
// "both" needs what "alone" did; on a virtual machine whose host is busy neither holds, and the
// spread says how far any CPU-per-request figure of the same minute can be trusted.
//
//   node bench/core-interference.mjs [--rounds 3]
import { execFileSync, spawn } from "node:child_process";

if (process.argv[2] === "--work") {
  const t0 = process.cpuUsage();
  const m = new Map();
  let s = 0;
  for (let i = 0; i < 2e6; i++) {
    const o = { a: i, b: "x" + i, c: [i, i + 1] };
    s += JSON.stringify(o).length;
    m.set(i % 50_000, o);
  }
  const u = process.cpuUsage(t0);
  console.log(JSON.stringify({ cpuMs: (u.user + u.system) / 1000, check: s & 1 }));
  process.exit(0);
}

const i = process.argv.indexOf("--rounds");
const rounds = i > 0 ? Number(process.argv[i + 1]) : 3;
const self = new URL(import.meta.url).pathname;
execFileSync("taskset", ["-c", "0", "true"]); // needs util-linux's taskset and 2 cores

const work = (cpu) =>
  new Promise((resolve, reject) => {
    const child = spawn("taskset", ["-c", String(cpu), process.execPath, self, "--work"]);
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out).cpuMs) : reject(new Error(`exit ${code}`))));
  });

const alone = [];
const both = [];
for (let r = 0; r < rounds; r++) {
  alone.push(await work(0), await work(1));
  both.push(...(await Promise.all([work(0), work(1)])));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const spread = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
console.log(
  `alone: ${alone.map((x) => x.toFixed(0)).join(", ")} ms CPU (median ${median(alone).toFixed(0)}, spread ${spread(alone)})`,
);
console.log(
  `both at once: ${both.map((x) => x.toFixed(0)).join(", ")} ms CPU (median ${median(both).toFixed(0)}, spread ${spread(both)})`,
);
console.log(`the same work costs ${(median(both) / median(alone)).toFixed(2)}× the CPU when both cores are busy`);
