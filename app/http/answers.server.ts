// Every answer that is not a Remix page nor `data()`: content types, caching and the headers every
// file carries (nosniff; a sandbox for anything a browser could open) are set here and nowhere else.
import { Readable } from "node:stream";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { isAcceptedMime } from "~/domain/files/content-type";
import { contentDisposition, downloadName } from "~/domain/files/filename";
import { getStorage, type Storage, StorageNotFoundError } from "~/utils/storage.server";

type Extra = Record<string, string>;

/** A body of the given type and cache policy, never sniffed. */
export function fileAnswer(body: BodyInit | null, type: string, cache: string, extra: Extra = {}, status = 200) {
  return new Response(body, {
    status,
    headers: { "Content-Type": type, "Cache-Control": cache, "X-Content-Type-Options": "nosniff", ...extra },
  });
}

export const jsonFileAnswer = (value: unknown, type: string, cache: string, extra: Extra = {}, status = 200) =>
  fileAnswer(JSON.stringify(value), `${type}; charset=utf-8`, cache, extra, status);

export const scriptAnswer = (body: string, cache: string) => fileAnswer(body, "text/javascript; charset=utf-8", cache);

/** A JPEG a browser shows but never runs anything in. */
const jpegAnswer = (bytes: Uint8Array<ArrayBuffer>, cache: string) =>
  fileAnswer(bytes, "image/jpeg", cache, { "Content-Security-Policy": "default-src 'none'; sandbox" });

export const textAnswer = (text: string, status = 200, cache = "no-store") =>
  fileAnswer(text, "text/plain; charset=utf-8", cache, {}, status);

/** 303 after a form without JavaScript: the browser GETs `location`. */
export const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });

/** Static HTML for the public pages that must work with no JavaScript on a weak signal. */
export function htmlResponse(element: ReactElement, init: { status?: number; headers?: Extra } = {}): Response {
  const html = "<!DOCTYPE html>" + renderToStaticMarkup(element);
  return fileAnswer(html, "text/html; charset=utf-8", "no-store", init.headers, init.status ?? 200);
}

type ServedDocument = { storageKey: string; mime: string; originalName: string; sizeBytes: number };

/** Streams a stored document: never sniffed, cached or run (CSP sandbox), even inline; a mime outside
 * the accepted three downloads as octet-stream. */
export async function fileResponse(
  storage: Storage,
  doc: ServedDocument,
  opts: { inline: boolean },
): Promise<Response> {
  const security = {
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
  let object: { stream: Readable; size: number };
  try {
    object = await storage.get(doc.storageKey);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    return new Response("Arquivo não encontrado.", {
      status: 404,
      headers: { ...security, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const known = isAcceptedMime(doc.mime);
  const disposition = opts.inline && known ? "inline" : "attachment";
  const body = Readable.toWeb(object.stream) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: 200,
    headers: {
      ...security,
      "Content-Type": known ? doc.mime : "application/octet-stream",
      "Content-Length": String(object.size),
      "Content-Disposition": contentDisposition(downloadName(doc.originalName, doc.mime), disposition),
    },
  });
}

/** A stored photo, turned upright and cut to `size` as a small JPEG. */
export async function storedPhotoAnswer(
  storageKey: string,
  size: { width: number; height: number; quality: number },
  cache: string,
) {
  const { stream } = await getStorage().get(storageKey);
  const small = await stream
    .pipe(
      sharp().rotate().resize(size.width, size.height, { fit: "cover" }).jpeg({ quality: size.quality, mozjpeg: true }),
    )
    .toBuffer();
  return jpegAnswer(new Uint8Array(small), cache);
}
