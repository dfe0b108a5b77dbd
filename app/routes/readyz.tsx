import { readiness } from "~/utils/health.server";

// Readiness (ADR 035): 200 when this server may receive requests (database reachable with every
// migration applied, storage reachable, Redis when configured, not shutting down); 503 with
// Retry-After otherwise. The answer names the failing checks only; the reasons go to the log.
export async function loader() {
  const { ready, checks } = await readiness();
  const failed = Object.entries(checks).filter(([, c]) => !c.ok);
  for (const [name, c] of failed) console.error(`/readyz: ${name} falhou: ${c.detail ?? ""}`);
  const body = {
    ready,
    checks: Object.fromEntries(Object.entries(checks).map(([n, c]) => [n, c.ok ? "ok" : "falhou"])),
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
