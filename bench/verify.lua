-- wrk script for bench/verify.ts: cycles through the request paths in the file given after `--`,
-- each request from its own client address (X-Forwarded-For, read by the portal through
-- TRUST_PROXY=loopback), and prints one JSON line of figures at the end. Run with -t1.
local paths = {}
local n = 0

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then paths[#paths + 1] = line end
  end
end

function request()
  n = n + 1
  local ip = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("GET", paths[(n % #paths) + 1], {
    ["X-Forwarded-For"] = ip,
    ["User-Agent"] = "bench/verify (Android; Mobile) Chrome/120",
  })
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"us":%d,"bytes":%d,"p50":%d,"p99":%d,"max":%d,"status":%d,"socket":%d}\n',
    summary.requests, summary.duration, summary.bytes, latency:percentile(50), latency:percentile(99),
    latency.max, e.status, e.connect + e.read + e.write + e.timeout))
end
