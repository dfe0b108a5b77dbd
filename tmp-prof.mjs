import { readFileSync, readdirSync } from "node:fs";
const f = readdirSync("tmp/prof").filter(x => x.endsWith(".cpuprofile")).sort().pop();
const p = JSON.parse(readFileSync("tmp/prof/" + f));
const self = new Map(); const byId = new Map(p.nodes.map(n => [n.id, n]));
const dt = new Map(); p.samples.forEach((s, i) => dt.set(s, (dt.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
let total = 0;
for (const n of p.nodes) { const t = dt.get(n.id) ?? 0; total += t; const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").slice(-2).join("/")}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t); }
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
for (const [k, t] of top) console.log((100 * t / total).toFixed(1).padStart(5), "%", k);
// inclusive by url
const incl = new Map();
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
for (const n of p.nodes) { const t = dt.get(n.id) ?? 0; if (!t) continue; const seen = new Set(); let id = n.id; while (id) { const m = byId.get(id); const u = m.callFrame.url.replace(/.*node_modules\//, "").split("/")[0] || m.callFrame.url.split("/").slice(-1)[0] || "(native)"; if (!seen.has(u)) { seen.add(u); incl.set(u, (incl.get(u) ?? 0) + t); } id = parent.get(id); } }
console.log("--- inclusive by package");
for (const [k, t] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log((100 * t / total).toFixed(1).padStart(5), "%", k);
