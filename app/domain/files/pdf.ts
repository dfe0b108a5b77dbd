// A PDF is accepted only if it is one: header at byte 0 and nothing after "%%EOF" (junk there makes
// polyglots), parseable with a page, not encrypted (staff could not review it).
import { AsyncLocalStorage } from "node:async_hooks";
import { decodePDFRawStream, PDFContext, PDFDocument, PDFRawStream } from "pdf-lib";
import { startsWithAscii } from "./content-type";

export type PdfFailure = {
  ok: false;
  code: "invalid_pdf" | "encrypted_pdf" | "pdf_trailing_data" | "pdf_too_complex";
};
type PdfVerdict = { ok: true; pages: number } | PdfFailure;

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

/** pdf-lib inflates streams whole, unbounded (a 500 KB PDF allocated over 1 GB); real ones need a few hundred KB. */
export const PDF_DECODE_BUDGET_BYTES = 64 * 1024 * 1024;

type DecodeBudget = { left: number; exceeded: boolean; decoded: WeakMap<object, number> };
const decodeBudgets = new AsyncLocalStorage<DecodeBudget>();
let decodersGuarded = false;

/**
 * Every pdf-lib decoder grows through `DecodeStream.ensureBuffer`, with no option to bound it: it
 * is wrapped once so that, inside a budget (AsyncLocalStorage), growth past it throws first.
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

/** Runs `task` with a decode budget; `exceeded` says whether the budget made it fail. */
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

/** `slice` answers a view: pdf-lib copies every stream with it, doubling a scan's memory (ADR 045). */
function sharedSlices(bytes: Uint8Array): Uint8Array {
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  Object.defineProperty(view, "slice", { value: (start?: number, end?: number) => view.subarray(start, end) });
  return view;
}
