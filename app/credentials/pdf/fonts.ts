/** Fonts for the credential PDFs: Helvetica (nothing embedded) while all text fits WinAnsi, else
 * the whole document in a DejaVu subset, so typography stays uniform; what DejaVu lacks prints "?". */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { type PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";

export interface FontSet {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
  /** true when the embedded DejaVu subset is in use. */
  unicode: boolean;
  /** Makes any text safe to draw with this set (NFC, no controls, unknown glyphs → "?"). */
  clean(text: string): string;
}

// cp1252 code points in 0x80–0x9F that WinAnsi maps (the rest of 0x20–0xFF is Latin-1).
const WINANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018,
  0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

function isWinAnsi(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WINANSI_EXTRA.has(cp)) continue;
    return false;
  }
  return true;
}

/** NFC, controls and line breaks → single spaces, trimmed. */
function normalizeText(text: string): string {
  return String(text ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type FontkitFont = ReturnType<typeof fontkit.create>;

interface UnicodeFace {
  bytes: Uint8Array;
  /** Parsed once, only to ask which characters the face covers. */
  font: FontkitFont;
}

let faces: { regular: UnicodeFace; bold: UnicodeFace; mono: UnicodeFace } | null = null;

/** DejaVu bytes, read once per process but parsed per document: a shared fontkit font corrupts later
 * documents' ToUnicode map ("bell" extracted as "b4ll"). */
function unicodeFaces() {
  if (!faces) {
    const require = createRequire(import.meta.url);
    const dir = require.resolve("dejavu-fonts-ttf/package.json").replace(/package\.json$/, "ttf/");
    const load = (file: string): UnicodeFace => {
      const bytes = withoutTables(new Uint8Array(readFileSync(dir + file)), LAYOUT_TABLES);
      return { bytes, font: fontkit.create(bytes) };
    };
    // Condensed: its widths are close to Helvetica's, so layouts fit the same way.
    faces = {
      regular: load("DejaVuSansCondensed.ttf"),
      bold: load("DejaVuSansCondensed-Bold.ttf"),
      mono: load("DejaVuSansMono-Bold.ttf"),
    };
  }
  return faces;
}

/** OpenType layout tables, dropped: pdf-lib draws without GPOS yet measures through full shaping
 * (tens of ms per document). Without them the drawing is the same, widths match it, at a fraction
 * of the time; text is NFC, so accented letters need no marks. */
const LAYOUT_TABLES = new Set(["GSUB", "GPOS", "GDEF", "kern", "morx", "mort", "feat", "MATH", "FFTM"]);

/** An sfnt font copied without the given tables and with a name-less 'post' (checksums left: unread). */
function withoutTables(font: Uint8Array, drop: ReadonlySet<string>): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = view.getUint16(4);
  const tables: Array<{ tag: string; checksum: number; data: Uint8Array }> = [];
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(font[rec], font[rec + 1], font[rec + 2], font[rec + 3]);
    if (drop.has(tag)) continue;
    const offset = view.getUint32(rec + 8);
    let data = font.subarray(offset, offset + view.getUint32(rec + 12));
    if (tag === "post" && data.length > 32) {
      // Version 3, no glyph names: else pdf-lib decodes ~6,000 of them per document for the italic angle.
      data = data.slice(0, 32);
      new DataView(data.buffer, data.byteOffset, 32).setUint32(0, 0x00030000);
    }
    tables.push({ tag, checksum: view.getUint32(rec + 4), data });
  }
  const headerSize = 12 + tables.length * 16;
  const size = tables.reduce((n, t) => n + ((t.data.length + 3) & ~3), headerSize);
  const out = new Uint8Array(size);
  const w = new DataView(out.buffer);
  const pow2 = 2 ** Math.floor(Math.log2(tables.length));
  w.setUint32(0, view.getUint32(0));
  w.setUint16(4, tables.length);
  w.setUint16(6, pow2 * 16);
  w.setUint16(8, Math.log2(pow2));
  w.setUint16(10, tables.length * 16 - pow2 * 16);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const rec = 12 + i * 16;
    for (let k = 0; k < 4; k++) out[rec + k] = t.tag.charCodeAt(k);
    w.setUint32(rec + 4, t.checksum);
    w.setUint32(rec + 8, offset);
    w.setUint32(rec + 12, t.data.length);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

/** Embeds a document's fonts for every string it will draw; monospace stays Courier unless it can't. */
export async function embedFonts(
  doc: PDFDocument,
  texts: readonly string[],
  monoTexts: readonly string[] = [],
): Promise<FontSet> {
  const needUnicode = texts.some((t) => !isWinAnsi(normalizeText(t)));
  const needUnicodeMono = monoTexts.some((t) => !isWinAnsi(normalizeText(t)));
  if (needUnicode || needUnicodeMono) doc.registerFontkit(fontkit);

  let regular: PDFFont;
  let bold: PDFFont;
  if (needUnicode) {
    const f = unicodeFaces();
    // Fixed subset tags keep the output stable from one rendering to the next.
    regular = await doc.embedFont(f.regular.bytes, { subset: true, customName: "CREDAA+DejaVuSansCondensed" });
    bold = await doc.embedFont(f.bold.bytes, { subset: true, customName: "CREDAB+DejaVuSansCondensed-Bold" });
  } else {
    regular = doc.embedStandardFont(StandardFonts.Helvetica);
    bold = doc.embedStandardFont(StandardFonts.HelveticaBold);
  }
  const mono = needUnicodeMono
    ? await doc.embedFont(unicodeFaces().mono.bytes, { subset: true, customName: "CREDAC+DejaVuSansMono-Bold" })
    : doc.embedStandardFont(StandardFonts.CourierBold);

  const coverage = needUnicode ? unicodeFaces().regular.font : null;
  const clean = (text: string): string => {
    const t = normalizeText(text);
    if (!coverage) return isWinAnsi(t) ? t : [...t].map((ch) => (isWinAnsi(ch) ? ch : "?")).join("");
    return [...t].map((ch) => (coverage.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : "?")).join("");
  };
  return { regular, bold, mono, unicode: needUnicode, clean };
}

/** Every string inside plain data (for the WinAnsi decision); bytes and non-strings are skipped. */
export function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value && typeof value === "object" && !(value instanceof Uint8Array) && !(value instanceof Date)) {
    for (const v of Object.values(value)) collectStrings(v, out);
  }
  return out;
}
