// A real SMTP server on loopback for the "killed mid-send" tests (tests/security/outbox-lease.test.ts,
// tests/multi-server/): the first message to `to` is held
// inside DATA — read whole, never answered "250 OK", so it is not accepted — and `held` resolves
// with the sending client's port, to find the process that is sending. Every later matching
// message to `to` is accepted and kept in `delivered`; other mail is accepted and ignored.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type HoldingSmtp = {
  url: string;
  delivered: string[];
  held: Promise<{ clientPort: number }>;
  close: () => Promise<void>;
};

export async function startHoldingSmtp(to: string): Promise<HoldingSmtp> {
  const delivered: string[] = [];
  let holdNext = true;
  let onHeld: (v: { clientPort: number }) => void = () => undefined;
  const held = new Promise<{ clientPort: number }>((resolve) => (onHeld = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let body = "";
      stream.on("data", (c: Buffer) => (body += c.toString()));
      stream.on("end", () => {
        const mine = session.envelope.rcptTo.some((r) => r.address === to);
        if (mine && holdNext) {
          holdNext = false;
          onHeld({ clientPort: session.remotePort });
          return; // never calls back: no "250 OK", the message is not accepted
        }
        if (mine) delivered.push(body);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
