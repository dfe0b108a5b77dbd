/** The crachá's back: legal basis, fields the law wants printed but never in the token (Jardim, Lei
 * 904/1997 arts. 18 and 22, amended by Lei 951/1999), signer, and the code to type at /verificar. */
import type { BadgeData } from "./badge";
import { BADGE_MARGIN_MM as M, BADGE_WIDTH_MM as W, header, type Image } from "./badge-card";
import { hex, palette } from "./kit";
import type { Sheet } from "./sheet";
import { verificationStrip } from "./verification-strip";

export function back(s: Sheet, d: BadgeData, emblem: Image): void {
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
