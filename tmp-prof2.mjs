import { readFileSync, readdirSync } from "node:fs";
const f = readdirSync("tmp/prof").filter(x => x.endsWith(".cpuprofile")).sort().pop();
const p = JSON.parse(readFileSync("tmp/prof/" + f));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = new Map(); p.samples.forEach((s, i) => dt.set(s, (dt.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
let total = 0; for (const [,t] of dt) total += t;
const incl = new Map();
for (const [id0, t] of dt) { const seen = new Set(); let id = id0; while (id) { const m = byId.get(id); const k = m.callFrame.functionName || "(anon)"; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } id = parent.get(id); } }
const want = process.argv.slice(2);
for (const k of want) console.log(k.padEnd(30), ((100 * (incl.get(k) ?? 0)) / total).toFixed(1), "%");
console.log("total ms", (total/1000).toFixed(0), "idle", ((incl.get("(idle)")??0)/total*100).toFixed(1));
