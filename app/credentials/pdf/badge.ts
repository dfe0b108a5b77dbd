/**
 * The crachá: ID-1 card (85.6 × 54 mm, ISO/IEC 7810), two pages.
 * Front — what a passenger compares: municipality, category (law colour), photo,
 * name, registration, plate, operator, validity, QR.
 * Back — legal basis, what the bearer must carry, fields the law wants printed
 * but never put in the token (Jardim, Lei 904/1997 arts. 18 and 22 as amended by
 * Lei 951/1999: company, motorcycle control number, documents, blood type), and
 * the serial in large monospace for typing in at /verificar.
 */
import { PDFDocument, rgb } from "pdf-lib";
import { QR_ERROR_CORRECTION } from "../qr";
import { collectStrings, embedFonts } from "./fonts";
import { embedPhoto, hex, mm, palette, setMetadata, Sheet, textOn, textWidth } from "./kit";
import { formatDate, formatDayOf, formatPlate } from "../../domain/format";
import type { CategoryInfo, IssuerInfo, LabeledValue, VerificationInfo } from "./types";

export const BADGE_WIDTH_MM = 85.6;
export const BADGE_HEIGHT_MM = 54;

export interface BadgeData {
  issuer: IssuerInfo;
  /** Default "CRACHÁ DE IDENTIFICAÇÃO". */
  title?: string;
  category: CategoryInfo & { textColor?: string | null };
  holderName: string;
  /** JPEG or PNG bytes; null prints a neutral placeholder. */
  photo: Uint8Array | null;
  /** Text of the stamp drawn over the photo's corner where the law asks for a stamped photo (Jardim, art. 18). */
  photoStamp?: string | null;
  registrationNumber: string;
  plate?: string | null;
  operator?: string | null;
  validFrom: string;
  validUntil: string;
  verification: VerificationInfo;
  legalBasis: string;
  mustCarry: readonly string[];
  /** Printed on the back only, never in the token. */
  extraFields?: readonly LabeledValue[];
  issuedAt: Date;
}

const W = BADGE_WIDTH_MM;
const H = BADGE_HEIGHT_MM;
const M = 3.5; // margin

export async function renderBadge(data: BadgeData): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, collectStrings({ ...data, photo: null }), [data.verification.serial]);
  const photo = await embedPhoto(doc, data.photo);
  const place = `${data.issuer.municipality} – ${data.issuer.uf}`;
  setMetadata(
    doc,
    {
      title: `${data.title ?? "Crachá de identificação"} ${data.verification.serial}`,
      subject: `${data.category.label} – ${data.holderName} – válido até ${formatDate(data.validUntil)}`,
      author: `Prefeitura Municipal de ${place}`,
      keywords: [data.verification.serial, data.category.label, "crachá"],
      issuedAt: data.issuedAt,
    },
    fonts.clean,
  );
  front(new Sheet(doc.addPage([mm(W), mm(H)]), fonts), data, photo);
  back(new Sheet(doc.addPage([mm(W), mm(H)]), fonts), data);
  return doc.save({ useObjectStreams: false });
}

