// E-mail goes through the outbox: a request only inserts a row, so sending never blocks or fails it;
// the worker sends with retries. Without SMTP_URL, mail stays readable at /dev/caixa-de-saida.
import nodemailer, { type Transporter } from "nodemailer";
import type { Mail } from "~/domain/mail/templates";
import { db, type Tx } from "./db.server";
import { env } from "./env.server";

export async function enqueueMail(tx: Tx, to: string, mail: Mail): Promise<void> {
  await tx.outboxMessage.create({
    data: { to, subject: mail.subject, text: mail.text, status: env().SMTP_URL ? "PENDING" : "LOCAL" },
  });
}

let transporter: Transporter | undefined;
const BACKOFF_MINUTES = [1, 5, 15, 60, 240];

/** Mail ids the receiving side can deduplicate on: the same for every attempt of one message. */
const messageIdOf = (id: string) => `<outbox-${id}@${new URL(env().PUBLIC_BASE_URL).hostname}>`;

/** Sends what is due, from any number of servers: leased (ADR 037), so a dead worker's is taken again.
 * At least once: a resend after a crash keeps the Message-ID for the recipient to recognise. */
export async function flushOutbox(now = new Date(), limit = 20): Promise<number> {
  const url = env().SMTP_URL;
  if (!url) return 0;
  const leaseMs = env().OUTBOX_LEASE_SECONDS * 1000;
  transporter ??= nodemailer.createTransport({
    url,
    connectionTimeout: Math.min(30_000, leaseMs / 4),
    greetingTimeout: Math.min(30_000, leaseMs / 4),
    socketTimeout: Math.min(60_000, leaseMs / 4),
  });
  const due = await db.outboxMessage.findMany({
    where: {
      OR: [
        { status: "PENDING", nextAttemptAt: { lte: now } },
        // Claimed by a worker that died (or by a version without leases: leaseUntil null).
        { status: "SENDING", OR: [{ leaseUntil: { lt: now } }, { leaseUntil: null }] },
      ],
    },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  let sent = 0;
  for (const m of due) {
    // Claim the row first (state and attempts as read), so two workers never send it at once.
    const claimed = await db.outboxMessage.updateMany({
      where: { id: m.id, status: m.status, attempts: m.attempts },
      data: { status: "SENDING", attempts: { increment: 1 }, leaseUntil: new Date(now.getTime() + leaseMs) },
    });
    if (claimed.count !== 1) continue;
    const attempts = m.attempts + 1;
    const mine = { id: m.id, status: "SENDING", attempts };
    try {
      await transporter.sendMail({
        from: env().MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        messageId: messageIdOf(m.id),
      });
      await db.outboxMessage.updateMany({
        where: mine,
        data: { status: "SENT", sentAt: new Date(), lastError: null, leaseUntil: null },
      });
      sent++;
    } catch (error) {
      const wait = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)];
      await db.outboxMessage.updateMany({
        where: mine,
        data: {
          status: attempts >= 8 ? "FAILED" : "PENDING",
          leaseUntil: null,
          lastError: String((error as Error).message).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + wait * 60_000),
        },
      });
    }
  }
  return sent;
}
