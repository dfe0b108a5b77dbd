// Liveness: the process answers HTTP. It asks nothing of the database or of anything else, so an
// outage of a dependency never gets healthy servers restarted; whether a server should receive
// requests is /readyz (ADR 035).
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
