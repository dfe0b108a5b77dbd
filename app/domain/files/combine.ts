// Several pages of one document become ONE PDF. The parts share ONE decode budget, so a bomb split
// over several files is refused like one; the page count is bounded before anything is written.
import { PDFDocument } from "pdf-lib";
import { formatCount } from "../format";
import type { AcceptedMime } from "./content-type";
import { MAX_DOCUMENT_PAGES } from "./limits";
import { openPdf, PDF_DECODE_BUDGET_BYTES, type PdfFailure, withinDecodeBudget } from "./pdf";

/** A4 in PDF points; an image page is A4, turned to match the photo, with a small margin. */
const A4 = { short: 595.28, long: 841.89 };
const MARGIN = 18;

export type PagePart = { mime: AcceptedMime; bytes: Uint8Array };
type CombineFailure = PdfFailure | { ok: false; code: "too_many_pages" | "invalid_image" | "unsupported_type" };
type Combined = { ok: true; bytes: Uint8Array; pages: number } | CombineFailure;

export async function combinePages(
  parts: readonly PagePart[],
  opts: { maxPages?: number; decodeBudget?: number } = {},
): Promise<Combined> {
  const maxPages = opts.maxPages ?? MAX_DOCUMENT_PAGES;
  const run = await withinDecodeBudget(opts.decodeBudget ?? PDF_DECODE_BUDGET_BYTES, () => build(parts, maxPages));
  if (!run.ok) return { ok: false, code: run.exceeded ? "pdf_too_complex" : "invalid_pdf" };
  return run.value;
}

async function build(parts: readonly PagePart[], maxPages: number): Promise<Combined> {
  const out = await PDFDocument.create({ updateMetadata: false });
  let pages = 0;
  for (const part of parts) {
    if (part.mime === "application/pdf") {
      const source = await openPdf(part.bytes);
      if (!source.ok) return source;
      if (pages + source.pages > maxPages) return { ok: false, code: "too_many_pages" };
      const copied = await out.copyPages(source.doc, source.doc.getPageIndices());
      for (const page of copied) out.addPage(page);
      pages += copied.length;
      continue;
    }
    if (part.mime !== "image/jpeg" && part.mime !== "image/png") return { ok: false, code: "unsupported_type" };
    if (pages + 1 > maxPages) return { ok: false, code: "too_many_pages" };
    let image;
    try {
      image = part.mime === "image/jpeg" ? await out.embedJpg(part.bytes) : await out.embedPng(part.bytes);
    } catch {
      return { ok: false, code: "invalid_image" };
    }
    const landscape = image.width > image.height;
    const [width, height] = landscape ? [A4.long, A4.short] : [A4.short, A4.long];
    const scale = Math.min((width - 2 * MARGIN) / image.width, (height - 2 * MARGIN) / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    out.addPage([width, height]).drawImage(image, { x: (width - w) / 2, y: (height - h) / 2, width: w, height: h });
    pages += 1;
  }
  if (pages === 0) return { ok: false, code: "invalid_pdf" };
  return { ok: true, bytes: await out.save(), pages };
}

/** The display name of a combined document: the first file's name, the page count, ".pdf". */
export function combinedName(firstName: string, pages: number): string {
  const base = firstName.replace(/\.[A-Za-z0-9]{1,5}$/, "") || "documento";
  return `${base} (${formatCount(pages, "página", "páginas")}).pdf`;
}
