// An answer written before its body was read (a refused upload) must still reach the client, not
// a reset: it carries `Connection: close`, then the rest of the body is drained and dropped for at
// most LINGER_BYTES or LINGER_MS before the socket is destroyed (nginx's "lingering close").
import type { IncomingMessage, ServerResponse } from "node:http";

const LINGER_MS = 2_000;
const LINGER_BYTES = 32 * 1024 * 1024;

export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
  res.once("finish", () => {
    const socket = req.socket;
    if (req.complete || req.destroyed || !socket || socket.destroyed) return;
    // Node would end the socket once the answer is flushed; keep it readable while draining.
    socket.removeAllListeners("finish");
    let drained = 0;
    const stop = () => {
      clearTimeout(timer);
      req.off("data", count);
      socket.destroy();
    };
    const count = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > LINGER_BYTES) stop();
    };
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    req.on("data", count);
    req.once("end", stop);
    req.once("error", stop);
    req.resume();
  });
}
