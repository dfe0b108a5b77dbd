/**
 * The crachá: ID-1 card (85.6 × 54 mm, ISO/IEC 7810), two pages, then an A4 print sheet with
 * both sides at real size, crop marks and the print guidance (./print-sheet, ADR 033).
 * Front — what a passenger sees on the uniform and compares: coat of arms, municipality and
 * secretaria, category (law colour), photo, name, validity, plate, the one code, operator, and
 * the QR at ≥ 0.5 mm per module (ADR 027).
 * Back — legal basis, what the bearer must carry, fields the law wants printed
 * but never put in the token (Jardim, Lei 904/1997 arts. 18 and 22 as amended by
 * Lei 951/1999: company, motorcycle control number, documents, blood type), the
 * signing authority, and the same code in large monospace for typing in at /verificar.
 */
import { PDFDocument, PrintScaling, rgb, type RGB } from "pdf-lib";
import { QR_ERROR_CORRECTION } from "../qr";
import { collectStrings, embedFonts } from "./fonts";
import { embedPhoto, hex, mm, palette, setMetadata, Sheet, textOn } from "./kit";
import { addPrintSheet } from "./print-sheet";
import { verificationStrip } from "./verification-strip";
import { formatDate, formatPlate } from "../../domain/format";
import type { CategoryInfo, Emblem, IssuerInfo, LabeledValue, VerificationInfo } from "./types";

export const BADGE_WIDTH_MM = 85.6;
export const BADGE_HEIGHT_MM = 54;

export interface BadgeData extends Emblem {
  issuer: IssuerInfo;
  /** Default "CRACHÁ DE IDENTIFICAÇÃO". */
  title?: string;
  category: CategoryInfo & { textColor?: string | null };
  holderName: string;
  /** JPEG or PNG bytes. Issuance refuses a crachá without an accepted photo; null here only draws a neutral placeholder. */
  photo: Uint8Array | null;
  /** Text of the stamp drawn over the photo's corner where the law asks for a stamped photo (Jardim, art. 18). */
  photoStamp?: string | null;
  plate?: string | null;
  operator?: string | null;
  validFrom: string;
  validUntil: string;
  /**
   * `serial` is the crachá's one code (its own serial plus the check part, ADR 014): printed as the
   * registration on the front and as the code to type on the back. No other number is printed
   * beside it (ADR 027); a registration the law wants that differs goes in `extraFields`, labelled.
   */
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

/**
 * The QR on the front, where a passenger sees it on the uniform: 37 mm at error correction L, so
 * a verification URL of up to 458 bytes (version 14, 73 modules) prints at ≥ 0.5 mm per module
 * (ADR 027). Its 4-module quiet zone ends at the card's right edge.
 */
export const BADGE_QR = { x: 46.4, y: 11.7, size: 37 } as const;

export async function renderBadge(data: BadgeData): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, collectStrings({ ...data, photo: null, coatOfArms: null }), [
    data.verification.serial,
  ]);
  const photo = await embedPhoto(doc, data.photo);
  const emblem = await embedPhoto(doc, data.coatOfArms);
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
  // Print at real size: a viewer that honours it does not "fit to page", which would shrink the
  // card and its QR modules below the 0.5 mm the layout guarantees (the guidance in words is the
  // wallet's and the print sheet's: ADR 027, ADR 033).
  doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
  const sides = [doc.addPage([mm(W), mm(H)]), doc.addPage([mm(W), mm(H)])];
  front(new Sheet(sides[0], fonts), data, photo, emblem);
  back(new Sheet(sides[1], fonts), data, emblem);
  // Page 3: both sides on an A4 sheet, with crop marks and the guidance printed (ADR 033).
  await addPrintSheet(doc, fonts, sides, { width: W, height: H });
  return doc.save({ useObjectStreams: false });
}

type Image = Awaited<ReturnType<typeof embedPhoto>>;

/** The blue header: coat of arms (when set), the municipality and the secretaria. */
function header(s: Sheet, d: BadgeData, emblem: Image, h: number, width: number): void {
  s.box(0, 0, W, h, palette.blue);
  let x = M;
  if (emblem) {
    s.box(1.6, 0.9, h - 1.8, h - 1.8, palette.white);
    s.emblem(emblem, 1.9, 1.2, h - 2.4, h - 2.4);
    x = h + 0.6;
  }
  const two = Boolean(d.issuer.authority);
  s.text(
    `PREFEITURA MUNICIPAL DE ${d.issuer.municipality.toUpperCase()} – ${d.issuer.uf.toUpperCase()}`,
    x,
    two ? h / 2 - 0.2 : h / 2 + 1,
    {
      size: 6,
      font: s.fonts.bold,
      color: palette.white,
      maxWidth: width - x,
      minSize: 4.4,
    },
  );
  if (d.issuer.authority)
    s.text(d.issuer.authority, x, h / 2 + 2.9, { size: 4.8, color: hex("#DCE7F7"), maxWidth: width - x, minSize: 3.8 });
}

function front(s: Sheet, d: BadgeData, photo: Image, emblem: Image): void {
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

function back(s: Sheet, d: BadgeData, emblem: Image): void {
  const { bold } = s.fonts;
  header(s, d, emblem, 7.5, W - M - 22);
  s.text(d.category.label.toUpperCase(), W - M, 4.9, {
    size: 5.2,
    font: bold,
    color: hex("#DCE7F7"),
    align: "right",
    maxWidth: 21,
    minSize: 4.2,
  });

  const extras = d.extraFields ?? [];
  const leftW = extras.length ? 41 : W - 2 * M;
  const label = (text: string, x: number, y: number, width: number) =>
    s.text(text.toUpperCase(), x, y, { size: 4.6, font: bold, color: palette.blue, maxWidth: width });

  // Legal basis and what to carry; the signing authority at the foot of the column.
  const signatory = d.issuer.signatory;
  const bottom = signatory ? 32.4 : 38.2;
  let y = 10.6;
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
  if (signatory) {
    s.line(M, 33.6, M + leftW, 33.6, palette.line, 0.4);
    s.text(signatory.name, M, 35.8, { size: 4.8, font: bold, maxWidth: leftW, minSize: 3.8 });
    s.text(signatory.role, M, 38, { size: 4.4, color: palette.muted, maxWidth: leftW, minSize: 3.6 });
  }

  // Fields the law requires on the card that stay out of the token.
  if (extras.length) {
    const x = M + leftW + 2.5;
    const w = W - M - x;
    s.line(x - 1.3, 9.4, x - 1.3, 38.2, palette.line, 0.4);
    const rowH = Math.min(5.6, (38.2 - 9.8) / extras.length);
    extras.forEach((f, i) => {
      const top = 10.6 + i * rowH;
      s.text(f.label.toUpperCase(), x, top, { size: 4.4, color: palette.muted, maxWidth: w });
      s.text(f.value, x, top + 2.6, { size: 6, font: bold, maxWidth: w, minSize: 4.8 });
    });
  }

  // Verification strip: the same code, large, to type in.
  verificationStrip(
    s,
    { width: W, margin: M },
    { verification: d.verification, issuedAt: d.issuedAt, timeZone: d.issuer.timeZone },
    {
      top: 39.5,
      rule: 0.4,
      heading: { text: "Código de verificação", y: 43.2, size: 4.6, maxWidth: 40 },
      issuedSize: 4.8,
      code: { y: 48.6, size: 12.5, minSize: 7 },
      note: { y: 52.2, size: 5.4, minSize: 4.5 },
    },
  );
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
