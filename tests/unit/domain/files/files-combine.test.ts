import { deflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { combinedName, combinePages, type PagePart } from "~/domain/files/combine";
import { MAX_DOCUMENT_PAGES } from "~/domain/files/limits";
import { inspectPdf } from "~/domain/files/pdf";
import {
  concat,
  HTML,
  makeEncryptedPdf,
  makeJpeg,
  makePdf,
  makePng,
  objectStreamBomb,
} from "../../../fixtures/files/make";

const jpeg = async (width = 640, height = 480): Promise<PagePart> => ({
  mime: "image/jpeg",
  bytes: await makeJpeg({ width, height }),
});
const pdf = async (pages = 1): Promise<PagePart> => ({ mime: "application/pdf", bytes: await makePdf({ pages }) });

async function pageSizes(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((p) => p.getSize());
}

describe("combinePages: the pages of one document become one PDF", () => {
  it("two photos (an RG's front and back) become a two-page PDF that passes the intake's own check", async () => {
    const result = await combinePages([await jpeg(), await jpeg(480, 640)]);
    expect(result).toMatchObject({ ok: true, pages: 2 });
    if (!result.ok) return;
    expect(await inspectPdf(result.bytes)).toEqual({ ok: true, pages: 2 });
    // A landscape photo gets a landscape A4 page, a portrait one a portrait page.
    const [front, back] = await pageSizes(result.bytes);
    expect(front.width).toBeGreaterThan(front.height);
    expect(back.height).toBeGreaterThan(back.width);
  });

  it("keeps every page of the PDFs given, in order, beside a PNG", async () => {
    const result = await combinePages([await pdf(3), { mime: "image/png", bytes: await makePng() }, await pdf(2)]);
    expect(result).toMatchObject({ ok: true, pages: 6 });
    if (!result.ok) return;
    const sizes = await pageSizes(result.bytes);
    // makePdf's pages are 300 × 200; the PNG's page is A4.
    expect(sizes.map((s) => Math.round(s.width))).toEqual([300, 300, 300, 842, 300, 300]);
  });

  it("refuses more pages than a document may have, counting the pages inside PDFs", async () => {
    expect(await combinePages([await pdf(MAX_DOCUMENT_PAGES), await jpeg()])).toEqual({
      ok: false,
      code: "too_many_pages",
    });
    expect(await combinePages([await jpeg(), await jpeg(), await jpeg()], { maxPages: 2 })).toEqual({
      ok: false,
      code: "too_many_pages",
    });
    expect(await combinePages([await pdf(MAX_DOCUMENT_PAGES)])).toMatchObject({ ok: true, pages: MAX_DOCUMENT_PAGES });
  });

  it("refuses a part that is not what it claims: HTML as a JPEG, a PNG as a JPEG, a GIF type", async () => {
    expect(await combinePages([await jpeg(), { mime: "image/jpeg", bytes: concat(HTML) }])).toEqual({
      ok: false,
      code: "invalid_image",
    });
    const png = await makePng();
    expect(await combinePages([await jpeg(), { mime: "image/jpeg", bytes: png }])).toEqual({
      ok: false,
      code: "invalid_image",
    });
    const gif = { mime: "image/gif", bytes: new Uint8Array([0x47, 0x49, 0x46]) } as unknown as PagePart;
    expect(await combinePages([await jpeg(), gif])).toEqual({ ok: false, code: "unsupported_type" });
  });

  it("refuses a broken, encrypted or trailing-data PDF among the pages", async () => {
    const good = await makePdf();
    const cases: [Uint8Array, string][] = [
      [good.subarray(0, good.length / 2), "invalid_pdf"],
      [await makeEncryptedPdf(), "encrypted_pdf"],
      [concat(good, HTML), "pdf_trailing_data"],
    ];
    for (const [bytes, code] of cases) {
      expect(await combinePages([await jpeg(), { mime: "application/pdf", bytes }])).toEqual({ ok: false, code });
    }
  });

  it("refuses a decompression bomb within the decode budget, even split over files", async () => {
    // 64 MiB of spaces deflate to ~64 KB; inflated whole they pass the budget.
    const bomb = objectStreamBomb(deflateSync(Buffer.alloc(65 * 1024 * 1024, 0x20), { level: 9 }));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await combinePages([await jpeg(), { mime: "application/pdf", bytes: bomb }])).toEqual({
      ok: false,
      code: "pdf_too_complex",
    });
    // Each PDF alone decodes ~8 KB of object streams, within a 12 KB budget; both together do
    // not fit it: the budget is the whole document's, not each file's.
    const forty = await pdf(40);
    expect(await combinePages([forty], { decodeBudget: 12_000, maxPages: 100 })).toMatchObject({ ok: true });
    expect(await combinePages([forty, forty], { decodeBudget: 12_000, maxPages: 100 })).toEqual({
      ok: false,
      code: "pdf_too_complex",
    });
  });

  it("names the combined file after the first one, with its page count", () => {
    expect(combinedName("rg-frente.jpg", 2)).toBe("rg-frente (2 páginas).pdf");
    expect(combinedName("contrato", 1)).toBe("contrato (1 página).pdf");
    expect(combinedName(".jpg", 3)).toBe("documento (3 páginas).pdf");
  });
});
