// A PDF is accepted only if it is one: "%PDF-" at byte 0, a real end ("%%EOF" followed by
// nothing but whitespace), parseable by pdf-lib with at least one page, and not encrypted.
// Junk before the header or after the end is how PDF/HTML and PDF/ZIP polyglots are built;
// an encrypted file cannot be reviewed by staff, and its content cannot be checked.
import { AsyncLocalStorage } from "node:async_hooks";
import { decodePDFRawStream, PDFContext, PDFDocument, PDFRawStream } from "pdf-lib";
import { startsWithAscii } from "./content-type";

export type PdfFailure = {
  ok: false;
  code: "invalid_pdf" | "encrypted_pdf" | "pdf_trailing_data" | "pdf_too_complex";
};
export type PdfVerdict = { ok: true; pages: number } | PdfFailure;

/** Whitespace as PDF defines it (ISO 32000-1, 7.2.2): NUL, TAB, LF, FF, CR, SPACE. */
const isPdfWhitespace = (byte: number) =>
  byte === 0 || byte === 9 || byte === 10 || byte === 12 || byte === 13 || byte === 32;

const EOF_MARKER = [0x25, 0x25, 0x45, 0x4f, 0x46]; // "%%EOF"

function lastIndexOfEof(bytes: Uint8Array): number {
  outer: for (let i = bytes.length - EOF_MARKER.length; i >= 0; i--) {
    for (let j = 0; j < EOF_MARKER.length; j++) if (bytes[i + j] !== EOF_MARKER[j]) continue outer;
    return i;
  }
  return -1;
}

/** The envelope alone: header at offset 0, and nothing but whitespace after the last "%%EOF". */
export function checkPdfEnvelope(bytes: Uint8Array): { ok: true } | PdfFailure {
  if (!startsWithAscii(bytes, "%PDF-")) return { ok: false, code: "invalid_pdf" };
  const eof = lastIndexOfEof(bytes);
  if (eof < 0) return { ok: false, code: "invalid_pdf" }; // truncated: the end never came
  for (let i = eof + EOF_MARKER.length; i < bytes.length; i++) {
    if (!isPdfWhitespace(bytes[i])) return { ok: false, code: "pdf_trailing_data" };
  }
  return { ok: true };
}

/**
 * What pdf-lib may decode while it parses one file. Parsing inflates every object stream and
 * cross-reference stream whole, with no limit of its own: a 500 KB PDF whose object stream
 * inflates to 500 MB made it allocate over 1 GB (a FlateDecode ratio is ~1 000:1, and filters
 * chain). A real document's object streams are a few hundred KB decoded; 64 MiB is far above.
 */
export const PDF_DECODE_BUDGET_BYTES = 64 * 1024 * 1024;

type DecodeBudget = { left: number; exceeded: boolean; decoded: WeakMap<object, number> };
const decodeBudgets = new AsyncLocalStorage<DecodeBudget>();
let decodersGuarded = false;

/**
 * pdf-lib's decoders (Flate, LZW, RunLength, ASCII85, ASCIIHex, and their chains) all grow
 * their output through the prototype they share, `DecodeStream.ensureBuffer(length)`. pdf-lib
 * offers no option to bound it, so it is wrapped once: inside `inspectPdf` (and only there,
 * through AsyncLocalStorage) the decoded bytes are counted, and growth past the budget throws,
 * which fails the parse before the memory is allocated. Outside, nothing changes.
 */
function guardPdfLibDecoders() {
  if (decodersGuarded) return;
  const sample = decodePDFRawStream(
    PDFRawStream.of(PDFContext.create().obj({ Filter: "ASCIIHexDecode" }), new Uint8Array()),
  );
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(sample)) as {
    ensureBuffer?: (this: object, requested: number) => Uint8Array;
  };
  const original = proto.ensureBuffer;
  // A pdf-lib upgrade that renames it must not silently drop the bound: refuse every PDF instead.
  if (typeof original !== "function") throw new Error("pdf-lib: DecodeStream.ensureBuffer not found");
  proto.ensureBuffer = function (this: object, requested: number) {
    const budget = decodeBudgets.getStore();
    if (budget) {
      const before = budget.decoded.get(this) ?? 0;
      if (requested > before) {
        budget.left -= requested - before;
        budget.decoded.set(this, requested);
      }
      if (budget.left < 0) {
        budget.exceeded = true;
        throw new Error("PDF decode budget exceeded");
      }
    }
    return original.call(this, requested);
  };
  decodersGuarded = true;
}

/**
 * Runs `task` with a decode budget: every pdf-lib decode inside (parse, copy) counts against it.
 * `exceeded` tells afterwards whether it was the budget that made the task fail.
 */
export async function withinDecodeBudget<T>(
  bytes: number,
  task: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; exceeded: boolean }> {
  guardPdfLibDecoders();
  const budget: DecodeBudget = { left: bytes, exceeded: false, decoded: new WeakMap() };
  try {
    const value = await decodeBudgets.run(budget, task);
    // An error pdf-lib swallowed still counts.
    return budget.exceeded ? { ok: false, exceeded: true } : { ok: true, value };
  } catch {
    return { ok: false, exceeded: budget.exceeded };
  }
}

/** Parses a PDF (envelope first) inside the caller's decode budget: the document, or why not. */
export async function openPdf(bytes: Uint8Array): Promise<{ ok: true; doc: PDFDocument; pages: number } | PdfFailure> {
  const envelope = checkPdfEnvelope(bytes);
  if (!envelope.ok) return envelope;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(sharedSlices(bytes), {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
    });
  } catch {
    if (decodeBudgets.getStore()?.exceeded) return { ok: false, code: "pdf_too_complex" };
    return { ok: false, code: "invalid_pdf" };
  }
  if (decodeBudgets.getStore()?.exceeded) return { ok: false, code: "pdf_too_complex" };
  if (doc.isEncrypted) return { ok: false, code: "encrypted_pdf" };
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    return { ok: false, code: "invalid_pdf" };
  }
  return pages > 0 ? { ok: true, doc, pages } : { ok: false, code: "invalid_pdf" };
}

/** The whole check. pdf-lib needs the file in memory: callers bound how many run at once. */
export async function inspectPdf(bytes: Uint8Array, decodeBudget = PDF_DECODE_BUDGET_BYTES): Promise<PdfVerdict> {
  const run = await withinDecodeBudget(decodeBudget, () => openPdf(bytes));
  if (!run.ok) return { ok: false, code: run.exceeded ? "pdf_too_complex" : "invalid_pdf" };
  return run.value.ok ? { ok: true, pages: run.value.pages } : run.value;
}

/**
 * The bytes as pdf-lib's parser will see them, with `slice` answering a view: pdf-lib copies
 * every stream's contents out of the file with `slice`, so a 10 MB scan became 20 MB per check
 * (and ~+30 MiB peak RSS under 20 uploads at once, bench/upload-memory.ts). A view is safe: the
 * file's bytes are only read, and a copy made later (copyPages clones) still copies. If pdf-lib
 * stops calling `slice`, nothing breaks; it copies again. ADR 045.
 */
function sharedSlices(bytes: Uint8Array): Uint8Array {
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  Object.defineProperty(view, "slice", { value: (start?: number, end?: number) => view.subarray(start, end) });
  return view;
}
