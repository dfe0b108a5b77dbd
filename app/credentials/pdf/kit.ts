/**
 * Drawing primitives shared by the credential layouts: units, palette, text
 * fitting and wrapping, the QR as vector rectangles, the photo, metadata.
 * Coordinates in the layouts are millimetres from the TOP-left corner; the
 * helpers convert to PDF points from the bottom-left.
 */
import {
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  type PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  type RGB,
} from "pdf-lib";
import { qrMatrix, qrRects, QR_QUIET_ZONE, type QrErrorCorrection } from "../qr";
import type { FontSet } from "./fonts";

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

/** A page seen in millimetres from its top-left corner. */
export class Sheet {
  readonly heightMm: number;

  /** heightMm: the height of the drawing grid, when the page content is scaled (seal sizes). */
  constructor(
    readonly page: PDFPage,
    readonly fonts: FontSet,
    heightMm?: number,
  ) {
    this.heightMm = heightMm ?? page.getHeight() / PT_PER_MM;
  }

  /** Filled rectangle; (x, y) is the top-left corner in mm. */
  box(x: number, y: number, w: number, h: number, color: RGB, opts: { border?: RGB; borderWidth?: number } = {}): void {
    this.page.drawRectangle({
      x: mm(x),
      y: mm(this.heightMm - y - h),
      width: mm(w),
      height: mm(h),
      color,
      borderColor: opts.border,
      borderWidth: opts.border ? (opts.borderWidth ?? 0.5) : undefined,
    });
  }

  line(x1: number, y1: number, x2: number, y2: number, color: RGB = palette.line, thickness = 0.5): void {
    this.page.drawLine({
      start: { x: mm(x1), y: mm(this.heightMm - y1) },
      end: { x: mm(x2), y: mm(this.heightMm - y2) },
      color,
      thickness,
    });
  }

  /**
   * One line of text whose baseline is at y mm. When maxWidth is given the size
   * shrinks (down to minSize) to fit, then the text is cut with an ellipsis.
   * Returns the size used.
   */
  text(
    text: string,
    x: number,
    y: number,
    opts: {
      size: number;
      font?: PDFFont;
      color?: RGB;
      maxWidth?: number;
      minSize?: number;
      align?: "left" | "center" | "right";
    },
  ): number {
    const font = opts.font ?? this.fonts.regular;
    let t = this.fonts.clean(text);
    let size = opts.size;
    if (opts.maxWidth !== undefined) {
      const maxPt = mm(opts.maxWidth);
      const minSize = opts.minSize ?? size;
      const width = textWidth(font, t, size);
      if (width > maxPt) size = Math.max(minSize, (size * maxPt * 0.999) / width);
      t = ellipsize(t, font, size, maxPt);
    }
    const width = textWidth(font, t, size);
    const left = opts.align === "center" ? mm(x) - width / 2 : opts.align === "right" ? mm(x) - width : mm(x);
    this.page.drawText(t, { x: left, y: mm(this.heightMm - y), size, font, color: opts.color ?? palette.text });
    return size;
  }

  /**
   * Wrapped paragraph from the baseline of its first line; returns the y (mm)
   * of the baseline after the last line. Extra lines beyond maxLines are cut with an ellipsis.
   */
  paragraph(
    text: string,
    x: number,
    y: number,
    opts: {
      size: number;
      width: number;
      font?: PDFFont;
      color?: RGB;
      leading?: number;
      maxLines?: number;
      align?: "left" | "center";
    },
  ): number {
    const font = opts.font ?? this.fonts.regular;
    const lines = wrap(this.fonts.clean(text), font, opts.size, mm(opts.width), opts.maxLines);
    const leading = opts.leading ?? (opts.size * 1.25) / PT_PER_MM;
    let baseline = y;
    for (const l of lines) {
      const cx = opts.align === "center" ? x + opts.width / 2 : x;
      this.text(l, cx, baseline, {
        size: opts.size,
        font,
        color: opts.color,
        align: opts.align === "center" ? "center" : "left",
      });
      baseline += leading;
    }
    return baseline;
  }

  /** Lines a paragraph would take (for layout decisions before drawing). */
  lineCount(text: string, size: number, width: number, font: PDFFont = this.fonts.regular): number {
    return wrap(this.fonts.clean(text), font, size, mm(width)).length;
  }

