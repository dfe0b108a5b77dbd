// Every request body has a limit, enforced while it is read, in Express before Remix (ADR 050):
// Remix reads a body whole into memory, so one unlimited 200 MB POST grew the server by 2 GB.
// Uploads are left to the upload path (ADR 045); any other body is counted as it arrives and
// refused with a 413 at the first byte over its kind's limit, or handed to Remix from memory.
// deploy/nginx.conf.template sets the same limits per location.
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { errorAnswer, type TextAnswer } from "~/http/api.server";

const KiB = 1024;

/** A page's form (urlencoded, or multipart without a file): ~13 KB at most today, worst-case encoded. */
export const FORM_BODY_BYTES = 64 * KiB;
/** A JSON API call (/api/…): the eligibility request, api.md's "máximo 16 KB". */
export const API_BODY_BYTES = 16 * KiB;

/** A law's text pasted by the platform admin (forms/law-text.ts: 400,000 characters, percent-encoded),
 * or a rule pack's document in the editor. */
export const LAW_TEXT_BODY_BYTES = 2048 * KiB;

/** The page where a municipality's law is attached: its pasted text is a form past FORM_BODY_BYTES. */
const LAW_TEXT_ROUTE = /^\/admin\/municipios\/[^/]+\/lei(\.data|\/)?$/i;
/** The rule pack editor: a pack's document (Patrocínio's is 67 KB, tripled when percent-encoded). */
const PACK_DRAFT_ROUTE = /^\/m\/[^/]+\/regras\/rascunho(\.data|\/)?$/i;

/** The routes that take a file (and their `.data` URL), case-insensitive like Remix; checked against
 * the upload routes both ways by tests/security/body-limits.test.ts. */
export const UPLOAD_ROUTES: readonly RegExp[] = [
  /^\/requerimentos\/[^/]+\/documentos\/enviar(\.data|\/)?$/i,
  /^\/operadora\/[^/]+\/documentos\/enviar(\.data|\/)?$/i,
  /^\/operadora\/[^/]+\/condutores\/[^/]+\/enviar(\.data|\/)?$/i,
  /^\/prepostos\/[^/]+\/enviar(\.data|\/)?$/i,
  /^\/fiscal\/autos\/[^/]+\/fotos(\.data|\/)?$/i,
  /^\/m\/[^/]+\/identidade(\.data|\/)?$/i,
  LAW_TEXT_ROUTE,
];

type BodyKind = "upload" | "api" | "law" | "form";

/** Which limit a request's body falls under, from its path and Content-Type. */
export function bodyKind(path: string, contentType: string | undefined): BodyKind {
  if (/^multipart\/form-data\s*;/i.test(contentType ?? "") && UPLOAD_ROUTES.some((route) => route.test(path)))
    return "upload";
  if (/^\/api\//i.test(path)) return "api";
  return LAW_TEXT_ROUTE.test(path) || PACK_DRAFT_ROUTE.test(path) ? "law" : "form";
}

const bodyLimitOf = (kind: Exclude<BodyKind, "upload">) =>
  kind === "api" ? API_BODY_BYTES : kind === "law" ? LAW_TEXT_BODY_BYTES : FORM_BODY_BYTES;

/** The 413, before or while the body is read: in the API's shape for /api/ and JSON clients, else text. */
function tooLargeAnswer(kind: Exclude<BodyKind, "upload">, accept: string | undefined): TextAnswer {
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

/** Express middleware (after closeWhenBodyUnread): reads a non-upload body and calls `next`, or answers 413. */
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
  // The client went away mid-body: no one to answer.
  req.on("error", stop);
  req.on("close", stop);
}

/** The request for Remix: when limitBody read the body, a view whose stream side replays it (the
 * rest is the request's own, through the prototype). */
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
