import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { cookieName, readCookie } from "./http/cookies.server";
import { SESSION_COOKIE } from "./http/session.server";
import { JOB_HANDLERS } from "./jobs/handlers.server";
import { startJobs, stopJobs } from "./jobs/start.server";
import { db, prepareDatabase } from "./utils/db.server";
import { env } from "./utils/env.server";
import { markDraining } from "./utils/health.server";
import { startInvalidation, stopInvalidation } from "./utils/invalidation.server";
import { closeRedis, redis } from "./utils/redis.server";

const ABORT_DELAY = 5_000;

// Validate the configuration as the server loads: a bad variable stops it with its name.
env();

export { serialStatusAnswer, statusListAnswer } from "./api/credential-status.server";
export { verifyTokenAnswer } from "./api/verify.server";
export { isQrPageToken, verifyPageAnswer } from "./api/verify-page.server";
export { bodyForRemix, limitBody } from "./http/body-limit.server";
export { gracefulShutdown } from "./http/graceful-shutdown.server";
export { earlyAnswer, unusableRequest, writeAnswer } from "./http/request-target.server";
export { closeWhenBodyUnread } from "./http/unread-body.server";
export { clientKey } from "./utils/client-key";
export { httpSettings } from "./utils/env.server";

/** Called by server.js before it listens: Redis connects, other servers' invalidations arrive. */
export async function startServices(): Promise<void> {
  redis();
  // Redis may be down: the server starts anyway (limits in memory) and subscribes once it is back.
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<"late">((resolve) => (timer = setTimeout(resolve, 3_000, "late")));
  if ((await Promise.race([startInvalidation(), waited])) === "late")
    console.error("Invalidação entre servidores ainda não conectou; o servidor parte assim mesmo.");
  clearTimeout(timer);
}

let jobsStopping: Promise<void> | undefined;

/** SIGTERM, first step (server.js): /readyz answers 503 from now on, and background jobs stop
 * taking work (running ones finish or go back to the queue: ADR 037). */
export function beginShutdown(): void {
  markDraining();
  jobsStopping = stopJobs(env().SHUTDOWN_TIMEOUT_MS);
}

/** SIGTERM, last step (server.js), once requests are drained: waits for the jobs, closes the pools. */
export async function stopServices(): Promise<void> {
  await (jobsStopping ?? stopJobs(env().SHUTDOWN_TIMEOUT_MS));
  await stopInvalidation();
  await closeRedis();
  await db.$disconnect();
}

/** Called by server.js once it listens. */
export function startBackgroundJobs() {
  prepareDatabase().catch((e) => console.error("Não foi possível ajustar o SQLite:", e));
  startJobs(JOB_HANDLERS);
}

/** A signed-in person's page is `private, no-store`: no shared cache or back button on a shared
 * computer shows it to the next person. Resource routes set their own. */
function keepPrivate(request: Request, headers: Headers): void {
  const starts = (headers.get("Set-Cookie") ?? "").includes(`${cookieName(SESSION_COOKIE)}=`);
  if (readCookie(request, SESSION_COOKIE) || starts) headers.set("Cache-Control", "private, no-store");
}

/** Single-fetch data requests (`/route.data`) of a signed-in person: as their pages. */
export function handleDataRequest(response: Response, { request }: { request: Request }): Response {
  try {
    keepPrivate(request, response.headers);
    return response;
  } catch {
    // Headers that cannot change (a Response from fetch): the same answer with headers that can.
    const copy = new Response(response.body, response);
    keepPrivate(request, copy.headers);
    return copy;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Every inline script Remix writes (hydration data, scroll restoration, streamed data)
  // carries the nonce the response's CSP allows.
  const nonce = loadContext?.cspNonce;
  const bot = isbot(request.headers.get("user-agent") || "");
  keepPrivate(request, responseHeaders);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [bot ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests and unknown addresses (404) are not server errors worth a log line.
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  console.error(error);
}
