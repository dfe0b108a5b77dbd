// The status list of a municipality (ADR 007): its SUSPENDED and REVOKED serials, signed with
// its key. Signed snapshots are kept in memory for CACHE_SECONDS, and concurrent requests for
// the same municipality share one build, so a flood costs one query and one signature a minute.
import { db } from "~/utils/db.server";
import { systemActor } from "~/utils/audit.server";
import { civilDate } from "~/domain/time";
import { signStatusList } from "~/credentials/status-list";
import { ALL, publish, subscribe } from "~/utils/invalidation.server";
import { signerFor } from "../signing-key.server";

/** How long a phone may rely on a list offline: a working day and a night. */
export const STATUS_LIST_TTL_SECONDS = 24 * 3600;
/** How long the server reuses a signed snapshot (also its HTTP max-age). */
export const STATUS_LIST_CACHE_SECONDS = 60;

type Snapshot = { jws: string; issuedAt: Date };
const ready = new Map<string, Snapshot>();
const inflight = new Map<string, Promise<Snapshot | null>>();
/**
 * Bumped by every forget. A build that began before a forget may have read the rows before the
 * change that caused it: it answers the callers that were already waiting, but is neither kept
 * nor joined by later callers (the same rule as the resolved keys' generation).
 */
let generation = 0;

const IBGE = /^\d{7}$/;

/** The signed list for an IBGE code; null when no such municipality exists. */
export function statusListFor(ibge: string, now = new Date()): Promise<Snapshot | null> {
  if (!IBGE.test(ibge)) return Promise.resolve(null);
  const fresh = ready.get(ibge);
  if (fresh && now.getTime() - fresh.issuedAt.getTime() < STATUS_LIST_CACHE_SECONDS * 1000)
    return Promise.resolve(fresh);
  // Checked and set with no await in between: concurrent callers share one build.
  const pending = inflight.get(ibge);
  if (pending) return pending;
  const startedIn = generation;
  const building: Promise<Snapshot | null> = (async () => {
    const municipality = await db.municipality.findUnique({
      where: { ibgeCode: ibge },
      select: { id: true, timeZone: true },
    });
    if (!municipality) return null;
    const snapshot = await build(municipality, ibge, now);
    if (startedIn === generation) ready.set(ibge, snapshot);
    return snapshot;
  })().finally(() => {
    if (inflight.get(ibge) === building) inflight.delete(ibge);
  });
  inflight.set(ibge, building);
  return building;
}

async function build(
  { id: municipalityId, timeZone }: { id: string; timeZone: string },
  ibge: string,
  now: Date,
): Promise<Snapshot> {
  // A credential past its last day (in the municipality's zone) is refused offline by its own dates: no need to list it.
  const today = civilDate(now, timeZone);
  const rows = await db.credential.findMany({
    where: { municipalityId, status: { in: ["SUSPENDED", "REVOKED"] }, validUntil: { gte: today } },
    select: { serial: true, status: true },
  });
  const signer = await signerFor(municipalityId, systemActor());
  const jws = await signStatusList(
    {
      issuer: ibge,
      suspended: rows.filter((r) => r.status === "SUSPENDED").map((r) => r.serial),
      revoked: rows.filter((r) => r.status === "REVOKED").map((r) => r.serial),
      now,
      ttlSeconds: STATUS_LIST_TTL_SECONDS,
    },
    signer,
  );
  return { jws, issuedAt: now };
}

/**
 * Drops the cached snapshot(s), e.g. right after a suspension, so the next request re-signs; and
 * tells the other app servers to drop theirs (utils/invalidation.server.ts). `from: "peer"` is
 * another server's message: dropped here, not sent on.
 */
export function forgetStatusList(ibge?: string, from: "here" | "peer" = "here"): void {
  generation++;
  if (ibge) {
    ready.delete(ibge);
    inflight.delete(ibge);
  } else {
    ready.clear();
    inflight.clear();
  }
  if (from === "here") void publish(STATUS_LIST_TOPIC, ibge ?? ALL);
}

const STATUS_LIST_TOPIC = "status-list";
subscribe(STATUS_LIST_TOPIC, (key) => forgetStatusList(key === ALL ? undefined : key, "peer"));