  /**
   * The QR as merged vector rectangles in one path and one fill, on a white
   * square that includes the quiet zone. (x, y, size) is the symbol itself, in mm.
   */
  qr(
    text: string,
    x: number,
    y: number,
    size: number,
    errorCorrection: QrErrorCorrection,
  ): { version: number; moduleMm: number } {
    const matrix = qrMatrix(text, errorCorrection);
    const quiet = (QR_QUIET_ZONE * size) / matrix.size; // keep it clear of any background colour
    this.box(x - quiet, y - quiet, size + 2 * quiet, size + 2 * quiet, palette.white);
    // The symbol is a Form XObject in module units (one module = one unit): its content is
    // plain integers written straight into one stream, then placed and scaled by a matrix.
    let path = "0 g\n";
    for (const r of qrRects(matrix)) path += `${r.x} ${matrix.size - r.y - r.h} ${r.w} ${r.h} re\n`;
    path += "f\n";
    const context = this.page.doc.context;
    const form = context.flateStream(path, {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, matrix.size, matrix.size],
    });
    const name = this.page.node.newXObject("QR", context.register(form));
    const unit = mm(size) / matrix.size;
    this.page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(unit, 0, 0, unit, mm(x), mm(this.heightMm - y - size)),
      drawObject(name),
      popGraphicsState(),
    );
    return { version: matrix.version, moduleMm: size / matrix.size };
  }

  /** The photo, cropped to fill the box (centre crop), or a neutral placeholder when absent or unreadable. */
  photo(image: PDFImage | null, x: number, y: number, w: number, h: number): void {
    this.box(x, y, w, h, palette.blueLight);
    if (image) {
      const scale = Math.max(mm(w) / image.width, mm(h) / image.height);
      const dw = image.width * scale;
      const dh = image.height * scale;
      const bx = mm(x);
      const by = mm(this.heightMm - y - h);
      this.page.pushOperators(pushGraphicsState(), rectangle(bx, by, mm(w), mm(h)), clip(), endPath());
      this.page.drawImage(image, { x: bx - (dw - mm(w)) / 2, y: by - (dh - mm(h)) / 2, width: dw, height: dh });
      this.page.pushOperators(popGraphicsState());
    } else {
      this.silhouette(x, y, w, h);
    }
    this.frame(x, y, w, h, palette.line, 0.6);
  }

  /** The municipality's coat of arms, scaled to fit the box (aspect kept, centred); nothing when absent. */
  emblem(image: PDFImage | null, x: number, y: number, w: number, h: number): void {
    if (!image) return;
    const scale = Math.min(mm(w) / image.width, mm(h) / image.height);
    const dw = image.width * scale;
    const dh = image.height * scale;
    this.page.drawImage(image, {
      x: mm(x) + (mm(w) - dw) / 2,
      y: mm(this.heightMm - y - h) + (mm(h) - dh) / 2,
      width: dw,
      height: dh,
    });
  }

  /** An outline rectangle (no fill). */
  frame(x: number, y: number, w: number, h: number, color: RGB, width = 0.6): void {
    this.page.drawRectangle({
      x: mm(x),
      y: mm(this.heightMm - y - h),
      width: mm(w),
      height: mm(h),
      borderColor: color,
      borderWidth: width,
    });
  }

  private silhouette(x: number, y: number, w: number, h: number): void {
    const cx = mm(x + w / 2);
    const headY = mm(this.heightMm - y - h * 0.4);
    this.page.drawEllipse({ x: cx, y: headY, xScale: mm(w * 0.2), yScale: mm(w * 0.24), color: palette.line });
    this.page.pushOperators(
      pushGraphicsState(),
      rectangle(mm(x), mm(this.heightMm - y - h), mm(w), mm(h)),
      clip(),
      endPath(),
    );
    this.page.drawEllipse({
      x: cx,
      y: mm(this.heightMm - y - h),
      xScale: mm(w * 0.42),
      yScale: mm(h * 0.3),
      color: palette.line,
    });
    this.page.pushOperators(popGraphicsState());
    this.text("SEM FOTO", x + w / 2, y + h - 1.6, { size: 4.5, color: palette.muted, align: "center" });
  }
}

const widthCache = new WeakMap<PDFFont, Map<string, number>>();

/**
 * Width of text in points. Memoised per font (fonts live and die with their
 * document): with an embedded font each measurement is a full fontkit layout,
 * and fitting/wrapping measures the same strings many times.
 */
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

export interface DocumentMetadata {
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
