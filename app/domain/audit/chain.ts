// The audit chain's hashing, pure: each event's hash covers its content and the previous
// event's hash, so editing or deleting any event breaks every hash after it.
import { createHash } from "node:crypto";

export const GENESIS_HASH = "0".repeat(64);

export type AuditContent = {
  seq: number;
  at: string; // ISO-8601
  actorUserId: string | null;
  actorRole: string | null;
  municipalityId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  beforeJson: string | null;
  afterJson: string | null;
  requestId: string | null;
};

export function hashEvent(prevHash: string, e: AuditContent): string {
  // A fixed field order (an array, not an object) keeps the encoding canonical.
  const canonical = JSON.stringify([
    e.seq,
    e.at,
    e.actorUserId,
    e.actorRole,
    e.municipalityId,
    e.action,
    e.subjectType,
    e.subjectId,
    e.beforeJson,
    e.afterJson,
    e.requestId,
    prevHash,
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

export type ChainProblem = { seq: number; problem: "hash_mismatch" | "prev_mismatch" | "gap" };

/** Checks a run of events in seq order, starting from the hash before the first one. */
export function verifyChain(
  events: (AuditContent & { prevHash: string; hash: string })[],
  startPrevHash = GENESIS_HASH,
  startSeq = 1,
): ChainProblem[] {
  const problems: ChainProblem[] = [];
  let prev = startPrevHash;
  let expectedSeq = startSeq;
  for (const e of events) {
    if (e.seq !== expectedSeq) problems.push({ seq: e.seq, problem: "gap" });
    if (e.prevHash !== prev) problems.push({ seq: e.seq, problem: "prev_mismatch" });
    if (hashEvent(e.prevHash, e) !== e.hash) problems.push({ seq: e.seq, problem: "hash_mismatch" });
    prev = e.hash;
    expectedSeq = e.seq + 1;
  }
  return problems;
}
