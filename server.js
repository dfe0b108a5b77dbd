// @ts-check
// The HTTP server: the four public hot paths answered by a plain node:http listener (ADR 047), the
// rest by Express in front of the Remix build, adding what remix-serve cannot: client address and
// request id for loaders, security headers, long caching of fingerprinted assets, background jobs.
// `createServer` builds the server without listening, so tests drive it with a stand-in build.
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import proxyaddr from "proxy-addr";

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
 * helmet's headers for the portal: scripts only from the portal or with this response's nonce;
 * styles keep 'unsafe-inline' (style attributes, the verification page's CSS); HSTS only on https.
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

const NONCE = "{{nonce}}";
const newNonce = () => randomBytes(16).toString("base64");

/**
 * Every response's security headers: helmet's, read once with a placeholder nonce (they depend on
 * nothing of the request), and Permissions-Policy (the scanner and photo capture need the camera).
 * @param {{ https: boolean }} settings
 * @returns {(res: import("node:http").ServerResponse, nonce: string) => void}
 */
export function securityHeadersOnce(settings) {
  /** @type {Array<[string, string]>} */
  const headers = [];
  let done = false;
  const setHeader = (/** @type {string} */ name, /** @type {unknown} */ value) => headers.push([name, String(value)]);
  const probe = { locals: { cspNonce: NONCE }, setHeader, removeHeader: () => undefined };
  securityHeaders(settings)(/** @type {any} */ ({}), /** @type {any} */ (probe), () => (done = true));
  if (!done) throw new Error("helmet não terminou de uma vez: os cabeçalhos não podem ser calculados antes");
  headers.push(["Permissions-Policy", "camera=(self), geolocation=(self), microphone=()"]);
  const split = headers.map(([name, value]) => /** @type {const} */ ([name, value.split(NONCE)])); // searched once
  return (res, nonce) => {
    for (const [name, parts] of split) res.setHeader(name, parts.length === 1 ? parts[0] : parts.join(nonce));
  };
}

/**
 * @param {any} build the Remix server build (build/index.js)
 * @param {{ trustProxy: boolean | number | string[], https: boolean, mode: string }} settings from env.server's httpSettings()
 * @param {{ remixHandler?: (getLoadContext: (req: any, res: any) => Record<string, unknown>) => import("express").RequestHandler }} [options] tests replace Remix
 */
export function createApp(build, settings, options = {}) {
  const app = express();
  const entry = build.entry.module;
  app.disable("x-powered-by");
  app.set("trust proxy", settings.trustProxy);

  // A fresh nonce per response, for the CSP and for Remix's inline scripts.
  const setSecurityHeaders = securityHeadersOnce(settings);
  app.locals.setSecurityHeaders = setSecurityHeaders; // the hot paths' listener sets the same (createServer)
  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    setSecurityHeaders(res, res.locals.cspNonce);
    next();
  });

  // A body refused before its end is answered with `Connection: close` (app/http/unread-body.server.ts);
  // every body but an upload's is read here within its limit, given to Remix from memory (body-limit).
  app.use((req, res, next) => {
    entry.closeWhenBodyUnread(req, res);
    entry.limitBody(req, res, next);
  });

  app.use(compression());

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
  app.use(express.static("public", { maxAge: "1h", index: false, redirect: false }));

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

  /** clientIp: what every limit counts, an IPv6 client by its /64. @param {any} req @param {any} res */
  const getLoadContext = (req, res) => ({
    clientIp: entry.clientKey(req.ip || req.socket.remoteAddress || "desconhecido"),
    requestId: randomUUID(),
    cspNonce: res.locals.cspNonce,
  });
  const remixHandler = options.remixHandler
    ? options.remixHandler(getLoadContext)
    : createRequestHandler({ build, mode: settings.mode, getLoadContext });
  app.all("*", (req, res, next) => remixHandler(entry.bodyForRemix(req), res, next));
  app.use(entry.unusableRequest); // a URL that cannot be built (a bad Host): 400, not a logged 500
  return app;
}

/**
 * The server: the public hot paths (api.md's JSON verdict, the QR's page, the typed-serial status, the
 * status list) answered by the functions their Remix routes call, with no framework between (ADR 047:
 * Express and helmet were ~40 % of a verdict's CPU); any other request, or these in another shape, goes
 * to the Express app. Same headers as Express, client address by its TRUST_PROXY rule, gzip alike.
 * @param {any} build the Remix server build (build/index.js)
 * @param {Parameters<typeof createApp>[1]} settings
 * @param {Parameters<typeof createApp>[2]} [options]
 */
