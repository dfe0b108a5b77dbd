/** The windshield's selo de vistoria (Lavras, Lei 4.544/2019 art. 10 § 2º; Itaúna, Lei 4.785/2013
 * art. 8º, V), read from outside the car: the validity date is the largest thing on it. */
import { concatTransformationMatrix, PDFDocument } from "pdf-lib";
import { formatDate, formatPlate } from "../../domain/format";
import { QR_ERROR_CORRECTION } from "../qr";
import { collectStrings, embedFonts } from "./fonts";
import { embedPhoto, hex, mm, palette, setMetadata, textOn } from "./kit";
import { Sheet } from "./sheet";
import type { CategoryInfo, Emblem, IssuerInfo, VerificationInfo } from "./types";
import { verificationStrip } from "./verification-strip";

export interface SealData extends Emblem {
  issuer: IssuerInfo;
  category?: CategoryInfo | null;
  /** The vehicle's registration code in the municipality. */
  registrationCode: string;
  plate: string;
  /** Last day the vistoria is valid, YYYY-MM-DD. */
  vistoriaValidUntil: string;
  legalBasis?: string | null;
  verification: VerificationInfo;
  issuedAt: Date;
  /** Side of the square, mm (default 100). */
  sizeMm?: number;
}

const BASE = 100; // the layout is drawn for 100 mm and scaled

export async function renderSeal(data: SealData): Promise<Uint8Array> {
  const side = data.sizeMm ?? BASE;
  const k = side / BASE;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, collectStrings({ ...data, coatOfArms: null }), [data.verification.serial]);
  const emblem = await embedPhoto(doc, data.coatOfArms);
  setMetadata(
    doc,
    {
      title: `Selo de vistoria ${data.verification.serial}`,
      subject: `Veículo ${formatPlate(data.plate)} – vistoria válida até ${formatDate(data.vistoriaValidUntil)}`,
      author: `Prefeitura Municipal de ${data.issuer.municipality} – ${data.issuer.uf}`,
      keywords: [data.verification.serial, formatPlate(data.plate), "selo de vistoria"],
      issuedAt: data.issuedAt,
    },
    fonts.clean,
  );
  const page = doc.addPage([mm(side), mm(side)]);
  // The layout is drawn on a 100 mm grid; other sizes scale it as a whole.
  if (k !== 1) page.pushOperators(concatTransformationMatrix(k, 0, 0, k, 0, 0));
  draw(new Sheet(page, fonts, BASE), data, emblem);
  return doc.save({ useObjectStreams: false });
}

function draw(s: Sheet, d: SealData, emblem: Awaited<ReturnType<typeof embedPhoto>>): void {
  const { bold } = s.fonts;
  const W = BASE;
  const M = 5;
  // Header, with the coat of arms on a white tile at the right when the municipality has one.
  s.box(0, 0, W, 17, palette.blue);
  const hw = emblem ? W - 2 * M - 15 : W - 2 * M;
  if (emblem) {
    s.box(W - M - 13, 2, 13, 13, palette.white);
    s.emblem(emblem, W - M - 12.4, 2.6, 11.8, 11.8);
  }
  s.text("SELO DE VISTORIA", M, 9.2, { size: 19, font: bold, color: palette.white, maxWidth: hw });
  const place = `PREFEITURA MUNICIPAL DE ${d.issuer.municipality.toUpperCase()} – ${d.issuer.uf.toUpperCase()}`;
  s.text(d.issuer.authority ? `${place} · ${d.issuer.authority}` : place, M, 14.4, {
    size: 8,
    font: bold,
    color: hex("#DCE7F7"),
    maxWidth: hw,
    minSize: 5.2,
  });
  // Category band.
  let top = 17;
  if (d.category) {
    const band = d.category.color ? hex(d.category.color) : palette.blueLight;
    s.box(0, 17, W, 7, band);
    s.text(d.category.label.toUpperCase(), W / 2, 22.3, {
      size: 11,
      font: bold,
      color: d.category.color ? textOn(band) : palette.blueDark,
      align: "center",
      maxWidth: W - 2 * M,
    });
    top = 24;
  }

  // Left column: what a fiscal reads from a distance.
  const qrSize = 47;
  const qx = W - M - qrSize;
  const qy = top + 5;
  const lw = qx - 3 - M - 2;
  let y = top + 8.5;
  const field = (label: string, value: string, size: number, color = palette.text) => {
    s.text(label, M, y, { size: 7, font: bold, color: palette.muted, maxWidth: lw });
    s.text(value, M, y + size / 2.835 + 1.2, { size, font: bold, color, maxWidth: lw, minSize: size * 0.55 });
    y += size / 2.835 + 8.5;
  };
  field("VISTORIA VÁLIDA ATÉ", formatDate(d.vistoriaValidUntil), 22, palette.blue);
  field("PLACA", formatPlate(d.plate), 17);
  field("REGISTRO", d.registrationCode, 13);

  s.qr(d.verification.qrText, qx, qy, qrSize, QR_ERROR_CORRECTION.seal);

  // Bottom strip: serial for typing in, where to verify, legal basis.
  const signed = d.issuer.signatory ? ` · ${d.issuer.signatory.name}, ${d.issuer.signatory.role}` : "";
  verificationStrip(
    s,
    { width: W, margin: M },
    {
      verification: d.verification,
      issuedAt: d.issuedAt,
      timeZone: d.issuer.timeZone,
      noteSuffix: `${d.legalBasis ? ` · ${d.legalBasis}` : ""}${signed}`,
    },
    {
      top: 80,
      rule: 0.5,
      heading: { text: "Código", y: 85, size: 6.5 },
      issuedSize: 6.5,
      code: { y: 91.6, size: 15, minSize: 9 },
      note: { y: 96.5, size: 6.5, minSize: 5 },
    },
  );
}
