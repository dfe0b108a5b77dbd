/**
 * The QR on every credential: a URL `${baseUrl}/v/${token}`, encoded by `qrcode`,
 * exposed as a module matrix and as merged rectangles so PDFs draw it as vectors
 * (no PNG round-trip; STACK.md: ~8.7 ms vs ~27 ms per badge).
 */
import QRCode from "qrcode";

export type QrErrorCorrection = "L" | "M" | "Q" | "H";

/**
 * Error correction per layout (docs/decisions/002): M on the A4 certificates
 * (plastic sleeve glare, scratches; 15 % recovery), Q on the windshield seal
 * (sun, dirt, read through glass; there is room for a big code), L on the crachá
 * (ADR 027: on an ID-1 card the module size decides whether a phone reads it at
 * arm's length; L keeps modules ≥ 0.5 mm where M would give 0.46 mm).
 */
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

export interface QrMatrix {
  /** Modules per side (no quiet zone). */
  size: number;
  version: number;
  errorCorrection: QrErrorCorrection;
  /** size × size, row-major, 1 = dark. */
  modules: Uint8Array;
}

const encoder = new TextEncoder();

export function qrMatrix(text: string, errorCorrection: QrErrorCorrection = "M"): QrMatrix {
  // A verification URL (base64url token) is best coded as one byte-mode segment, which is what
  // qrcode's segment optimiser ends up choosing too; saying so skips its graph search (~1.3 ms).
  const qr = QRCode.create([{ data: encoder.encode(text), mode: "byte" }], { errorCorrectionLevel: errorCorrection });
  const size = qr.modules.size;
  return { size, version: qr.version, errorCorrection, modules: Uint8Array.from(qr.modules.data) };
}

export function isDark(matrix: QrMatrix, x: number, y: number): boolean {
  return matrix.modules[y * matrix.size + x] === 1;
}

/** A dark rectangle in module units, origin at the top-left of the symbol. */
export interface QrRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Covers the dark modules with few rectangles: horizontal runs per row, then
 * runs with the same span on consecutive rows merged vertically (finder
 * patterns and timing columns collapse to a handful of rectangles).
 */
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
