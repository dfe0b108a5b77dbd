// Preload for the servers bench/verify.ts starts (the portal's `node server.js` and
// bench/minimal-server.mjs): with SERVER_LATENCY_DIR=<dir> and NODE_OPTIONS="--require
// ./bench/server-latency.cjs", every request a node:http server of the process answers is timed
// from the moment its 'request' event is emitted (headers parsed, the handler about to run) to
// its response's 'finish' (the last byte handed to the kernel). SIGUSR2 writes the figures since
// the last SIGUSR2 to <dir>/bench-server-latency-<pid>.json as one JSON line and starts again, so the bench brackets exactly its
// measured window. What wrk measures beyond this is spent outside the handler: in the kernel's
// queue of a socket the busy event loop has not read yet, on the way back, or in wrk itself.
// The cost per request is one hrtime and one histogram record (native), the same for both servers.
/* eslint-disable @typescript-eslint/no-require-imports -- a --require preload is CommonJS */
"use strict";
const dir = process.env.SERVER_LATENCY_DIR;
if (dir) {
  const out = require("node:path").join(dir, `bench-server-latency-${process.pid}.json`);
  const http = require("node:http");
  const { createHistogram } = require("node:perf_hooks");
  const { writeFileSync } = require("node:fs");
  let histogram = createHistogram();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res) {
    if (event === "request") {
      const start = process.hrtime.bigint();
      const h = histogram;
      res.once("finish", () => h.record(process.hrtime.bigint() - start || 1n));
    }
    return emit.apply(this, arguments);
  };
  process.on("SIGUSR2", () => {
    const h = histogram;
    histogram = createHistogram();
    const ms = (ns) => Number(ns) / 1e6;
    const figures = h.count
      ? {
          count: h.count,
          p50: ms(h.percentile(50)),
          p99: ms(h.percentile(99)),
          p999: ms(h.percentile(99.9)),
          max: ms(h.max),
        }
      : { count: 0 };
    writeFileSync(out, JSON.stringify(figures) + "\n");
  });
}
