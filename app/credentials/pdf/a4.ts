/** The frame shared by the A4 certificates (driver/vehicle and operator). */
import { PDFDocument, type PDFImage } from "pdf-lib";
import { formatDate, formatDayOf } from "../../domain/format";
import { QR_ERROR_CORRECTION, type QrErrorCorrection } from "../qr";
import { collectStrings, embedFonts } from "./fonts";
import { embedPhoto, hex, mm, palette, setMetadata, textOn, textWidth } from "./kit";
import { Sheet } from "./sheet";
import type { CategoryInfo, Emblem, IssuerInfo, LabeledValue, Signatory, VerificationInfo } from "./types";

export const A4_WIDTH_MM = 210;
export const A4_HEIGHT_MM = 297;
const W = A4_WIDTH_MM;
const H = A4_HEIGHT_MM;
const M = 20;

interface A4Certificate extends Emblem {
  issuer: IssuerInfo;
  title: string;
  category: CategoryInfo;
  statement: string;
  fields: readonly LabeledValue[];
  validFrom: string;
  validUntil: string;
  legalBasis: string;
  verification: VerificationInfo;
  signatory?: Signatory | null;
  issuedAt: Date;
  meta: { subject: string; keywords: string[] };
  qrErrorCorrection?: QrErrorCorrection;
}

export async function renderA4Certificate(c: A4Certificate): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, collectStrings({ ...c, qrErrorCorrection: null, coatOfArms: null }), [
    c.verification.serial,
  ]);
  const emblem = await embedPhoto(doc, c.coatOfArms);
  const place = `${c.issuer.municipality} – ${c.issuer.uf}`;
  setMetadata(
    doc,
    {
      title: `${c.title} ${c.verification.serial}`,
      subject: c.meta.subject,
      author: `Prefeitura Municipal de ${place}`,
      keywords: c.meta.keywords,
      issuedAt: c.issuedAt,
    },
    fonts.clean,
  );
  const s = new Sheet(doc.addPage([mm(W), mm(H)]), fonts);
  header(s, c, emblem, place);
  const y = titleAndStatement(s, c);
  fieldGrid(s, c, y);
  verificationBox(s, c);
  signatureAndFooter(s, c, place);
  return doc.save({ useObjectStreams: false });
}

/** Where the verification box begins: the field grid tightens to end above it. */
const BOX_TOP = 196;

/** Header, after the coat of arms when the municipality has one. */
function header(s: Sheet, c: A4Certificate, emblem: PDFImage | null, place: string): void {
  s.box(0, 0, W, 5, palette.blue);
  s.emblem(emblem, M, 11, 20, 20);
  const hx = emblem ? M + 24 : M;
  s.text(`PREFEITURA MUNICIPAL DE ${c.issuer.municipality.toUpperCase()}`, hx, 22, {
    size: 17,
    font: s.fonts.bold,
    color: palette.blueDark,
    maxWidth: W - M - hx,
    minSize: 11,
  });
  s.text(c.issuer.authority ? `${c.issuer.authority} · ${place}` : place, hx, 29, {
    size: 10.5,
    color: palette.muted,
    maxWidth: W - M - hx,
    minSize: 8,
  });
  s.line(M, 34, W - M, 34, palette.blue, 1.2);
}

/** Title, category and statement; returns where the field grid begins. */
function titleAndStatement(s: Sheet, c: A4Certificate): number {
  const { bold } = s.fonts;
  let y = s.paragraph(c.title.toUpperCase(), M, 50, {
    size: 19,
    width: W - 2 * M,
    font: bold,
    color: palette.blue,
    maxLines: 2,
    align: "center",
    leading: 8.5,
  });
  const band = c.category.color ? hex(c.category.color) : palette.blueLight;
  const label = s.fonts.clean(c.category.label.toUpperCase());
  const pillW = Math.min(W - 2 * M, textWidth(bold, label, 11) / 2.835 + 14);
  s.box(W / 2 - pillW / 2, y - 4.5, pillW, 8.5, band, c.category.color ? {} : { border: palette.line });
  s.text(label, W / 2, y + 1.4, {
    size: 11,
    font: bold,
    color: c.category.color ? textOn(band) : palette.blueDark,
    align: "center",
    maxWidth: pillW - 4,
  });
  y += 14;
  y = s.paragraph(c.statement, M, y, { size: 11.5, width: W - 2 * M, leading: 6, maxLines: 6 });
  return y + 4;
}

