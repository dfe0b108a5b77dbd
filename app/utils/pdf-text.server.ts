// The text layer of a PDF (a law as the prefeitura published it), through Mozilla's pdf.js: one
// line per line the PDF marks as ending. Run on the server only, with eval off and a page limit;
// a scanned PDF (images only) gives no text, which the caller tells the person in words.
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";

export const PDF_TEXT_MAX_PAGES = 300;

export class PdfTextError extends Error {
  override readonly name = "PdfTextError";
}

/** The PDF's text, page after page; refuses a file pdf.js cannot open or one with too many pages. */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  let document;
  try {
    document = await getDocument({
      data: new Uint8Array(bytes), // pdf.js transfers the buffer it is given
      isEvalSupported: false,
      useSystemFonts: false,
      disableFontFace: true,
      verbosity: VerbosityLevel.ERRORS,
    }).promise;
  } catch {
    throw new PdfTextError("O arquivo não pôde ser lido como PDF.");
  }
  try {
    if (document.numPages > PDF_TEXT_MAX_PAGES)
      throw new PdfTextError(`O PDF tem ${document.numPages} páginas; o portal lê até ${PDF_TEXT_MAX_PAGES}.`);
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
      page.cleanup();
    }
    return { text: pages.join("\n"), pages: document.numPages };
  } finally {
    await document.destroy();
  }
}
