import type { LoaderFunctionArgs } from "@remix-run/node";
import { readiness, type Readiness } from "~/utils/health.server";
import { overLimit } from "~/utils/public-rate-limit.server";
import { rateLimited } from "~/http/api.server";

// Readiness (ADR 035, ADR 042): 200 when this server may receive requests (database reachable with
// every migration applied, storage reachable, not shutting down); 503 with Retry-After otherwise.
// Redis, when configured, is "ok" or "degradado" (down: the server works on, limits in memory)
// and never turns the answer 503. The answer names the checks only; the reasons go to the log.
// Each probe asks the database, the storage and Redis (ADR 050): a client gets 120 a minute on each
// server (a monitor asks a few times a minute), and probes arriving while one runs share its answer.
export async function loader(args?: Partial<LoaderFunctionArgs>) {
  const clientIp = args?.context?.clientIp;
  const wait = clientIp ? await overLimit("probe", clientIp) : null;
  if (wait) return rateLimited(wait, { "Cache-Control": "no-store" });
  const { ready, checks } = await sharedReadiness();
  const failed = Object.entries(checks).filter(([, c]) => !c.ok);
  for (const [name, c] of failed)
    console.error(`/readyz: ${name} ${c.degraded ? "degradado" : "falhou"}: ${c.detail ?? ""}`);
  const body = {
    ready,
    checks: Object.fromEntries(
      Object.entries(checks).map(([n, c]) => [n, c.ok ? "ok" : c.degraded ? "degradado" : "falhou"]),
    ),
  };
  return new Response(JSON.stringify(body), {
    status: ready ? 200 : 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...(ready ? {} : { "Retry-After": "5" }),
    },
  });
}

let running: Promise<Readiness> | undefined;

/** The probe in progress, or a new one: a burst of probes costs one round of checks. */
function sharedReadiness(): Promise<Readiness> {
  running ??= readiness().finally(() => (running = undefined));
  return running;
}
