import { readFileSync, readdirSync } from "node:fs";
const f = readdirSync("tmp/prof").filter(x => x.endsWith(".cpuprofile")).sort().pop();
const p = JSON.parse(readFileSync("tmp/prof/" + f));
const dt = new Map(); p.samples.forEach((s, i) => dt.set(s, (dt.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
let total = 0; const by = new Map();
for (const n of p.nodes) { const t = dt.get(n.id) ?? 0; total += t; const u = n.callFrame.url; let k = u.includes("node_modules/") ? u.replace(/.*node_modules\//, "").split("/").slice(0, u.includes("@") ? 2 : 1).join("/") : u.startsWith("node:") ? "node:" + u.slice(5).split("/")[0] : u.includes("build/index.js") ? "APP build/index.js" : u ? u.split("/").slice(-2).join("/") : n.callFrame.functionName; by.set(k, (by.get(k) ?? 0) + t); }
for (const [k, t] of [...by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((100 * t / total).toFixed(1).padStart(5), "%", k);
