/** The strip at the foot of the crachá's back and the seal: the code to type at /verificar, the day of
 * issue, and where to verify. */
import { formatDayOf } from "../../domain/format";
import { palette } from "./kit";
import type { Sheet } from "./sheet";
import type { VerificationInfo } from "./types";

/** Where the strip's lines stand (baselines, mm from the top of the page) and how large they are. */
interface StripLayout {
  /** Top of the strip; it runs full width to the foot of the page. */
  top: number;
  /** Thickness of the rule along its top, pt. */
  rule: number;
  /** The heading over the code (drawn upper-case, bold, blue) and, on the same baseline, the day of issue. */
  heading: { text: string; y: number; size: number; maxWidth?: number };
  issuedSize: number;
  code: { y: number; size: number; minSize: number };
  note: { y: number; size: number; minSize: number };
}

export function verificationStrip(
  s: Sheet,
  page: { width: number; margin: number },
  d: { verification: VerificationInfo; issuedAt: Date; timeZone: string; noteSuffix?: string },
  l: StripLayout,
): void {
  const { width: W, margin: M } = page;
  s.box(0, l.top, W, s.heightMm - l.top, palette.blueLight);
  s.line(0, l.top, W, l.top, palette.line, l.rule);
  s.text(l.heading.text.toUpperCase(), M, l.heading.y, {
    size: l.heading.size,
    font: s.fonts.bold,
    color: palette.blue,
    maxWidth: l.heading.maxWidth,
  });
  s.text(`Emitido em ${formatDayOf(d.issuedAt, d.timeZone)}`, W - M, l.heading.y, {
    size: l.issuedSize,
    color: palette.muted,
    align: "right",
  });
  s.text(d.verification.serial, M, l.code.y, {
    size: l.code.size,
    font: s.fonts.mono,
    color: palette.blueDark,
    maxWidth: W - 2 * M,
    minSize: l.code.minSize,
  });
  s.text(`Verifique em ${d.verification.domain}/verificar${d.noteSuffix ?? ""}`, M, l.note.y, {
    size: l.note.size,
    color: palette.text,
    maxWidth: W - 2 * M,
    minSize: l.note.minSize,
  });
}
