import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonAnswer, rateLimited, responseOf } from "~/http/api.server";
import { withRefusals } from "~/http/refusal.server";
import { type Readiness, readiness } from "~/utils/health.server";
import { overLimit } from "~/utils/public-rate-limit.server";

// Readiness (ADR 035, ADR 042): 200 when the database (migrated) and storage answer and the server is
// not shutting down, else 503 with Retry-After; Redis down is only "degradado". Reasons go to the log.
// Probes hit every dependency (ADR 050), so they are rate-limited and concurrent ones share one run.
export const loader = withRefusals(async ({ context }: LoaderFunctionArgs) => {
  const clientIp = context.clientIp;
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
  return responseOf(
    jsonAnswer(ready ? 200 : 503, body, { "Cache-Control": "no-store", ...(ready ? {} : { "Retry-After": "5" }) }),
  );
});

let running: Promise<Readiness> | undefined;

/** The probe in progress, or a new one: a burst of probes costs one round of checks. */
function sharedReadiness(): Promise<Readiness> {
  running ??= readiness().finally(() => (running = undefined));
  return running;
}
