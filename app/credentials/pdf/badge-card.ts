/** The crachá's geometry and the blue header both its sides begin with. */
import type { BadgeData } from "./badge";
import { type embedPhoto, hex, palette } from "./kit";
import type { Sheet } from "./sheet";

export const BADGE_WIDTH_MM = 85.6;
export const BADGE_HEIGHT_MM = 54;
export const BADGE_MARGIN_MM = 3.5;

/** The front's QR: 37 mm at correction L, so a URL of up to 458 bytes (version 14) prints at ≥ 0.5 mm
 * per module (ADR 027). Its quiet zone ends at the card's right edge. */
export const BADGE_QR = { x: 46.4, y: 11.7, size: 37 } as const;

export type Image = Awaited<ReturnType<typeof embedPhoto>>;

const W = BADGE_WIDTH_MM;
const M = BADGE_MARGIN_MM;

/** The blue header: coat of arms (when set), the municipality and the secretaria. */
export function header(s: Sheet, d: BadgeData, emblem: Image, h: number, width: number): void {
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
