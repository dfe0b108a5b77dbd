import { describe, expect, it } from "vitest";
import { type AuditContent, GENESIS_HASH, hashEvent, verifyChain } from "~/domain/audit/chain";

function chain(n: number) {
  const events: (AuditContent & { prevHash: string; hash: string })[] = [];
  let prev = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const content: AuditContent = {
      seq,
      at: `2026-11-29T10:00:0${seq}.000Z`,
      actorUserId: "u1",
      actorRole: "ANALISTA",
      municipalityId: "m1",
      action: "application.approve",
      subjectType: "Application",
      subjectId: `a${seq}`,
      beforeJson: '{"status":"IN_REVIEW"}',
      afterJson: '{"status":"APPROVED"}',
      requestId: "r1",
    };
    const hash = hashEvent(prev, content);
    events.push({ ...content, prevHash: prev, hash });
    prev = hash;
  }
  return events;
}

describe("audit chain", () => {
  it("verifies an untouched chain", () => {
    expect(verifyChain(chain(5))).toEqual([]);
  });

  it("detects an edited event", () => {
    const events = chain(5);
    events[2] = { ...events[2], afterJson: '{"status":"REJECTED"}' };
    expect(verifyChain(events)).toContainEqual({ seq: 3, problem: "hash_mismatch" });
  });

  it("detects a deleted event", () => {
    const events = chain(5);
    events.splice(1, 1);
    const problems = verifyChain(events);
    expect(problems).toContainEqual({ seq: 3, problem: "gap" });
    expect(problems).toContainEqual({ seq: 3, problem: "prev_mismatch" });
  });

  it("detects an event re-hashed after editing, because the next one no longer links to it", () => {
    const events = chain(4);
    const edited = { ...events[1], actorUserId: "intruso" };
    edited.hash = hashEvent(edited.prevHash, edited);
    events[1] = edited;
    expect(verifyChain(events)).toContainEqual({ seq: 3, problem: "prev_mismatch" });
  });

  it("hashes every field: a change of request id changes the hash", () => {
    const [e] = chain(1);
    expect(hashEvent(GENESIS_HASH, { ...e, requestId: "r2" })).not.toBe(e.hash);
  });
});
