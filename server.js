// The HTTP server: Express in front of the Remix build. It adds what remix-serve cannot:
// the client's address and a request id for loaders (rate limits, audit), security headers,
// long caching of fingerprinted assets, and the background jobs (mail outbox, reminders).
// `createApp` builds the Express app without listening, so tests drive it with a stand-in build.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { randomBytes, randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";

// Headers a Remix response may set for itself (stored files: a sandbox CSP; the static
// verification page): they replace the portal's default instead of being sent twice.
const OWN_HEADERS = new Set([
  "content-security-policy",
  "x-content-type-options",
  "cross-origin-resource-policy",
  "referrer-policy",
  "x-frame-options",
]);

/**
 * helmet's headers, configured for the portal. Scripts run only from the portal itself or
 * with this response's nonce (Remix's inline hydration scripts get it through the load
 * context); styles keep 'unsafe-inline' for style attributes and the verification page's
 * inline CSS. HSTS only when the public address is https.
 * @param {{ https: boolean }} settings
 */
export function securityHeaders(settings) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => `'nonce-${/** @type {any} */ (res).locals.cspNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        objectSrc: ["'none'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(settings.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: settings.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
  });
}

/**
 * @param {any} build the Remix server build (build/index.js)
 * @param {{ trustProxy: boolean | number | string[], https: boolean, mode: string }} settings from env.server's httpSettings()
 * @param {{ remixHandler?: (getLoadContext: (req: any, res: any) => Record<string, unknown>) => import("express").RequestHandler }} [options] tests replace Remix
 */
export function createApp(build, settings, options = {}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", settings.trustProxy);

  // A fresh nonce per response, for the CSP and for Remix's inline scripts.
  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(securityHeaders(settings));
  // helmet has no Permissions-Policy: the scanner and the photo capture need the camera.
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(self), geolocation=(self), microphone=()");
    next();
  });

  // The hottest path (api.md's JSON verdict) is answered by the same function the Remix route
  // uses, without the framework's request conversion (docs/decisions/007, bench/README.md).
  app.get("/api/v1/verify/:token", async (req, res, next) => {
    try {
      const answer = await build.entry.module.verifyTokenAnswer(
        req.params.token,
        req.ip || "desconhecido",
        req.get("user-agent") ?? null,
      );
      // Written directly: Express's send() would hash the body for an ETag a no-store answer never uses.
      const body = JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        ...answer.headers,
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
  // (app/http/unread-body.server.ts) — the client reads the reason instead of a reset.
  app.use((req, res, next) => {
    build.entry.module.closeWhenBodyUnread(req, res);
    next();
  });

  app.use(compression());

  // The page behind the QR, like the JSON verdict: the function its Remix route calls, without the
  // framework (docs/decisions/034). Anything not shaped like a token goes on to Remix.
  app.get("/v/:token", async (req, res, next) => {
    if (!build.entry.module.isQrPageToken?.(req.params.token)) return next();
    try {
      const page = await build.entry.module.verifyPageAnswer(
        req.params.token,
        req.ip || "desconhecido",
        req.get("user-agent") ?? null,
      );
      res.writeHead(page.status, page.headers);
      res.end(req.method === "HEAD" ? undefined : page.html);
    } catch (error) {
      next(error);
    }
  });

  // The typed-serial status and the status list, the same way (docs/decisions/043): the functions
  // their Remix routes call, written as they are. A build without them leaves both to Remix.
  /** @param {(req: any) => Promise<{ status: number, headers: Record<string, string>, body: string }>} answer */
  const plainAnswer = (answer) => async (/** @type {any} */ req, /** @type {any} */ res, /** @type {any} */ next) => {
    try {
      const { status, headers, body } = await answer(req);
      // Written as @remix-run/express writes a route's Response (headers, one chunk, end), so the
      // compression middleware treats both alike: same headers, same bytes on the wire.
      res.writeHead(status, headers);
      if (req.method !== "HEAD") res.write(body);
      res.end();
    } catch (error) {
      next(error);
    }
  };
  const entry = build.entry.module;
  if (entry.serialStatusAnswer)
    app.get(
      "/api/v1/credentials/:serial/status",
      plainAnswer((req) =>
        entry.serialStatusAnswer(req.params.serial, req.ip || "desconhecido", req.get("user-agent") ?? null),
      ),
    );
  if (entry.statusListAnswer)
    app.get(
      "/api/v1/status-list/:municipality",
      plainAnswer((req) => entry.statusListAnswer(req.params.municipality, req.ip || "desconhecido")),
    );

  // A form POSTed from another site is refused here with a clear 403; Remix would otherwise
  // abort it with a bare 500. (Forms also carry a CSRF token: app/http/csrf.server.ts.)
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
      res
        .status(403)
        .type("text/plain; charset=utf-8")
        .send("Formulário enviado de outro site: recusado. Volte ao portal e envie de novo.");
      return;
    }
    next();
  });

  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // redirect: false — a folder under public/ (e.g. public/fiscal/) must not turn the page of the
  // same name (/fiscal) into a redirect to /fiscal/.
  // The verification routes are the hot path: they never serve a static file, so skip the lookup.
  const publicFiles = express.static("public", { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) =>
    req.path.startsWith("/api/") || req.path.startsWith("/v/") ? next() : publicFiles(req, res, next),
  );

  // The Remix adapter appends each response header; for the security headers a route sets
  // itself, its value replaces the default instead of travelling next to it.
  app.use((_req, res, next) => {
    const append = res.append.bind(res);
    res.append = (field, value) => {
      if (OWN_HEADERS.has(String(field).toLowerCase()) && value !== undefined) {
        res.setHeader(field, value);
        return res;
      }
      return append(field, value);
    };
    next();
  });

  /** @param {any} req @param {any} res */
  const getLoadContext = (req, res) => ({
    clientIp: req.ip || req.socket.remoteAddress || "desconhecido",
    requestId: randomUUID(),
    cspNonce: res.locals.cspNonce,
  });
  const remixHandler = options.remixHandler
    ? options.remixHandler(getLoadContext)
    : createRequestHandler({ build, mode: settings.mode, getLoadContext });
  app.all("*", remixHandler);
  return app;
}

async function main() {
  const build = await import("./build/index.js");
  const port = Number(process.env.PORT || 3000);
  const entry = build.entry.module;
  // The build validates the environment (env.server.ts) and says how to set up Express.
  const settings = entry.httpSettings();
  const app = createApp(build, settings);
  // Redis connects and other servers' cache invalidations start arriving before the first request.
  await entry.startServices?.();
  const server = app.listen(port, () => {
    console.log(`Portal de Credenciamento em http://localhost:${port}`);
    entry.startBackgroundJobs?.();
  });
  const drain = gracefulShutdown(server, entry, settings.shutdownTimeoutMs ?? 25_000);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void drain(signal));
}

