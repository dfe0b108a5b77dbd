// E-mail goes through the outbox table: a request only inserts a row (in its own transaction),
// and the worker sends it with retries — sending never blocks or fails a request. With no
// SMTP_URL configured the messages stay in the outbox, readable at /dev/caixa-de-saida.
import nodemailer, { type Transporter } from "nodemailer";
import { db, type Tx } from "./db.server";
import { env } from "./env.server";
import type { Mail } from "~/domain/mail/templates";

export async function enqueueMail(tx: Tx, to: string, mail: Mail): Promise<void> {
  await tx.outboxMessage.create({
    data: { to, subject: mail.subject, text: mail.text, status: env().SMTP_URL ? "PENDING" : "LOCAL" },
  });
}

let transporter: Transporter | undefined;
const BACKOFF_MINUTES = [1, 5, 15, 60, 240];

/** Sends what is due; returns how many were sent. Safe to run from several servers at once. */
export async function flushOutbox(now = new Date(), limit = 20): Promise<number> {
  const url = env().SMTP_URL;
  if (!url) return 0;
  transporter ??= nodemailer.createTransport(url);
  const due = await db.outboxMessage.findMany({
    where: { status: "PENDING", nextAttemptAt: { lte: now } },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  let sent = 0;
  for (const m of due) {
    // Claim the row first, so two workers never send the same message.
    const claimed = await db.outboxMessage.updateMany({
      where: { id: m.id, status: "PENDING", attempts: m.attempts },
      data: { status: "SENDING", attempts: { increment: 1 } },
    });
    if (claimed.count !== 1) continue;
    try {
      await transporter.sendMail({ from: env().MAIL_FROM, to: m.to, subject: m.subject, text: m.text });
      await db.outboxMessage.update({
        where: { id: m.id },
        data: { status: "SENT", sentAt: new Date(), lastError: null },
      });
      sent++;
    } catch (error) {
      const attempts = m.attempts + 1;
      const wait = BACKOFF_MINUTES[Math.min(attempts - 1, BACKOFF_MINUTES.length - 1)];
      await db.outboxMessage.update({
        where: { id: m.id },
        data: {
          status: attempts >= 8 ? "FAILED" : "PENDING",
          lastError: String((error as Error).message).slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + wait * 60_000),
        },
      });
    }
  }
  return sent;
}
