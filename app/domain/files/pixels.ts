// Pixel-flood defence: a 50 000 × 50 000 PNG compresses to a few kilobytes and decodes to
// 7.5 GB. Dimensions are read from the header alone, before any decoder sees the file.

export const PIXEL_LIMITS = { maxSide: 12_000, maxPixels: 40_000_000 } as const;
type PixelLimits = { maxSide: number; maxPixels: number };

type ImageSize =
  | { kind: "ok"; width: number; height: number }
  | { kind: "incomplete" } // the header goes on past the bytes given
  | { kind: "invalid" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's IHDR chunk or a JPEG's SOFn segment. */
export function readImageSize(head: Uint8Array, mime: "image/jpeg" | "image/png"): ImageSize {
  return mime === "image/png" ? readPngSize(head) : readJpegSize(head);
}

function readPngSize(b: Uint8Array): ImageSize {
  if (b.length < 24) {
    const prefixOk = PNG_SIGNATURE.every((v, i) => i >= b.length || b[i] === v);
    return prefixOk ? { kind: "incomplete" } : { kind: "invalid" };
  }
  if (!PNG_SIGNATURE.every((v, i) => b[i] === v)) return { kind: "invalid" };
  // The first chunk must be IHDR (length 13): width and height are big-endian u32.
  if (u32(b, 8) !== 13 || String.fromCharCode(b[12], b[13], b[14], b[15]) !== "IHDR") return { kind: "invalid" };
  const width = u32(b, 16);
  const height = u32(b, 20);
  return width > 0 && height > 0 ? { kind: "ok", width, height } : { kind: "invalid" };
}

// Start-of-frame markers: C0–CF except C4 (DHT), C8 (JPG extension) and CC (DAC).
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function readJpegSize(b: Uint8Array): ImageSize {
  if (b.length < 2) return { kind: "incomplete" };
  if (b[0] !== 0xff || b[1] !== 0xd8) return { kind: "invalid" };
  let i = 2;
  while (true) {
    if (i + 1 >= b.length) return { kind: "incomplete" };
    if (b[i] !== 0xff) return { kind: "invalid" };
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // TEM, RSTn, SOI: no length field
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return { kind: "invalid" }; // image data before any frame
    if (i + 4 > b.length) return { kind: "incomplete" };
    const length = u16(b, i + 2);
    if (length < 2) return { kind: "invalid" };
    if (isSof(marker)) {
      if (i + 9 > b.length) return { kind: "incomplete" };
      const height = u16(b, i + 5);
      const width = u16(b, i + 7);
      // Height 0 means "defined later by a DNL marker": legal, rare, and not worth trusting.
      return width > 0 && height > 0 ? { kind: "ok", width, height } : { kind: "invalid" };
    }
    i += 2 + length;
  }
}

type PixelVerdict = { ok: true } | { ok: false; reason: "side" | "pixels" };

export function checkPixelLimits(
  size: { width: number; height: number },
  limits: PixelLimits = PIXEL_LIMITS,
): PixelVerdict {
  if (size.width > limits.maxSide || size.height > limits.maxSide) return { ok: false, reason: "side" };
  if (size.width * size.height > limits.maxPixels) return { ok: false, reason: "pixels" };
  return { ok: true };
}

const u16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32 = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
