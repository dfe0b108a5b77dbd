/** What the credential layouts share besides the page (./sheet). Coordinates are millimetres from the
 * TOP-left corner; ./sheet converts to PDF points from the bottom-left. */
import { type PDFDocument, type PDFFont, type PDFImage, type RGB, rgb } from "pdf-lib";

export const PT_PER_MM = 72 / 25.4;
export const mm = (value: number): number => value * PT_PER_MM;

export function hex(color: string): RGB {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return rgb(0, 0, 0);
  const n = parseInt(m[1], 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Sober gov.br-like palette. */
export const palette = {
  blue: hex("#1351B4"),
  blueDark: hex("#071D41"),
  blueLight: hex("#EDF5FF"),
  text: hex("#1B1B1B"),
  muted: hex("#555555"),
  line: hex("#C5D4EB"),
  white: rgb(1, 1, 1),
  black: rgb(0, 0, 0),
};

/** Black or white, whichever reads better on the given background (WCAG relative luminance). */
export function textOn(background: RGB): RGB {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(background.red) + 0.7152 * lin(background.green) + 0.0722 * lin(background.blue);
  return l > 0.4 ? palette.text : palette.white;
}

const widthCache = new WeakMap<PDFFont, Map<string, number>>();

/** Width of text in points, memoised per font: an embedded font's measure is a full fontkit layout,
 * and fitting and wrapping measure the same strings many times. */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let cache = widthCache.get(font);
  if (!cache) widthCache.set(font, (cache = new Map()));
  let unit = cache.get(text);
  if (unit === undefined) {
    unit = font.widthOfTextAtSize(text, 1000) / 1000;
    cache.set(text, unit);
  }
  return unit * size;
}

export function ellipsize(text: string, font: PDFFont, size: number, maxPt: number): string {
  if (textWidth(font, text, size) <= maxPt + 0.01) return text;
  const chars = [...text];
  while (chars.length > 1 && textWidth(font, `${chars.join("").trimEnd()}…`, size) > maxPt) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

export function wrap(text: string, font: PDFFont, size: number, maxPt: number, maxLines = Infinity): string[] {
  const words = text.split(" ").filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(font, candidate, size) <= maxPt || !current) {
      current = candidate;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  const fitted = lines.map((l) => ellipsize(l, font, size, maxPt));
  if (fitted.length > maxLines) {
    const kept = fitted.slice(0, maxLines);
    kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]} ${fitted[maxLines]}`, font, size, maxPt);
    if (!kept[maxLines - 1].endsWith("…")) kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}…`, font, size, maxPt);
    return kept;
  }
  return fitted;
}

/** Embeds a JPEG or PNG by its signature; null for anything else or an unreadable file (never throws). */
export async function embedPhoto(doc: PDFDocument, bytes: Uint8Array | null | undefined): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 8) return null;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return await doc.embedJpg(bytes);
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
      return await doc.embedPng(bytes);
  } catch {
    return null;
  }
  return null;
}

interface DocumentMetadata {
  title: string;
  subject: string;
  author: string;
  keywords?: string[];
  issuedAt: Date;
}

/** Fixed metadata: creation and modification dates are the issue date, so re-rendering gives the same document. */
export function setMetadata(doc: PDFDocument, meta: DocumentMetadata, clean: (s: string) => string = (s) => s): void {
  doc.setTitle(clean(meta.title), { showInWindowTitleBar: true });
  doc.setSubject(clean(meta.subject));
  doc.setAuthor(clean(meta.author));
  doc.setCreator("Credencia");
  doc.setProducer("Credencia (pdf-lib)");
  doc.setLanguage("pt-BR");
  if (meta.keywords) doc.setKeywords(meta.keywords.map(clean));
  doc.setCreationDate(meta.issuedAt);
  doc.setModificationDate(meta.issuedAt);
}
