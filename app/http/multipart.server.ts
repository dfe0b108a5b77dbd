// The multipart body, streamed (busboy) to a private spool file while bytes are counted: an
// oversized file is cut off mid-stream (413) and the type is decided from the first bytes, so a
// wrong file is refused before the rest is read.
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import busboy from "busboy";
import { type AcceptedMime, detectAcceptedType, isImageMime, SNIFF_BYTES } from "~/domain/files/content-type";
import { checkImageHeader, type Spool, type SpooledFile, UploadRefusal } from "~/utils/upload-check.server";

/** Bytes kept in memory from the start of the file: type sniffing and image headers. */
const HEAD_BYTES = 64 * 1024;

export type Limits = {
  field: string;
  imagesOnly: boolean;
  maxBytes: number;
  remaining: number;
  maxFields: number;
  maxFieldBytes: number;
  /** Files the field may carry (pages of one document); their bytes together stay under maxBytes. */
  maxFiles: number;
};

export async function readMultipart(
  request: Request,
  limits: Limits,
  spool: Spool,
  fields: Record<string, string>,
): Promise<SpooledFile[]> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    await discard(request);
    throw new UploadRefusal("not_multipart");
  }
  if (!request.body) throw new UploadRefusal("malformed");
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8", // browsers send file names as raw UTF-8
      limits: {
        files: limits.maxFiles,
        fields: limits.maxFields,
        parts: limits.maxFields + limits.maxFiles,
        fieldNameSize: 100,
        fieldSize: limits.maxFieldBytes,
        headerPairs: 20,
        fileSize: limits.maxBytes + 1, // a safety net: our own count refuses at maxBytes + 1
      },
    });
  } catch {
    await discard(request);
    throw new UploadRefusal("malformed");
  }

  const reader = request.body.getReader();
  let failure: unknown;
  // A waiter leaves its wake-up here so a failure ends the wait. Not Promise.race on a "failed"
  // promise: each race leaves a reaction holding its chunk, and the whole upload piles up in memory.
  let wakeWaiter: (() => void) | undefined;
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    // Stop reading, not cancel: cancelling destroys the socket before the refusal is written
    // (closeWhenBodyUnread closes it afterwards).
    stopReading(reader);
    wakeWaiter?.();
  };
  let closed = false;
  const waitFor = (event: "drain" | "close") =>
    new Promise<void>((resolve) => {
      if (failure !== undefined || (event === "close" && closed)) return resolve();
      const done = () => {
        parser.off(event, done);
        wakeWaiter = undefined;
        resolve();
      };
      parser.on(event, done);
      wakeWaiter = done;
    });

  const spooling: Promise<SpooledFile>[] = [];
  const total = { bytes: 0 };
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail(new UploadRefusal("field_too_large"));
    if (!Object.hasOwn(fields, name)) fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    // Errors reach spoolFile through its iterator; this only keeps a readerless error from crashing.
    stream.on("error", () => undefined);
    if (name !== limits.field || spooling.length >= limits.maxFiles) {
      stream.resume();
      return fail(new UploadRefusal(name === limits.field ? "too_many_files" : "unexpected_file"));
    }
    // At its fileSize limit busboy races through the rest of the body: fail now so the loop stops too.
    stream.once("limit", () => fail(new UploadRefusal("file_too_large")));
    const one = spoolFile(stream, info.filename ?? "", limits, spool, total);
    one.catch(fail);
    spooling.push(one);
  });
  parser.on("filesLimit", () => fail(new UploadRefusal("too_many_files")));
  parser.on("fieldsLimit", () => fail(new UploadRefusal("too_many_fields")));
  parser.on("partsLimit", () => fail(new UploadRefusal("too_many_fields")));
  // A body that stops before the closing boundary was cut off in transit; anything else is junk.
  parser.on("error", (error: Error) =>
    fail(new UploadRefusal(/^Unexpected end of (form|file)/.test(error.message) ? "interrupted" : "malformed")),
  );
  parser.on("close", () => (closed = true));

  try {
    while (failure === undefined) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        fail(new UploadRefusal("interrupted")); // the client went away, or the body stream failed
        break;
      }
      if (failure !== undefined) break;
      if (chunk.done) {
        parser.end();
        break;
      }
      if (!parser.write(chunk.value)) await waitFor("drain");
    }
    await waitFor("close");
    const files = failure === undefined ? await Promise.all(spooling).catch((error: unknown) => fail(error)) : [];
    if (failure !== undefined) throw failure;
    // A file input left empty in a form that has another one (the "Tirar foto" beside the chooser).
    return (files ?? []).filter((file) => file.size > 0 || file.filename !== "");
  } finally {
    if (failure !== undefined) {
      parser.destroy();
      // Wait for the spool writer to let go before its file is removed.
      await Promise.allSettled(spooling);
    }
  }
}

async function spoolFile(
  stream: Readable,
  filename: string,
  limits: Limits,
  spool: Spool,
  total: { bytes: number },
): Promise<SpooledFile> {
  const path = await spool.newPath();
  const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  let size = 0;
  let mime: AcceptedMime | null | undefined;
  let imageSizeChecked = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      total.bytes += chunk.length;
      if (total.bytes > limits.maxBytes) throw new UploadRefusal("file_too_large");
      if (headLength < HEAD_BYTES) {
        const take = Math.min(chunk.length, HEAD_BYTES - headLength);
        head.set(chunk.subarray(0, take), headLength);
        headLength += take;
        if (mime === undefined && headLength >= SNIFF_BYTES) {
          mime = await detectAcceptedType(head.subarray(0, headLength));
          if (!mime) throw new UploadRefusal(limits.imagesOnly ? "not_an_image" : "unsupported_type");
          if (limits.imagesOnly && !isImageMime(mime)) throw new UploadRefusal("not_an_image");
        }
        // Refuse a pixel flood as soon as its header has arrived, not after the whole body.
        if (mime && isImageMime(mime) && !imageSizeChecked) {
          imageSizeChecked = checkImageHeader(head.subarray(0, headLength), mime, false);
        }
      }
      // A PDF is stored as received, so its quota can be enforced while it streams.
      if (mime === "application/pdf" && total.bytes > limits.remaining) throw new UploadRefusal("quota_exceeded");
      if (!out.write(chunk)) await once(out, "drain");
    }
    out.end();
    await finished(out);
  } catch (error) {
    stream.destroy();
    out.destroy();
    await finished(out).catch(() => undefined);
    throw error;
  }
  if (mime === undefined && size > 0) mime = await detectAcceptedType(head.subarray(0, headLength));
  if (mime && isImageMime(mime) && !imageSizeChecked && size <= HEAD_BYTES) {
    imageSizeChecked = checkImageHeader(head.subarray(0, headLength), mime, true);
  }
  return { path, size, filename, mime: mime ?? null, imageSizeChecked };
}

/** Leaves a refused body unread. Not `body.cancel()`: that destroys the socket before the 413/400 is
 * written ("network error"); closeWhenBodyUnread closes it after the answer. */
export async function discard(_request: Request) {
  // Deliberately nothing: the body is left unread (and, unread, it is paused by backpressure).
}

function stopReading(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    reader.releaseLock(); // a pending read() rejects; nothing more is pulled from the socket
  } catch {
    // already released
  }
}
