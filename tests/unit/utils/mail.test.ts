import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The outbox worker against a real SMTP server on loopback. SMTP_URL is set before the app's
// modules load (each test file runs in its own process).
const received: { to: string[]; body: string }[] = [];
let failNext = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let body = "";
    stream.on("data", (c: Buffer) => (body += c.toString()));
    stream.on("end", () => {
      if (failNext > 0) {
        failNext--;
        return callback(new Error("451 servidor ocupado"));
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
      callback();
    });
  },
});

let mail: typeof import("~/utils/mail.server");
let db: (typeof import("~/utils/db.server"))["db"];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  mail = await import("~/utils/mail.server");
  db = (await import("~/utils/db.server")).db;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("mail outbox", () => {
  it("queues in the transaction and the worker sends it once", async () => {
    const to = `fila.${Date.now()}@exemplo.com.br`;
    await db.$transaction((tx) => mail.enqueueMail(tx, to, { subject: "Assunto de teste", text: "Olá, corpo." }));
    const row = await db.outboxMessage.findFirst({ where: { to } });
    expect(row?.status).toBe("PENDING");
    await mail.flushOutbox();
    await mail.flushOutbox();
    const got = received.filter((r) => r.to.includes(to));
    expect(got).toHaveLength(1);
    expect(got[0].body).toMatch(/Assunto de teste/);
    expect((await db.outboxMessage.findFirst({ where: { to } }))?.status).toBe("SENT");
  });

  it("retries later when the server refuses, without failing anything", async () => {
    const to = `retentativa.${Date.now()}@exemplo.com.br`;
    await db.$transaction((tx) => mail.enqueueMail(tx, to, { subject: "Retentativa", text: "x" }));
    failNext = 1;
    const now = new Date();
    await mail.flushOutbox(now);
    const after = await db.outboxMessage.findFirst({ where: { to } });
    expect(after).toMatchObject({ status: "PENDING", attempts: 1 });
    expect(after!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    expect(after!.lastError).toMatch(/451/);
    await mail.flushOutbox(new Date(now.getTime() + 2 * 60_000));
    expect((await db.outboxMessage.findFirst({ where: { to } }))?.status).toBe("SENT");
  });
});
