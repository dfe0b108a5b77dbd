import { describe, expect, it } from "vitest";
import { checkPdfEnvelope, inspectPdf } from "~/domain/files/pdf";
import { concat, HTML, makeEncryptedPdf, makeJpeg, makePdf } from "../../../fixtures/files/make";

describe("inspectPdf", () => {
  it("accepts a real PDF and counts its pages", async () => {
    expect(await inspectPdf(await makePdf({ pages: 3 }))).toEqual({ ok: true, pages: 3 });
  });

  it("accepts trailing whitespace and an incremental update (two %%EOF)", async () => {
    const pdf = await makePdf();
    expect(await inspectPdf(concat(pdf, "\r\n  \n\0"))).toEqual({ ok: true, pages: 1 });
    // An incremental update appends a new body, xref and trailer, ending in its own %%EOF.
    const updated = concat(pdf, "\n% atualização incremental\n%%EOF\n");
    expect(await inspectPdf(updated)).toEqual({ ok: true, pages: 1 });
  });

  it("bounds what pdf-lib may decode while parsing: past the budget the PDF is refused as too complex", async () => {
    // pdf-lib saves with object streams, which parsing inflates: a 1 KiB budget cannot hold them.
    const pdf = await makePdf({ pages: 40 });
    expect(await inspectPdf(pdf)).toEqual({ ok: true, pages: 40 });
    expect(await inspectPdf(pdf, 1024)).toEqual({ ok: false, code: "pdf_too_complex" });
    // The budget is per inspection: the next one starts afresh.
    expect(await inspectPdf(pdf)).toEqual({ ok: true, pages: 40 });
  });

  it("refuses an encrypted PDF", async () => {
    expect(await inspectPdf(await makeEncryptedPdf())).toEqual({ ok: false, code: "encrypted_pdf" });
  });

  it("refuses a truncated PDF, even when what is left still parses", async () => {
    const pdf = await makePdf();
    for (const fraction of [0.3, 0.6, 0.95]) {
      expect(await inspectPdf(pdf.subarray(0, Math.floor(pdf.length * fraction)))).toEqual({
        ok: false,
        code: "invalid_pdf",
      });
    }
  });

  it("refuses a polyglot: HTML or a JPEG after %%EOF", async () => {
    const pdf = await makePdf();
    expect(await inspectPdf(concat(pdf, HTML))).toEqual({ ok: false, code: "pdf_trailing_data" });
    expect(await inspectPdf(concat(pdf, await makeJpeg({ width: 8, height: 8 })))).toEqual({
      ok: false,
      code: "pdf_trailing_data",
    });
  });

  it("refuses a header that is not at byte 0, and garbage that merely starts like a PDF", async () => {
    expect(checkPdfEnvelope(concat(" ", await makePdf()))).toEqual({ ok: false, code: "invalid_pdf" });
    expect(await inspectPdf(concat("%PDF-1.7\n", "isto não é um PDF\n%%EOF\n"))).toEqual({
      ok: false,
      code: "invalid_pdf",
    });
  });
});
