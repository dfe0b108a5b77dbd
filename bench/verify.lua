-- wrk script for bench/verify.ts: cycles through the request paths in the file given after `--`,
-- each request from its own client address (X-Forwarded-For, read by the portal through
-- TRUST_PROXY=loopback), and prints one JSON line of figures at the end. Run with -t1.
-- It also reports how long wrk's own thread waited for its core (the run-queue wait in
-- /proc/thread-self/schedstat, read every 256 requests): latency wrk counts while it could not run.
local paths = {}
local n = 0
local threads = {}
sched = "0 0 0"

function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
end

function request()
  n = n + 1
  if n % 256 == 0 then
    local f = io.open("/proc/thread-self/schedstat")
    if f then sched = f:read("*l"); f:close() end
  end
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("GET", paths[(n % #paths) + 1], {
    ["X-Forwarded-For"] = ip,
    ["User-Agent"] = "bench/verify (Android; Mobile) Chrome/120",
  })
end

function done(summary, latency, requests)
  local e = summary.errors
  local run, wait = 0, 0
  for _, t in ipairs(threads) do
    local r, w = string.match(t:get("sched") or "", "^(%d+) (%d+)")
    run, wait = run + (tonumber(r) or 0), wait + (tonumber(w) or 0)
  end
  io.write(string.format(
    '{"requests":%d,"us":%d,"bytes":%d,"p50":%d,"p99":%d,"max":%d,"status":%d,"socket":%d,"runUs":%d,"waitUs":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    latency.max, e.status, e.connect + e.read + e.write + e.timeout, math.floor(run / 1000), math.floor(wait / 1000)))
end
