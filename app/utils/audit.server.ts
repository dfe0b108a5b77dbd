// Append-only audit trail. Every state change calls `audit(tx, …)` inside the transaction that
// makes the change, so the change and its event commit together or not at all.
import { type ChainProblem, GENESIS_HASH, hashEvent, verifyChain } from "~/domain/audit/chain";
import { db, type Tx } from "./db.server";

/** Who acts, as far as the audit trail is concerned. */
export type Actor = {
  userId: string | null;
  role: string | null;
  municipalityId: string | null;
  requestId: string | null;
};

export const systemActor = (requestId: string | null = null): Actor => ({
  userId: null,
  role: "SISTEMA",
  municipalityId: null,
  requestId,
});

type AuditInput = {
  action: string;
  subjectType: string;
  subjectId: string;
  municipalityId?: string | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
};

const summary = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export async function audit(tx: Tx, actor: Actor, input: AuditInput): Promise<void> {
  // Incrementing the single head row locks it (PostgreSQL) or the database (SQLite) until the
  // transaction ends: appends are serialised, so the chain never forks.
  const head = await tx.auditHead.upsert({
    where: { id: 1 },
    create: { id: 1, seq: 1, hash: GENESIS_HASH },
    update: { seq: { increment: 1 } },
  });
  const content = {
    seq: head.seq,
    at: (input.at ?? new Date()).toISOString(),
    actorUserId: actor.userId,
    actorRole: actor.role,
    municipalityId: input.municipalityId ?? actor.municipalityId ?? null,
    action: input.action,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    beforeJson: summary(input.before),
    afterJson: summary(input.after),
    requestId: actor.requestId,
  };
  const hash = hashEvent(head.hash, content);
  await tx.auditEvent.create({ data: { ...content, at: new Date(content.at), prevHash: head.hash, hash } });
  await tx.auditHead.update({ where: { id: 1 }, data: { hash } });
}

/** Recomputes the whole chain; used by `npm run audit:verify` and the tests. */
export async function verifyAuditChain(batch = 1000): Promise<{ events: number; problems: ChainProblem[] }> {
  const problems: ChainProblem[] = [];
  let prev = GENESIS_HASH;
  let nextSeq = 1;
  let count = 0;
  for (;;) {
    const rows = await db.auditEvent.findMany({
      where: { seq: { gte: nextSeq } },
      orderBy: { seq: "asc" },
      take: batch,
    });
    if (rows.length === 0) break;
    const events = rows.map((r) => ({ ...r, at: r.at.toISOString() }));
    problems.push(...verifyChain(events, prev, nextSeq));
    prev = rows[rows.length - 1].hash;
    nextSeq = rows[rows.length - 1].seq + 1;
    count += rows.length;
  }
  const head = await db.auditHead.findUnique({ where: { id: 1 } });
  if (head && (head.seq !== nextSeq - 1 || head.hash !== prev)) problems.push({ seq: head.seq, problem: "gap" });
  return { events: count, problems };
}
