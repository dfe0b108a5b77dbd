import { describe, expect, it } from "vitest";
import { audit, verifyAuditChain } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { testActor } from "../../support/factories";

describe("audit trail in the database", () => {
  it("appends events whose chain verifies, concurrently too", async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        db.$transaction((tx) =>
          audit(tx, testActor, { action: "test.concurrent", subjectType: "Test", subjectId: `c${i}` }),
        ),
      ),
    );
    const { events, problems } = await verifyAuditChain();
    expect(events).toBeGreaterThanOrEqual(8);
    expect(problems).toEqual([]);
  });

  it("writes nothing when the transaction that made the change fails", async () => {
    const before = await db.auditEvent.count();
    await expect(
      db.$transaction(async (tx) => {
        await audit(tx, testActor, { action: "test.rollback", subjectType: "Test", subjectId: "r1" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.auditEvent.count()).toBe(before);
    expect((await verifyAuditChain()).problems).toEqual([]);
  });

  it("detects an edited event (the verification command's check)", async () => {
    await db.$transaction((tx) =>
      audit(tx, testActor, { action: "test.tamper", subjectType: "Test", subjectId: "t1", after: { ok: true } }),
    );
    const victim = await db.auditEvent.findFirst({ where: { action: "test.tamper" } });
    await db.auditEvent.update({ where: { seq: victim!.seq }, data: { afterJson: '{"ok":false}' } });
    const { problems } = await verifyAuditChain();
    expect(problems).toContainEqual({ seq: victim!.seq, problem: "hash_mismatch" });
    await db.auditEvent.update({ where: { seq: victim!.seq }, data: { afterJson: victim!.afterJson } });
    expect((await verifyAuditChain()).problems).toEqual([]);
  });
});