/** Field grid in two columns (rows tighten to stay above the verification box), then the legal basis. */
function fieldGrid(s: Sheet, c: A4Certificate, gridTop: number): void {
  const { bold } = s.fonts;
  const colW = (W - 2 * M - 8) / 2;
  const fields = [
    ...c.fields,
    { label: "Validade", value: `${formatDate(c.validFrom)} a ${formatDate(c.validUntil)}` },
  ];
  const rows = Math.ceil(fields.length / 2);
  const legalLines = Math.min(3, s.lineCount(c.legalBasis, 10, W - 2 * M));
  const legalH = 5.5 + legalLines * 5;
  const rowH = Math.max(11, Math.min(15, (BOX_TOP - 8 - legalH - gridTop - 2) / rows));
  fields.forEach((f, i) => {
    const wide = fields.length % 2 === 1 && i === fields.length - 1;
    const col = wide ? 0 : i % 2;
    const x = M + col * (colW + 8);
    const top = gridTop + Math.floor(i / 2) * rowH;
    const width = wide ? W - 2 * M : colW;
    s.line(x, top - 4.5, x + width, top - 4.5, palette.line, 0.6);
    s.text(f.label.toUpperCase(), x, top, { size: 8, font: bold, color: palette.muted, maxWidth: width });
    s.text(f.value, x, top + 6, {
      size: 12.5,
      font: bold,
      color: f.label === "Validade" ? palette.blue : palette.text,
      maxWidth: width,
      minSize: 8,
    });
  });
  const y = gridTop + rows * rowH + 2;
  s.text("BASE LEGAL", M, y, { size: 8, font: bold, color: palette.muted });
  s.paragraph(c.legalBasis, M, y + 5.5, { size: 10, width: W - 2 * M, maxLines: 3, leading: 5 });
}

/** The QR beside how to verify and the code to type in. */
function verificationBox(s: Sheet, c: A4Certificate): void {
  const boxH = 56;
  s.box(M, BOX_TOP, W - 2 * M, boxH, palette.blueLight, { border: palette.line, borderWidth: 0.6 });
  const qrSize = 44;
  s.qr(c.verification.qrText, M + 6, BOX_TOP + 6, qrSize, c.qrErrorCorrection ?? QR_ERROR_CORRECTION.certificate);
  const tx = M + 6 + qrSize + 10;
  const tw = W - M - 6 - tx;
  s.text("AUTENTICIDADE E SITUAÇÃO", tx, BOX_TOP + 11, {
    size: 9,
    font: s.fonts.bold,
    color: palette.blue,
    maxWidth: tw,
  });
  let ty = s.paragraph(
    `Documento assinado digitalmente. Aponte a câmera do celular para o código QR, ou acesse ${c.verification.domain}/verificar e digite o código abaixo, para confirmar que é autêntico e está em vigor.`,
    tx,
    BOX_TOP + 17.5,
    { size: 9.5, width: tw, leading: 4.7, maxLines: 5 },
  );
  ty += 1.5;
  s.text("CÓDIGO", tx, ty, { size: 7.5, font: s.fonts.bold, color: palette.muted });
  s.text(c.verification.serial, tx, ty + 8, {
    size: 18,
    font: s.fonts.mono,
    color: palette.blueDark,
    maxWidth: tw,
    minSize: 10,
  });
}

/** Place and date, the signature, and the footer. */
function signatureAndFooter(s: Sheet, c: A4Certificate, place: string): void {
  const sy = 272;
  s.text(`${place}, ${formatDayOf(c.issuedAt, c.issuer.timeZone)}.`, M, 264, { size: 10.5, color: palette.text });
  if (c.signatory) {
    s.line(W - M - 75, sy - 4, W - M, sy - 4, palette.text, 0.6);
    s.text(c.signatory.name, W - M - 37.5, sy, {
      size: 10,
      font: s.fonts.bold,
      align: "center",
      maxWidth: 75,
      minSize: 7,
    });
    s.text(c.signatory.role, W - M - 37.5, sy + 4.5, {
      size: 8.5,
      color: palette.muted,
      align: "center",
      maxWidth: 75,
      minSize: 6.5,
    });
  }
  s.line(M, 283, W - M, 283, palette.line, 0.6);
  s.text(
    "Emitido eletronicamente. A validade e a situação atual deste documento podem ser conferidas a qualquer tempo pelo código QR.",
    W / 2,
    288,
    {
      size: 7.5,
      color: palette.muted,
      align: "center",
      maxWidth: W - 2 * M,
      minSize: 6,
    },
  );
  s.box(0, H - 3, W, 3, palette.blue);
}
