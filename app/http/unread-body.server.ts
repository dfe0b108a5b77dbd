// An answer written before its request body was read to the end — a refused upload (413 too
// large, 415 wrong type, 400 malformed, quota) — must still reach the client. The upload code
// stops reading but never destroys the request (that would drop the socket before the answer is
// written: "network error" instead of "arquivo maior que 10 MB"). Here, in the HTTP server:
//   1. the answer carries `Connection: close` (the unread rest of the body cannot be followed by
//      another request on this connection);
//   2. once the answer is flushed, the rest of the body is read and thrown away — never kept —
//      for a short while, so the client, still sending, gets to read the answer instead of a
//      reset (the "lingering close" of Apache and nginx);
//   3. then the socket is destroyed: at most LINGER_BYTES more are read, or LINGER_MS pass.
import type { IncomingMessage, ServerResponse } from "node:http";

export const LINGER_MS = 2_000;
export const LINGER_BYTES = 32 * 1024 * 1024;

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
    // Node ends a `Connection: close` socket once the answer is flushed; keep it readable until
    // we have drained what the client already sent, then destroy it.
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