function front(s: Sheet, d: BadgeData, photo: Awaited<ReturnType<typeof embedPhoto>>): void {
  const { bold } = s.fonts;
  // Header: who issues.
  s.box(0, 0, W, 10, palette.blue);
  s.text(`PREFEITURA MUNICIPAL DE ${d.issuer.municipality.toUpperCase()} – ${d.issuer.uf.toUpperCase()}`, M, 4.5, {
    size: 6.4,
    font: bold,
    color: palette.white,
    maxWidth: W - 2 * M,
    minSize: 5,
  });
  if (d.issuer.authority)
    s.text(d.issuer.authority, M, 8, { size: 5, color: hex("#DCE7F7"), maxWidth: W - 2 * M, minSize: 4.5 });

  // Category band, in the law's service colour when it sets one.
  const bandColor = d.category.color ? hex(d.category.color) : palette.blueLight;
  const bandText = d.category.textColor
    ? hex(d.category.textColor)
    : d.category.color
      ? textOn(bandColor)
      : palette.blueDark;
  s.box(0, 10, W, 6.2, bandColor);
  if (!d.category.color) s.line(0, 16.2, W, 16.2, palette.line, 0.4);
  s.text((d.title ?? "Crachá de identificação").toUpperCase(), W - M, 14.2, {
    size: 5,
    font: bold,
    color: bandText,
    align: "right",
    maxWidth: 30,
    minSize: 4.2,
  });
  s.text(d.category.label.toUpperCase(), M, 14.6, {
    size: 9,
    font: bold,
    color: bandText,
    maxWidth: W - 2 * M - 32,
    minSize: 6.5,
  });

  // Photo (3 × 4).
  const py = 18.6;
  s.photo(photo, M, py, 19.5, 26);
  if (d.photoStamp) stamp(s, d.photoStamp, M + 19.5 - 2.5, py + 26 - 3);

  // QR, as large as the card allows.
  const qrSize = 28.5;
  const qx = W - M - qrSize + 0.6;
  s.qr(d.verification.qrText, qx, py - 0.3, qrSize, QR_ERROR_CORRECTION.badge);
  s.text("Aponte a câmera para verificar", qx + qrSize / 2, py + qrSize + 2.6, {
    size: 4.6,
    color: palette.muted,
    align: "center",
    maxWidth: qrSize + 2,
  });

  // Middle column: name and fields.
  const cx = M + 19.5 + 2.5;
  const cw = qx - 1.6 - cx;
  const field = (
    label: string,
    value: string,
    x: number,
    top: number,
    width: number,
    opts: { size?: number; color?: typeof palette.text } = {},
  ) => {
    s.text(label.toUpperCase(), x, top, { size: 4.5, color: palette.muted, maxWidth: width });
    s.text(value, x, top + 2.9, { size: opts.size ?? 6.8, font: bold, color: opts.color, maxWidth: width, minSize: 5 });
  };
  const widthMm = (text: string, size: number) => textWidth(bold, s.fonts.clean(text), size) / mm(1);
  const plate = d.plate ? formatPlate(d.plate) : null;
  // Registration and plate share a row when both fit side by side; otherwise one row each.
  const plateX = cx + Math.max(cw * 0.5, widthMm(d.registrationNumber, 6.8) + 2.5);
  const plateBeside = plate !== null && plateX + widthMm(plate, 6.8) <= cx + cw;
  const rows = 1 + (plate && !plateBeside ? 1 : 0) + (d.operator ? 1 : 0);

  // Fit name + rows above the bottom strip: shrink the name first, then tighten the rows.
  const budget = H - 1.2 - 1.4 - (py + 2.4) - 0.6 - 2.9;
  let layout = { size: 6, step: 5.4, lines: 2 };
  search: for (let size = 7.6; size >= 6; size -= 0.2) {
    const lines = s.lineCount(d.holderName, size, cw, bold);
    if (lines > 3) continue;
    for (const step of [6.1, 5.7, 5.4]) {
      if (lines * ((size * 1.18) / 2.835) + rows * step <= budget) {
        layout = { size, step, lines };
        break search;
      }
    }
  }
  const leading = (layout.size * 1.18) / 2.835;
  const maxLines = Math.max(1, Math.min(3, Math.floor((budget - rows * layout.step) / leading)));
  let y = s.paragraph(d.holderName, cx, py + 2.4, { size: layout.size, width: cw, font: bold, maxLines, leading });
  y += 0.6;

  if (plate && plateBeside) {
    field("Registro nº", d.registrationNumber, cx, y, plateX - cx - 1);
    field("Placa", plate, plateX, y, cx + cw - plateX);
  } else {
    field("Registro nº", d.registrationNumber, cx, y, cw);
    if (plate) {
      y += layout.step;
      field("Placa", plate, cx, y, cw);
    }
  }
  y += layout.step;
  if (d.operator) {
    field("Operadora", d.operator, cx, y, cw, { size: 6 });
    y += layout.step;
  }
  field("Válido até", formatDate(d.validUntil), cx, y, cw, { size: 8.2, color: palette.blue });

  // The typed code under the photo, kept clear of the middle column (it starts 2.5 mm right of the photo).
  s.text(d.verification.serial, M, py + 26 + 3.2, {
    size: 5.6,
    font: s.fonts.mono,
    color: palette.blueDark,
    maxWidth: 19.5 + 1,
    minSize: 3.6,
  });
  s.box(0, H - 1.2, W, 1.2, palette.blue);
}

