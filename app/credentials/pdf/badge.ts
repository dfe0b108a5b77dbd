/** The crachá: an ID-1 card (85.6 × 54 mm), front and back pages, then an A4 print sheet of both
 * sides at real size (ADR 033). */
import { PDFDocument, PrintScaling } from "pdf-lib";
import { formatDate } from "../../domain/format";
import { back } from "./badge-back";
import { BADGE_HEIGHT_MM as H, BADGE_WIDTH_MM as W } from "./badge-card";
import { front } from "./badge-front";
import { collectStrings, embedFonts } from "./fonts";
import { embedPhoto, mm, setMetadata } from "./kit";
import { addPrintSheet } from "./print-sheet";
import { Sheet } from "./sheet";
import type { CategoryInfo, Emblem, IssuerInfo, LabeledValue, VerificationInfo } from "./types";

export { BADGE_HEIGHT_MM, BADGE_WIDTH_MM } from "./badge-card";

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
  /** `serial` is the crachá's one code (with its check part, ADR 014), on both sides. No other number
   * beside it (ADR 027): a different registration the law wants goes in `extraFields`, labelled. */
  verification: VerificationInfo;
  legalBasis: string;
  mustCarry: readonly string[];
  /** Printed on the back only, never in the token. */
  extraFields?: readonly LabeledValue[];
  issuedAt: Date;
}

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
  // Real size: "fit to page" would shrink the QR modules below the 0.5 mm guaranteed (ADR 027, 033).
  doc.catalog.getOrCreateViewerPreferences().setPrintScaling(PrintScaling.None);
  const sides = [doc.addPage([mm(W), mm(H)]), doc.addPage([mm(W), mm(H)])];
  front(new Sheet(sides[0], fonts), data, photo, emblem);
  back(new Sheet(sides[1], fonts), data, emblem);
  // Page 3: both sides on an A4 sheet, with crop marks and the guidance printed (ADR 033).
  await addPrintSheet(doc, fonts, sides, { width: W, height: H });
  return doc.save({ useObjectStreams: false });
}
