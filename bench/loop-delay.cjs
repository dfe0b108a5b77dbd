// Diagnosis preload for `node server.js` under bench/verify.ts (bench/README.md, "Where the
// SQLite tail came from"): with LOOP_DELAY_OUT=<file> and NODE_OPTIONS="--require
// ./bench/loop-delay.cjs", the server records the event loop's delay histogram, every GC pause
// by kind, how long each synchronous SQLite transaction (the verification log's batch) held the
// loop, and the live timers; at exit it writes them as JSON to <file>. Other processes ignore it.
/* eslint-disable @typescript-eslint/no-require-imports -- a --require preload is CommonJS */
"use strict";
const out = process.env.LOOP_DELAY_OUT;
if (out && /server\.js$/.test(process.argv[1] ?? "")) {
  const { monitorEventLoopDelay, PerformanceObserver, performance, constants } = require("node:perf_hooks");
  const { writeFileSync } = require("node:fs");
  const path = require("node:path");
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: "minor (scavenge)",
    [constants.NODE_PERFORMANCE_GC_MAJOR]: "major (mark-compact)",
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental marking",
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weak callbacks",
  };
  const gc = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const k = KINDS[e.detail?.kind ?? e.kind] ?? "other";
      const g = (gc[k] ??= { count: 0, totalMs: 0, maxMs: 0, over20ms: 0 });
      g.count++;
      g.totalMs += e.duration;
      g.maxMs = Math.max(g.maxMs, e.duration);
      if (e.duration > 20) g.over20ms++;
    }
  }).observe({ entryTypes: ["gc"] });
  // Each better-sqlite3 transaction function, timed (the log's batch runs as one).
  const tx = [];
  try {
    const Database = require(require.resolve("better-sqlite3", { paths: [process.cwd()] }));
    const transaction = Database.prototype.transaction;
    Database.prototype.transaction = function (fn) {
      const wrapped = transaction.call(this, fn);
      const timed = (...args) => {
        const t0 = performance.now();
        try {
          return wrapped(...args);
        } finally {
          tx.push([performance.now() - t0, Array.isArray(args[0]) ? args[0].length : 1]);
        }
      };
      return Object.assign(timed, wrapped);
    };
  } catch {
    // no better-sqlite3: PostgreSQL only
  }
  let maxTimers = 0;
  let maxHeapMiB = 0;
  setInterval(() => {
    const timers = process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    maxTimers = Math.max(maxTimers, timers);
    maxHeapMiB = Math.max(maxHeapMiB, process.memoryUsage().heapUsed / 2 ** 20);
  }, 500).unref();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const pct = (xs, p) => (xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : 0);
  process.on("exit", () => {
    const durations = tx.map(([d]) => d).sort((a, b) => a - b);
    const rows = tx.reduce((n, [, r]) => n + r, 0);
    const report = {
      loopDelayMs: {
        p50: ms(loop.percentile(50)),
        p99: ms(loop.percentile(99)),
        max: ms(loop.max),
        mean: ms(loop.mean),
      },
      gc,
      sqliteTransactions: {
        count: tx.length,
        rowsPerBatch: tx.length ? Math.round((rows / tx.length) * 10) / 10 : 0,
        p50Ms: pct(durations, 50),
        p99Ms: pct(durations, 99),
        maxMs: durations.at(-1) ?? 0,
        over20ms: durations.filter((d) => d > 20).length,
      },
      maxLiveTimers: maxTimers,
      maxHeapUsedMiB: Math.round(maxHeapMiB),
    };
    writeFileSync(path.resolve(out), JSON.stringify(report, null, 2));
  });
}