export function createServer(build, settings, options = {}) {
  const app = createApp(build, settings, options);
  const entry = build.entry.module;
  const setSecurityHeaders = /** @type {ReturnType<typeof securityHeadersOnce>} */ (app.locals.setSecurityHeaders);
  const trust = app.get("trust proxy fn");
  const compress = compression();
  /** @param {import("node:http").IncomingMessage} req @returns {[string, string | null]} */
  const client = (req) => [
    entry.clientKey(proxyaddr(/** @type {any} */ (req), trust) || "desconhecido"),
    req.headers["user-agent"] ?? null,
  ];

  /** @typedef {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, param: string) => Promise<void>} Answer */
  /** @type {Array<{ name: string, path: RegExp, answer: Answer, gzip: boolean, accepts?: (param: string) => boolean }>} */
  const routes = [];
  if (entry.verifyTokenAnswer)
    routes.push({
      name: "veredito JSON",
      path: /^\/api\/v1\/verify\/([^/]+)$/,
      gzip: false,
      answer: async (req, res, token) => {
        const answer = await entry.verifyTokenAnswer(token, ...client(req));
        const body = JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          ...answer.headers,
          "Content-Type": "application/json; charset=utf-8",
          "Content-Length": Buffer.byteLength(body),
        });
        res.end(body);
      },
    });
  if (entry.verifyPageAnswer && entry.isQrPageToken)
    routes.push({
      name: "página do QR",
      path: /^\/v\/([^/]+)$/,
      gzip: true,
      accepts: entry.isQrPageToken, // anything else under /v/ (the photo, the report form) is Remix's
      answer: async (req, res, token) => {
        const page = await entry.verifyPageAnswer(token, ...client(req));
        res.writeHead(page.status, page.headers);
        res.end(req.method === "HEAD" ? undefined : page.html);
      },
    });
  /** @param {(param: string, ip: string, userAgent: string | null) => Promise<{ status: number, headers: Record<string, string>, body: string }>} plain @returns {Answer} */
  const written = (plain) => async (req, res, param) => {
    const { status, headers, body } = await plain(param, ...client(req));
    // Written as @remix-run/express writes a route's Response (headers, one chunk, end): gzip
    // treats both alike — same headers, same bytes on the wire (tests/security/plain-answers).
    res.writeHead(status, headers);
    if (req.method !== "HEAD") res.write(body);
    res.end();
  };
  if (entry.serialStatusAnswer)
    routes.push({
      name: "situação do serial",
      path: /^\/api\/v1\/credentials\/([^/]+)\/status$/,
      gzip: true,
      answer: written(entry.serialStatusAnswer),
    });
  if (entry.statusListAnswer)
    routes.push({
      name: "lista de situação",
      path: /^\/api\/v1\/status-list\/([^/]+)$/,
      gzip: true,
      answer: written((ibge, ip) => entry.statusListAnswer(ibge, ip)),
    });

  /** @param {import("node:http").IncomingMessage} req @param {import("node:http").ServerResponse} res */
  const listener = (req, res) => {
    const early = entry.earlyAnswer(req); // a target that is no decodable path (400), OPTIONS (204): ADR 050
    if (early) return void (setSecurityHeaders(res, newNonce()), entry.writeAnswer(req, res, early));
    if (req.method === "GET" || req.method === "HEAD") {
      const url = req.url ?? "";
      const query = url.indexOf("?");
      const path = query === -1 ? url : url.slice(0, query);
      for (const route of routes) {
        const match = route.path.exec(path);
        if (!match) continue;
        const param = decodeURIComponent(match[1]); // earlyAnswer refused a malformed escape
        if (route.accepts && !route.accepts(param)) break;
        setSecurityHeaders(res, newNonce());
        const run = () => void route.answer(req, res, param).catch((error) => failed(route.name, res, error));
        return route.gzip ? compress(/** @type {any} */ (req), /** @type {any} */ (res), run) : run();
      }
    }
    app(req, res);
  };
  const server = http.createServer(listener);
  // Idle kept-alive connections outlive the proxy's (nginx keepalive_timeout, 60 s: deploy/): with Node's
  // 5 s, a socket reused just as the server closed it got "socket hang up" (an e2e run; a 502 behind nginx).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/**
 * A hot path that threw: logged by the route's name (never its URL, which holds a credential), and
 * a plain 500 in Portuguese — or, when the answer had begun, the connection cut.
 * @param {string} name @param {import("node:http").ServerResponse} res @param {unknown} error
 */
function failed(name, res, error) {
  console.error(`Erro ao responder (${name}):`, error);
  if (res.headersSent) return void res.destroy();
  res.statusCode = 500;
  res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end("Erro interno ao verificar. Tente de novo em instantes.");
}

async function main() {
  // A path in a variable: the type checker reads app/entry.server.tsx, not the compiled build.
  const buildPath = "./build/index.js";
  const build = /** @type {{ entry: { module: typeof import("./app/entry.server") } }} */ (await import(buildPath));
  const port = Number(process.env.PORT || 3000);
  const entry = build.entry.module;
  // The build validates the environment (env.server.ts) and says how to set up Express.
  const settings = entry.httpSettings();
  const server = createServer(build, settings);
  // Redis connects and other servers' cache invalidations start arriving before the first request.
  await entry.startServices?.();
  server.listen(port, () => {
    console.log(`Portal de Credenciamento em http://localhost:${port}`);
    entry.startBackgroundJobs?.();
  });
  const drain = entry.gracefulShutdown(server, entry, settings.shutdownTimeoutMs ?? 25_000);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => void drain(signal));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
