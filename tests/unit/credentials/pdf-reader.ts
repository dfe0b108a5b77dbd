/** Reads generated PDFs back for the tests: page sizes, text, metadata (pdfjs-dist), and page 1 rendered (@napi-rs/canvas) for QR decoding (jsqr). */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve("pdfjs-dist/package.json"));
const standardFontDataUrl = `${join(pdfjsRoot, "standard_fonts")}/`;

export interface ReadPdf {
  pages: Array<{ width: number; height: number; text: string }>;
  info: Record<string, unknown>;
}

async function open(bytes: Uint8Array) {
  // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
  return getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const doc = await open(bytes);
  try {
    const pages = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const [x0, y0, x1, y1] = page.view;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " ");
      pages.push({ width: x1 - x0, height: y1 - y0, text });
    }
    const meta = await doc.getMetadata();
    return { pages, info: meta.info as Record<string, unknown> };
  } finally {
    await doc.destroy();
  }
}

/** Renders a page at `dpi` on white and returns its RGBA pixels. */
export async function renderPage(
  bytes: Uint8Array,
  pageNumber: number,
  dpi: number,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const doc = await open(bytes);
  try {
    const page = await doc.getPage(pageNumber);
    const viewport = page.getViewport({ scale: dpi / 72 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return {
      width: image.width,
      height: image.height,
      data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    };
  } finally {
    await doc.destroy();
  }
}

/** Renders a page at `scale` (1 = 72 dpi) and returns what jsQR decodes there, or null. */
export async function decodeQr(bytes: Uint8Array, pageNumber: number, scale: number): Promise<string | null> {
  const image = await renderPage(bytes, pageNumber, scale * 72);
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
  return code?.data ?? null;
}
