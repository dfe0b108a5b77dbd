// A municipality's signed status list (ADR 007). Snapshots are cached and concurrent requests share
// one build, so a flood costs one query and one signature a minute.
import { signStatusList } from "~/credentials/status-list";
import { civilDate } from "~/domain/time";
import { systemActor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { ALL, publish, subscribe } from "~/utils/invalidation.server";
import { signerFor } from "../signing-key.server";

/** How long a phone may rely on a list offline: a working day and a night. */
const STATUS_LIST_TTL_SECONDS = 24 * 3600;
/** How long the server reuses a signed snapshot (also its HTTP max-age). */
export const STATUS_LIST_CACHE_SECONDS = 60;

type Snapshot = { jws: string; issuedAt: Date };
const ready = new Map<string, Snapshot>();
const inflight = new Map<string, Promise<Snapshot | null>>();
/**
 * Bumped by every forget: a build begun before it may hold stale rows, so it answers its waiting
 * callers but is neither kept nor joined later (as with the resolved keys).
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

/** Drops cached snapshots here and on the other servers (invalidation.server.ts); a "peer" message is not sent on. */
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
