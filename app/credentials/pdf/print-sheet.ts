/** The crachá's print sheet (ADR 033): both sides at real size on A4, with crop marks, the guidance
 * and a 5 cm control line, since a printer that "fits to page" shrinks the QR below 0.5 mm per
 * module (ADR 027). The ID-1 pages stay for card printers. */
import type { PDFDocument, PDFPage } from "pdf-lib";
import { A4_HEIGHT_MM, A4_WIDTH_MM } from "./a4";
import type { FontSet } from "./fonts";
import { mm, palette } from "./kit";
import { Sheet } from "./sheet";

/** The guidance, as printed on the sheet. */
const PRINT_GUIDANCE = "Imprima em tamanho real (100%), não ajuste à página.";
const CUT_GUIDANCE = "Recorte nas marcas, cole frente e verso e plastifique.";
const CONTROL_LINE_MM = 50;
const CONTROL_GUIDANCE = `Esta linha deve medir ${CONTROL_LINE_MM / 10} cm. Se medir menos, a impressora reduziu o crachá: imprima de novo em 100%.`;

/** Crop marks: 5 mm long, 2 mm away from the card's edge, outside it. */
export const CROP_MARK = { length: 5, gap: 2 } as const;

/** Where each side of the card lies on the sheet (top-left corner, mm). */
export function cardPlacements(card: { width: number; height: number }): { x: number; y: number }[] {
  const x = (A4_WIDTH_MM - card.width) / 2;
  return [
    { x, y: 62 },
    { x, y: 62 + card.height + 24 },
  ];
}

/** Adds the A4 sheet with `cards` (the front and back pages, already drawn) placed at real size. */
export async function addPrintSheet(
  doc: PDFDocument,
  fonts: FontSet,
  cards: PDFPage[],
  card: { width: number; height: number },
): Promise<void> {
  const embedded = await doc.embedPages(cards);
  const s = new Sheet(doc.addPage([mm(A4_WIDTH_MM), mm(A4_HEIGHT_MM)]), fonts);
  const left = 20;
  const width = A4_WIDTH_MM - 2 * left;
  s.text("CRACHÁ — FOLHA PARA IMPRESSÃO", left, 22, { size: 12, font: fonts.bold, color: palette.blueDark });
  s.box(left, 27, width, 11, palette.blueLight);
  s.text(PRINT_GUIDANCE, A4_WIDTH_MM / 2, 34.4, {
    size: 11,
    font: fonts.bold,
    maxWidth: width - 4,
    minSize: 8,
    align: "center",
  });
  s.text(CUT_GUIDANCE, A4_WIDTH_MM / 2, 46, { size: 9, color: palette.muted, align: "center", maxWidth: width });

  const labels = ["Frente", "Verso"];
  cardPlacements(card).forEach((at, i) => {
    const page = embedded[i];
    if (!page) return;
    s.text(labels[i], at.x, at.y - CROP_MARK.gap - CROP_MARK.length - 1.5, { size: 8, color: palette.muted });
    s.page.drawPage(page, {
      x: mm(at.x),
      y: mm(A4_HEIGHT_MM - at.y - card.height),
      width: mm(card.width),
      height: mm(card.height),
    });
    cropMarks(s, at.x, at.y, card.width, card.height);
  });

  // The control line: 5 cm between two ticks, to be measured on the paper.
  const y = cardPlacements(card)[1].y + card.height + 22;
  const x = (A4_WIDTH_MM - CONTROL_LINE_MM) / 2;
  s.line(x, y, x + CONTROL_LINE_MM, y, palette.black, 0.75);
  for (const tick of [x, x + CONTROL_LINE_MM]) s.line(tick, y - 2, tick, y + 2, palette.black, 0.75);
  s.text(CONTROL_GUIDANCE, A4_WIDTH_MM / 2, y + 7, { size: 8, color: palette.muted, align: "center", maxWidth: width });
}

/** Eight marks, two at each corner, extending the card's edges outwards. */
function cropMarks(s: Sheet, x: number, y: number, w: number, h: number): void {
  const { length, gap } = CROP_MARK;
  const thin = 0.35;
  for (const cx of [x, x + w]) {
    s.line(cx, y - gap - length, cx, y - gap, palette.black, thin);
    s.line(cx, y + h + gap, cx, y + h + gap + length, palette.black, thin);
  }
  for (const cy of [y, y + h]) {
    s.line(x - gap - length, cy, x - gap, cy, palette.black, thin);
    s.line(x + w + gap, cy, x + w + gap + length, cy, palette.black, thin);
  }
}
