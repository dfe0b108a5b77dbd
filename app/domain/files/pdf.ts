// A PDF is accepted only if it is one: "%PDF-" at byte 0, a real end ("%%EOF" followed by
// nothing but whitespace), parseable by pdf-lib with at least one page, and not encrypted.
// Junk before the header or after the end is how PDF/HTML and PDF/ZIP polyglots are built;
// an encrypted file cannot be reviewed by staff, and its content cannot be checked.
import { PDFDocument } from "pdf-lib";
import { startsWithAscii } from "./content-type";

export type PdfFailure = { ok: false; code: "invalid_pdf" | "encrypted_pdf" | "pdf_trailing_data" };
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

/** The whole check. pdf-lib needs the file in memory: callers bound how many run at once. */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  const envelope = checkPdfEnvelope(bytes);
  if (!envelope.ok) return envelope;
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    return { ok: false, code: "invalid_pdf" };
  }
  if (doc.isEncrypted) return { ok: false, code: "encrypted_pdf" };
  let pages: number;
  try {
    pages = doc.getPageCount();
  } catch {
    return { ok: false, code: "invalid_pdf" };
  }
  return pages > 0 ? { ok: true, pages } : { ok: false, code: "invalid_pdf" };
}
