// The HTTP server: Express in front of the Remix build. It adds what remix-serve cannot:
// the client's address and a request id for loaders (rate limits, audit), security headers,
// long caching of fingerprinted assets, and the background jobs (mail outbox, reminders).
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { randomUUID } from "node:crypto";

const build = await import("./build/index.js");
const port = Number(process.env.PORT || 3000);

const app = express();
app.disable("x-powered-by");
if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);
// The hottest path (api.md's JSON verdict) is answered by the same function the Remix route
// uses, without the framework's request conversion (docs/decisions/007, bench/README.md).
app.get("/api/v1/verify/:token", async (req, res, next) => {
  try {
    const answer = await build.entry.module.verifyTokenAnswer(req.params.token, req.ip || "desconhecido", req.get("user-agent") ?? null);
    // Written directly: Express's send() would hash the body for an ETag a no-store answer never uses.
    const body = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      ...answer.headers,
      "Referrer-Policy": "same-origin",
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": Buffer.byteLength(body),
    });
    res.end(body);
  } catch (error) {
    next(error);
  }
});

// A refused upload (413/400/415) is answered before its body is read to the end: the answer says
// `Connection: close` and the rest of the body is drained briefly, then the socket is closed
// (app/utils/unread-body.server.ts) — the client reads the reason instead of a reset.
app.use((req, res, next) => {
  build.entry.module.closeWhenBodyUnread(req, res);
  next();
});

app.use(compression());

app.use((req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()");
  res.setHeader(
    "Content-Security-Policy",
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self' 'unsafe-inline'; " +
      "object-src 'none'; frame-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  );
  next();
});

// A form POSTed from another site is refused here with a clear 403; Remix would otherwise
// abort it with a bare 500. (Forms also carry a CSRF token: app/utils/csrf.server.ts.)
// The /api/ routes are for other systems and authenticate by key, not by cookie.
app.use((req, res, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method) || req.path.startsWith("/api/")) return next();
  const origin = req.get("origin");
  const host = (req.get("x-forwarded-host") || req.get("host") || "").split(",")[0].trim();
  let originHost = null;
  try {
    originHost = origin && origin !== "null" ? new URL(origin).host : origin;
  } catch {
    originHost = "invalido";
  }
  if (originHost && originHost !== host) {
    res.status(403).type("text/plain; charset=utf-8").send("Formulário enviado de outro site: recusado. Volte ao portal e envie de novo.");
    return;
  }
  next();
});

app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
// redirect: false — a folder under public/ (e.g. public/fiscal/) must not turn the page of the
// same name (/fiscal) into a redirect to /fiscal/.
// The verification routes are the hot path: they never serve a static file, so skip the lookup.
const publicFiles = express.static("public", { maxAge: "1h", index: false, redirect: false });
app.use((req, res, next) => (req.path.startsWith("/api/") || req.path.startsWith("/v/") ? next() : publicFiles(req, res, next)));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({
      clientIp: req.ip || req.socket.remoteAddress || "desconhecido",
      requestId: randomUUID(),
    }),
  }),
);

const server = app.listen(port, () => {
  console.log(`Portal de Credenciamento em http://localhost:${port}`);
  build.entry.module.startBackgroundJobs?.();
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
