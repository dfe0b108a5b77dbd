/** The crachá's front, what a passenger sees on the uniform and compares, with the QR at ≥ 0.5 mm
 * per module (ADR 027). */
import { type RGB, rgb } from "pdf-lib";
import { formatDate, formatPlate } from "../../domain/format";
import { QR_ERROR_CORRECTION } from "../qr";
import type { BadgeData } from "./badge";
import {
  BADGE_HEIGHT_MM as H,
  BADGE_MARGIN_MM as M,
  BADGE_QR,
  BADGE_WIDTH_MM as W,
  header,
  type Image,
} from "./badge-card";
import { hex, mm, palette, textOn } from "./kit";
import type { Sheet } from "./sheet";

export function front(s: Sheet, d: BadgeData, photo: Image, emblem: Image): void {
  const { bold } = s.fonts;
  header(s, d, emblem, 9.5, W - M);

  // The QR, on the right, as large as the card allows (quiet zone to the edge).
  const qr = BADGE_QR;
  s.qr(d.verification.qrText, qr.x, qr.y, qr.size, QR_ERROR_CORRECTION.badge);
  s.text("Aponte a câmera do celular para verificar", qr.x + qr.size / 2, H - 1.3, {
    size: 4.4,
    color: palette.muted,
    align: "center",
    maxWidth: qr.size + 2,
  });
  const left = qr.x - 2.2; // where the quiet zone begins
  const lw = left - M - 0.3;

  // Category band, in the law's service colour when it sets one, under the header on the left.
  const bandColor = d.category.color ? hex(d.category.color) : palette.blueLight;
  const bandText = d.category.textColor
    ? hex(d.category.textColor)
    : d.category.color
      ? textOn(bandColor)
      : palette.blueDark;
  s.box(0, 9.5, left, 7, bandColor);
  if (!d.category.color) s.line(0, 16.5, left, 16.5, palette.line, 0.4);
  s.text((d.title ?? "Crachá de identificação").toUpperCase(), M, 12.2, {
    size: 4.3,
    font: bold,
    color: bandText,
    maxWidth: lw,
    minSize: 3.8,
  });
  s.text(d.category.label.toUpperCase(), M, 15.6, {
    size: 7.6,
    font: bold,
    color: bandText,
    maxWidth: lw,
    minSize: 5.2,
  });

  // Photo (3 × 4) and, beside it, name, validity and plate.
  const py = 18.3;
  const pw = 16.5;
  const ph = 22;
  s.photo(photo, M, py, pw, ph);
  if (d.photoStamp) stamp(s, d.photoStamp, M + pw - 2.3, py + ph - 2.8);
  const cx = M + pw + 2;
  const cw = left - cx - 0.3;
  const field = (
    label: string,
    value: string,
    x: number,
    top: number,
    width: number,
    opts: { size?: number; color?: RGB; font?: typeof bold } = {},
  ) => {
    s.text(label.toUpperCase(), x, top, { size: 4.2, color: palette.muted, maxWidth: width });
    s.text(value, x, top + 2.7, {
      size: opts.size ?? 6.4,
      font: opts.font ?? bold,
      color: opts.color,
      maxWidth: width,
      minSize: 4.6,
    });
  };
  const plate = d.plate ? formatPlate(d.plate) : null;
  const rows = 1 + (plate ? 1 : 0);
  const budget = ph - 1.8 - rows * 5.2;
  let size = 6.8;
  while (size > 5.4 && s.lineCount(d.holderName, size, cw, bold) * ((size * 1.15) / 2.835) > budget) size -= 0.2;
  const leading = (size * 1.15) / 2.835;
  let y = s.paragraph(d.holderName, cx, py + 2.1, {
    size,
    width: cw,
    font: bold,
    maxLines: Math.max(1, Math.floor(budget / leading)),
    leading,
  });
  y += 0.2;
  field("Válido até", formatDate(d.validUntil), cx, y, cw, { size: 7.4, color: palette.blue });
  if (plate) field("Placa", plate, cx, y + 5.4, cw);

  // Under the photo: the one code, then the operator.
  const code = py + ph + 2.6;
  field("Registro nº (código de verificação)", d.verification.serial, M, code, lw, { size: 7.2, font: s.fonts.mono });
  if (d.operator) field("Operadora", d.operator, M, code + 5.6, lw, { size: 5.8 });
  s.box(0, H - 0.9, left, 0.9, palette.blue);
}

/** A round municipal stamp over the photo's corner (the law's "fotografia carimbada"). */
function stamp(s: Sheet, text: string, cx: number, cy: number): void {
  const r = 4.2;
  const color = rgb(0.075, 0.318, 0.706);
  s.page.drawCircle({
    x: mm(cx),
    y: mm(s.heightMm - cy),
    size: mm(r),
    borderColor: color,
    borderWidth: 0.7,
    color: palette.white,
    opacity: 0.55,
    borderOpacity: 0.9,
  });
  s.page.drawCircle({
    x: mm(cx),
    y: mm(s.heightMm - cy),
    size: mm(r - 0.8),
    borderColor: color,
    borderWidth: 0.3,
    borderOpacity: 0.9,
  });
  const words = s.fonts.clean(text).toUpperCase().split(" ");
  const mid = Math.ceil(words.length / 2);
  // Two lines, the first half of the words over the second.
  const lines: [string[], number][] = [
    [words.slice(0, mid), cy - 0.2],
    [words.slice(mid), cy + 1.4],
  ];
  for (const [line, y] of lines)
    s.text(line.join(" "), cx, y, {
      size: 3.2,
      font: s.fonts.bold,
      color,
      align: "center",
      maxWidth: 2 * r - 1.8,
      minSize: 2.2,
    });
}