function back(s: Sheet, d: BadgeData): void {
  const { bold } = s.fonts;
  s.box(0, 0, W, 6.8, palette.blue);
  s.text(`PREFEITURA MUNICIPAL DE ${d.issuer.municipality.toUpperCase()} – ${d.issuer.uf.toUpperCase()}`, M, 4.5, {
    size: 5.8,
    font: bold,
    color: palette.white,
    maxWidth: 52,
    minSize: 4.5,
  });
  s.text(d.category.label.toUpperCase(), W - M, 4.5, {
    size: 5.4,
    font: bold,
    color: hex("#DCE7F7"),
    align: "right",
    maxWidth: 24,
    minSize: 4.5,
  });

  const extras = d.extraFields ?? [];
  const leftW = extras.length ? 41 : W - 2 * M;
  const label = (text: string, x: number, y: number, width: number) =>
    s.text(text.toUpperCase(), x, y, { size: 4.6, font: bold, color: palette.blue, maxWidth: width });

  // Legal basis and what to carry.
  const bottom = 38.2;
  let y = 10.4;
  label("Base legal", M, y, leftW);
  y = s.paragraph(d.legalBasis, M, y + 2.5, { size: 5.2, width: leftW, maxLines: 3, leading: 2.25 });
  y += 0.6;
  if (d.mustCarry.length) {
    label("Em serviço, apresente", M, y, leftW);
    y += 2.5;
    for (const item of d.mustCarry) {
      if (y > bottom - 0.5) break;
      s.text("•", M, y, { size: 5.2, color: palette.blue });
      y = s.paragraph(item, M + 2, y, { size: 5.2, width: leftW - 2, maxLines: 2, leading: 2.25 });
    }
  }

  // Fields the law requires on the card that stay out of the token.
  if (extras.length) {
    const x = M + leftW + 2.5;
    const w = W - M - x;
    s.line(x - 1.3, 9, x - 1.3, bottom, palette.line, 0.4);
    const rowH = Math.min(5.6, (bottom - 9.6) / extras.length);
    extras.forEach((f, i) => {
      const top = 10.4 + i * rowH;
      s.text(f.label.toUpperCase(), x, top, { size: 4.4, color: palette.muted, maxWidth: w });
      s.text(f.value, x, top + 2.6, { size: 6, font: bold, maxWidth: w, minSize: 4.8 });
    });
  }

  // Verification strip: the serial to type in.
  s.box(0, 39.5, W, H - 39.5, palette.blueLight);
  s.line(0, 39.5, W, 39.5, palette.line, 0.4);
  label("Código de verificação", M, 43.2, 40);
  s.text(`Emitido em ${formatDayOf(d.issuedAt, d.issuer.timeZone)}`, W - M, 43.2, {
    size: 4.8,
    color: palette.muted,
    align: "right",
  });
  s.text(d.verification.serial, M, 48.6, {
    size: 12.5,
    font: s.fonts.mono,
    color: palette.blueDark,
    maxWidth: W - 2 * M,
    minSize: 7,
  });
  s.text(`Verifique em ${d.verification.domain}/verificar`, M, 52.2, {
    size: 5.4,
    color: palette.text,
    maxWidth: W - 2 * M,
    minSize: 4.5,
  });
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
  s.text(words.slice(0, mid).join(" "), cx, cy - 0.2, {
    size: 3.2,
    font: s.fonts.bold,
    color,
    align: "center",
    maxWidth: 2 * r - 1.8,
    minSize: 2.2,
  });
  s.text(words.slice(mid).join(" "), cx, cy + 1.4, {
    size: 3.2,
    font: s.fonts.bold,
    color,
    align: "center",
    maxWidth: 2 * r - 1.8,
    minSize: 2.2,
  });
}
