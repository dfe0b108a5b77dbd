// A filed report as an A4 landscape PDF, drawn with the credential layouts' helpers (fonts that never
// throw on a name outside WinAnsi).
import { PDFDocument } from "pdf-lib";
import { collectStrings, embedFonts } from "~/credentials/pdf/fonts";
import { mm, palette, setMetadata, textWidth, wrap } from "~/credentials/pdf/kit";
import { formatCnpj } from "~/domain/br";
import { formatDate, formatDayOf } from "~/domain/format";
import type { ReportSnapshot } from "./operator-report-content.server";

const W = 297;
const H = 210;
const M = 12;
const SIZE = 8;
const LEADING = 3.6;

/** The line under the title: law, company, period and the day it was filed — in the municipality's zone. */
export const reportSubtitle = (s: ReportSnapshot, filedAt: Date, timeZone: string) =>
  `${s.citation} · ${s.operator.legalName} (CNPJ ${formatCnpj(s.operator.cnpj)}) · Período ${formatDate(s.periodStart)} a ${formatDate(s.periodEnd)} · Entregue em ${formatDayOf(filedAt, timeZone)}`;

export async function renderReportPdf(s: ReportSnapshot, filedAt: Date, timeZone: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, collectStrings(s));
  const { regular, bold, clean } = fonts;
  setMetadata(
    doc,
    {
      title: s.title,
      subject: `${s.operator.legalName} — ${s.periodStart} a ${s.periodEnd}`,
      author: s.operator.legalName,
      issuedAt: filedAt,
    },
    clean,
  );
  let page = doc.addPage([mm(W), mm(H)]);
  let y = 0;
  const text = (
    t: string,
    x: number,
    top: number,
    opts: { size?: number; font?: typeof regular; color?: typeof palette.text } = {},
  ) =>
    page.drawText(clean(t), {
      x: mm(x),
      y: mm(H - top),
      size: opts.size ?? SIZE,
      font: opts.font ?? regular,
      color: opts.color ?? palette.text,
    });

  const header = () => {
    page.drawRectangle({ x: 0, y: mm(H - 4), width: mm(W), height: mm(4), color: palette.blue });
    text(`PREFEITURA MUNICIPAL DE ${s.municipality.name.toUpperCase()} – ${s.municipality.uf}`, M, 12, {
      size: 11,
      font: bold,
      color: palette.blueDark,
    });
    text(s.title, M, 19, { size: 10, font: bold });
    text(reportSubtitle(s, filedAt, timeZone), M, 24.5, { size: 8, color: palette.muted });
    y = 31;
  };
  const newPage = () => {
    page = doc.addPage([mm(W), mm(H)]);
    header();
  };
  header();

  for (const table of s.tables) {
    const usable = W - 2 * M;
    // Column widths in proportion to their longest text, within bounds.
    const longest = table.columns.map((c, i) =>
      Math.max(textWidth(bold, clean(c), SIZE), ...table.rows.map((r) => textWidth(regular, clean(r[i] ?? ""), SIZE))),
    );
    const pt = longest.map((w) => Math.min(Math.max(w, 40), 260));
    const total = pt.reduce((a, b) => a + b, 0);
    const widths = pt.map((w) => (w / total) * usable);
    const drawHead = () => {
      page.drawRectangle({ x: mm(M), y: mm(H - y - 5), width: mm(usable), height: mm(5), color: palette.blueLight });
      let x = M;
      table.columns.forEach((c, i) => {
        text(wrap(clean(c), bold, SIZE, mm(widths[i] - 2), 1)[0] ?? "", x + 1, y + 3.6, { font: bold });
        x += widths[i];
      });
      y += 6;
    };
    if (y > H - 30) newPage();
    text(table.title, M, y + 3, { size: 9.5, font: bold, color: palette.blueDark });
    y += 6;
    drawHead();
    if (table.rows.length === 0) {
      text("Nenhum registro.", M + 1, y + 3, { color: palette.muted });
      y += 8;
      continue;
    }
    for (const row of table.rows) {
      const cells = row.map((v, i) => wrap(clean(v ?? ""), regular, SIZE, mm(widths[i] - 2), 6));
      const height = Math.max(1, ...cells.map((c) => c.length)) * LEADING + 1.6;
      if (y + height > H - M) {
        newPage();
        drawHead();
      }
      let x = M;
      cells.forEach((lines, i) => {
        lines.forEach((line, j) => text(line, x + 1, y + 3 + j * LEADING));
        x += widths[i];
      });
      y += height;
      page.drawLine({
        start: { x: mm(M), y: mm(H - y + 0.6) },
        end: { x: mm(W - M), y: mm(H - y + 0.6) },
        thickness: 0.3,
        color: palette.line,
      });
    }
    y += 6;
  }
  const pages = doc.getPages();
  pages.forEach((p, i) =>
    p.drawText(`${i + 1}/${pages.length}`, {
      x: mm(W - M - 8),
      y: mm(6),
      size: 7,
      font: regular,
      color: palette.muted,
    }),
  );
  return doc.save();
}
