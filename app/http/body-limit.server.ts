// Every request body has a limit, enforced while it is read (ADR 050). Remix reads a form or a JSON
// body whole into memory (request.formData(), request.text()), so without a limit one 200 MB POST
// grew the server by 2 GB. Here, in server.js's Express app, before Remix:
// - an upload (multipart/form-data to one of the upload routes below) is left to the upload path,
//   which streams it to a spool file under its own limits (app/http/upload.server.ts, ADR 045);
// - any other body — a form, a JSON API call, a multipart form sent to a page that takes no
//   file — is read here, counting bytes as they arrive (Content-Length or chunked alike), up to
//   the limit of its kind: a declared length over it is refused before a byte is read, and a body
//   that grows past it is refused at that byte. The refusal is 413 in Portuguese (JSON in the
//   API's error shape under /api/ or when JSON is asked for) with `Connection: close`; the rest of
//   the body is drained briefly and thrown away (closeWhenBodyUnread, the one way a body is refused).
// - a body within its limit is handed to Remix from memory (bodyForRemix): Remix would have held
//   it whole anyway.
// The reference proxy (deploy/nginx.conf.template) sets the same limits per location.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { errorAnswer, type TextAnswer } from "~/http/api.server";

const KiB = 1024;

/** A page's form (urlencoded, or multipart without a file): ~13 KB at most today, worst-case encoded. */
export const FORM_BODY_BYTES = 64 * KiB;
/** A JSON API call (/api/…): the eligibility request, api.md's "máximo 16 KB". */
export const API_BODY_BYTES = 16 * KiB;

/**
 * The routes that take a file (multipart/form-data, streamed by receiveUpload), by path: the
 * route's own URL, its single-fetch data URL (`.data`) and a trailing slash. Remix matches paths
 * without regard to case. tests/security/body-limits.test.ts checks this list against the route
 * files that call the upload path, both ways.
 */
export const UPLOAD_ROUTES: readonly RegExp[] = [
  /^\/requerimentos\/[^/]+\/documentos\/enviar(\.data|\/)?$/i,
  /^\/operadora\/[^/]+\/documentos\/enviar(\.data|\/)?$/i,
  /^\/operadora\/[^/]+\/condutores\/[^/]+\/enviar(\.data|\/)?$/i,
  /^\/prepostos\/[^/]+\/enviar(\.data|\/)?$/i,
  /^\/fiscal\/autos\/[^/]+\/fotos(\.data|\/)?$/i,
  /^\/m\/[^/]+\/identidade(\.data|\/)?$/i,
];

export type BodyKind = "upload" | "api" | "form";

/** Which limit a request's body falls under, from its path and Content-Type. */
export function bodyKind(path: string, contentType: string | undefined): BodyKind {
  if (/^multipart\/form-data\s*;/i.test(contentType ?? "") && UPLOAD_ROUTES.some((route) => route.test(path)))
    return "upload";
  return /^\/api\//i.test(path) ? "api" : "form";
}

export const bodyLimitOf = (kind: Exclude<BodyKind, "upload">) => (kind === "api" ? API_BODY_BYTES : FORM_BODY_BYTES);

/** The 413, before or while the body is read: in the API's shape for /api/ and JSON clients, else text. */
export function tooLargeAnswer(kind: Exclude<BodyKind, "upload">, accept: string | undefined): TextAnswer {
  const limit = `${bodyLimitOf(kind) / KiB} KB`;
  const headers = { "Cache-Control": "no-store" };
  if (kind === "api" || (accept ?? "").includes("application/json"))
    return errorAnswer(413, "body_too_large", `Corpo da requisição grande demais (máximo ${limit}).`, headers);
  return {
    status: 413,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" },
    body: `Envio grande demais: o portal aceita até ${limit} por formulário. Volte, encurte o texto e envie de novo.`,
  };
}

const bodies = new WeakMap<IncomingMessage, Buffer>();
const NO_BODY = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Express middleware (server.js, after closeWhenBodyUnread): reads a non-upload body within its
 * limit and calls `next`, or answers 413 and never calls it.
 */
export function limitBody(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const path = (req.url ?? "/").split("?")[0];
  const kind = bodyKind(path, req.headers["content-type"]);
  // GET and HEAD bodies are never read (Node discards them after the answer); uploads stream.
  if (NO_BODY.has(req.method ?? "GET") || kind === "upload") return next();
  const limit = bodyLimitOf(kind);
  const refuse = () => {
    const answer = tooLargeAnswer(kind, req.headers.accept);
    res.writeHead(answer.status, { ...answer.headers, "Content-Length": Buffer.byteLength(answer.body) });
    res.end(answer.body);
  };
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (declared > limit) return refuse();

  const chunks: Buffer[] = [];
  let size = 0;
  const stop = () => {
    req.off("data", onData);
    req.off("end", onEnd);
    req.off("error", stop);
    req.off("close", stop);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) return void chunks.push(chunk);
    stop();
    req.pause(); // the rest stays unread until the refusal is written, then is drained and dropped
    chunks.length = 0;
    refuse();
    if (req.complete) req.resume(); // all of it already arrived: drop it, the connection goes on
  };
  const onEnd = () => {
    stop();
    bodies.set(req, Buffer.concat(chunks, size));
    next();
  };
  req.on("data", onData);
  req.on("end", onEnd);
  // The client went away mid-body: there is no one to answer.
  req.on("error", stop);
  req.on("close", stop);
}

/**
 * What the Remix adapter reads the request from: the request itself, or — when limitBody read the
 * body — a view of it whose stream side replays those bytes. Everything else (headers, address,
 * socket, Express's getters) is the request's own, through the prototype.
 */
export function bodyForRemix<R extends IncomingMessage>(req: R): R {
  const body = bodies.get(req);
  if (!body) return req;
  const replay = new PassThrough();
  replay.end(body);
  const view = Object.create(req) as R;
  const streamSide: Array<keyof PassThrough> = [
    "on",
    "once",
    "off",
    "addListener",
    "removeListener",
    "removeAllListeners",
    "prependListener",
    "prependOnceListener",
    "listeners",
    "listenerCount",
    "emit",
    "pause",
    "resume",
    "isPaused",
    "read",
    "pipe",
    "unpipe",
    "setEncoding",
    "destroy",
  ];
  for (const name of streamSide)
    Object.defineProperty(view, name, { value: (replay[name] as (...args: unknown[]) => unknown).bind(replay) });
  Object.defineProperty(view, Symbol.asyncIterator, { value: replay[Symbol.asyncIterator].bind(replay) });
  for (const name of ["readable", "readableEnded", "readableFlowing", "readableHighWaterMark", "destroyed"] as const)
    Object.defineProperty(view, name, { get: () => replay[name] });
  return view;
}
