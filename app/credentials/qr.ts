/** The QR on every credential (`${baseUrl}/v/${token}`), as merged rectangles so PDFs draw vectors
 * (no PNG round-trip; STACK.md: ~8.7 ms vs ~27 ms per badge). */
import QRCode from "qrcode";

export type QrErrorCorrection = "L" | "M" | "Q" | "H";

/** Error correction per layout (ADR 002): M on A4 (sleeve glare), Q on the windshield seal (read
 * through glass, room for a big code), L on the crachá (ADR 027: keeps modules ≥ 0.5 mm on ID-1). */
export const QR_ERROR_CORRECTION = {
  badge: "L",
  certificate: "M",
  operatorCertificate: "M",
  seal: "Q",
} as const satisfies Record<string, QrErrorCorrection>;

/** Quiet zone (modules) every layout keeps clear around the code, as ISO/IEC 18004 asks. */
export const QR_QUIET_ZONE = 4;

export function verificationUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/v/${token}`;
}

interface QrMatrix {
  /** Modules per side (no quiet zone). */
  size: number;
  version: number;
  errorCorrection: QrErrorCorrection;
  /** size × size, row-major, 1 = dark. */
  modules: Uint8Array;
}

const encoder = new TextEncoder();

export function qrMatrix(text: string, errorCorrection: QrErrorCorrection = "M"): QrMatrix {
  // One byte-mode segment, what qrcode's optimiser would choose; saying so skips its search (~1.3 ms).
  const qr = QRCode.create([{ data: encoder.encode(text), mode: "byte" }], { errorCorrectionLevel: errorCorrection });
  const size = qr.modules.size;
  return { size, version: qr.version, errorCorrection, modules: Uint8Array.from(qr.modules.data) };
}

export function isDark(matrix: QrMatrix, x: number, y: number): boolean {
  return matrix.modules[y * matrix.size + x] === 1;
}

/** A dark rectangle in module units, origin at the top-left of the symbol. */
interface QrRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Covers the dark modules with few rectangles: runs per row, merged down rows of the same span. */
export function qrRects(matrix: QrMatrix): QrRect[] {
  const { size, modules } = matrix;
  const done: QrRect[] = [];
  let open = new Map<number, QrRect>(); // key: x * 1024 + w, rects that reach the previous row
  for (let y = 0; y < size; y++) {
    const next = new Map<number, QrRect>();
    let x = 0;
    while (x < size) {
      if (modules[y * size + x] !== 1) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[y * size + x] === 1) x++;
      const key = start * 1024 + (x - start);
      const above = open.get(key);
      if (above) {
        above.h++;
        open.delete(key);
        next.set(key, above);
      } else {
        next.set(key, { x: start, y, w: x - start, h: 1 });
      }
    }
    for (const rect of open.values()) done.push(rect);
    open = next;
  }
  for (const rect of open.values()) done.push(rect);
  return done;
}