/**
 * SIGTERM/SIGINT (ADR 035): /readyz turns 503; the listening socket closes (new connections are
 * refused, so the proxy sends them to another server); idle keep-alive connections close, and
 * busy ones close after their response; once in-flight requests are done (or `timeoutMs` has
 * passed: the rest are cut) Redis and the database pool are closed and the process exits.
 * @param {import("node:http").Server} server
 * @param {{ beginShutdown?: () => void, stopServices?: () => Promise<void> }} services
 * @param {number} timeoutMs
 */
export function gracefulShutdown(server, services, timeoutMs) {
  let started = false;
  return async (/** @type {string} */ signal) => {
    if (started) return;
    started = true;
    console.log(`${signal}: encerrando; esperando até ${timeoutMs} ms pelas requisições em andamento`);
    // Whatever still goes wrong, the process ends: a little after the drain's own limit.
    setTimeout(() => {
      console.error("Encerramento não terminou a tempo: saindo assim mesmo.");
      process.exit(1);
    }, timeoutMs + 5_000).unref();
    services.beginShutdown?.();
    // A response written from now on asks its client to close the connection.
    server.prependListener("request", (_req, res) => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    });
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const deadline = new Promise((resolve) => setTimeout(resolve, timeoutMs, "timeout").unref());
    if ((await Promise.race([closed, deadline])) === "timeout") {
      console.error("Prazo de encerramento esgotado: fechando as conexões restantes.");
      server.closeAllConnections();
    }
    try {
      await services.stopServices?.();
    } catch (e) {
      console.error("Erro ao fechar conexões:", e);
    }
    console.log("Encerrado.");
    process.exit(0);
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
