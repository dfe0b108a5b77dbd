import { db } from "~/utils/db.server";

// Liveness and database reachability, for load balancers and the test runner.
export async function loader() {
  await db.municipality.count();
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
