import { readiness } from "~/utils/health.server";

// Readiness (ADR 035, ADR 042): 200 when this server may receive requests (database reachable with
// every migration applied, storage reachable, not shutting down); 503 with Retry-After otherwise.
// Redis, when configured, is "ok" or "degradado" (down: the server works on, limits in memory)
// and never turns the answer 503. The answer names the checks only; the reasons go to the log.
export async function loader() {
  const { ready, checks } = await readiness();
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
