// Diagnosis preload for the servers under bench/verify.ts (bench/README.md, "Session 9"): with
// HEAP_SAMPLE_OUT=<file> and NODE_OPTIONS="--require ./bench/heap-sample.cjs", `server.js` and
// `bench/minimal-server.mjs` sample every allocation (V8's sampling heap profiler, one sample per
// 4 KiB, objects the collector has already freed included) and count their HTTP requests; at
// SIGTERM (bench/verify.ts stops each server so) they write `<file>.<server>.txt`: the bytes
// allocated per request and the 40 functions that allocated most. Allocation does not depend on how
// busy the host is, unlike CPU time: it is the figure to compare two builds by. Other processes
// ignore it. Start-up (module loading) is included, ~2–3 % of a 10 s run.
/* eslint-disable @typescript-eslint/no-require-imports -- a --require preload is CommonJS */
"use strict";
const out = process.env.HEAP_SAMPLE_OUT;
const server = /(server\.js|minimal-server\.mjs)$/.exec(process.argv[1] ?? "")?.[1];
if (out && server) {
  const inspector = require("node:inspector");
  const http = require("node:http");
  const { writeFileSync } = require("node:fs");
  const session = new inspector.Session();
  session.connect();
  session.post("HeapProfiler.startSampling", {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  let requests = 0;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, ...args) {
    if (event === "request") requests++;
    return emit.call(this, event, ...args);
  };
  const where = (frame) =>
    `${frame.functionName || "(anonymous)"} ${(frame.url || "")
      .replace(/.*node_modules\//, "")
      .replace(/.*\/build\//, "build/")}:${frame.lineNumber + 1}`;
  let written = false;
  process.prependListener("SIGTERM", () => {
    if (written) return;
    written = true;
    session.post("HeapProfiler.stopSampling", (error, result) => {
      if (error) throw error;
      const bySite = new Map();
      const walk = (node) => {
        if (node.selfSize) bySite.set(where(node.callFrame), (bySite.get(where(node.callFrame)) ?? 0) + node.selfSize);
        for (const child of node.children) walk(child);
      };
      walk(result.profile.head);
      const total = [...bySite.values()].reduce((a, b) => a + b, 0);
      const top = [...bySite]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 40)
        .map(([site, bytes]) => `${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${site}`);
      const head = `${server}: ${(total / 2 ** 20).toFixed(1)} MiB over ${requests} requests, ${(total / Math.max(1, requests) / 1024).toFixed(1)} KiB per request`;
      writeFileSync(`${out}.${server.replace(/\..*/, "")}.txt`, [head, ...top, ""].join("\n"));
      process.exit(0);
    });
  });
}
