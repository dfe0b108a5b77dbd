/** A page in millimetres from its top-left corner, that the layouts draw through. */
import {
  clip,
  concatTransformationMatrix,
  drawObject,
  endPath,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  type RGB,
} from "pdf-lib";
import { QR_QUIET_ZONE, type QrErrorCorrection, qrMatrix, qrRects } from "../qr";
import type { FontSet } from "./fonts";
import { ellipsize, mm, palette, PT_PER_MM, textWidth, wrap } from "./kit";

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

  /** One line at baseline y mm, shrunk to minSize then cut with an ellipsis to fit maxWidth; returns the size. */
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

  /** A wrapped paragraph, cut with an ellipsis past maxLines; returns the baseline y after the last line. */
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

  /** The QR as one filled path on a white square with its quiet zone; (x, y, size) is the symbol's, in mm. */
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
    // A Form XObject in module units: plain integers in one stream, placed and scaled by a matrix.
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
