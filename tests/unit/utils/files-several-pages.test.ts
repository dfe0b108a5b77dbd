// The intake with several files in the one field: the pages of one document, each checked by
// content as if sent alone, stored as ONE PDF; any bad page refuses the whole and leaves nothing.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_DOCUMENT_PAGES } from "~/domain/files/limits";
import { inspectPdf } from "~/domain/files/pdf";
import { receiveUpload, type ReceiveUploadOptions } from "~/http/upload.server";
import { HTML, makeJpeg, makePdf, makePng, objectStreamBomb } from "../../fixtures/files/make";
import { tempStorage, UPLOAD_URL } from "../../fixtures/files/requests";

const MiB = 1024 * 1024;
let env: Awaited<ReturnType<typeof tempStorage>>;
beforeEach(async () => {
  env = await tempStorage();
});
afterEach(() => env.cleanup());

type Part = { bytes: Uint8Array | string; name: string; type?: string };
function pagesRequest(parts: Part[], fields: Record<string, string> = { csrf: "t", type: "RG" }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const p of parts) form.append("arquivo", new File([p.bytes as BlobPart], p.name, { type: p.type ?? "" }));
  return new Request(UPLOAD_URL, { method: "POST", body: form });
}

function receive(request: Request, opts: Partial<ReceiveUploadOptions> = {}) {
  return receiveUpload(request, {
    field: "arquivo",
    storage: env.storage,
    spoolDir: env.spoolDir,
    maxBytes: 10 * MiB,
    remainingUserBytes: 100 * MiB,
    maxFiles: 10,
    ...opts,
  });
}

async function refused(request: Request, opts: Partial<ReceiveUploadOptions> = {}) {
  const result = await receive(request, opts);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.file)}`);
  expect(await env.files()).toEqual([]);
  return { status: result.status, code: result.code, message: result.message };
}

/** The one stored object's bytes (the storage root is beside the spool folder). */
async function storedBytes() {
  const files = await env.files();
  expect(files).toHaveLength(1);
  return new Uint8Array(await readFile(join(env.spoolDir, "..", files[0])));
}

describe("receiveUpload with several files: one document, one PDF", () => {
  it("an RG sent as two photos is stored as one two-page PDF, named after the first photo", async () => {
    const seen: string[][] = [];
    const result = await receive(
      pagesRequest([
        { bytes: await makeJpeg({ width: 800, height: 500 }), name: "rg-frente.jpg", type: "image/jpeg" },
        { bytes: await makeJpeg({ width: 800, height: 500 }), name: "rg-verso.jpg", type: "image/jpeg" },
      ]),
      { beforeStore: (_fields, files) => void seen.push(files.mimes) },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(seen).toEqual([["image/jpeg", "image/jpeg"]]);
    expect(result.file).toMatchObject({ mime: "application/pdf", originalName: "rg-frente (2 páginas).pdf" });
    // Only the stored PDF is left: the spooled photos and their re-encodings are gone.
    const stored = await storedBytes();
    expect(stored.length).toBe(result.file.size);
    expect(await inspectPdf(stored)).toEqual({ ok: true, pages: 2 });
  });

  it("a PDF and a PNG together: every page of the PDF, then the PNG", async () => {
    const result = await receive(
      pagesRequest([
        { bytes: await makePdf({ pages: 2 }), name: "contrato.pdf" },
        { bytes: await makePng(), name: "assinatura.png" },
      ]),
    );
    expect(result).toMatchObject({ ok: true, file: { originalName: "contrato (3 páginas).pdf" } });
    expect(await inspectPdf(await storedBytes())).toEqual({ ok: true, pages: 3 });
  });

  it("one file beside the empty part of an unused input is stored as sent, not combined", async () => {
    const jpeg = await makeJpeg();
    const result = await receive(
      pagesRequest([
        { bytes: jpeg, name: "foto.jpg" },
        { bytes: "", name: "" },
      ]),
    );
    expect(result).toMatchObject({ ok: true, file: { mime: "image/jpeg", originalName: "foto.jpg" } });
  });

  it("refuses the whole document when one page is not an accepted file (415), checked by content", async () => {
    const jpeg = await makeJpeg();
    const request = pagesRequest([
      { bytes: jpeg, name: "frente.jpg" },
      { bytes: HTML, name: "verso.jpg", type: "image/jpeg" },
    ]);
    expect(await refused(request)).toMatchObject({ status: 415, code: "unsupported_type" });
  });

  it("refuses a corrupt photo among good ones (400 invalid_image)", async () => {
    const jpeg = await makeJpeg();
    const request = pagesRequest([
      { bytes: jpeg, name: "frente.jpg" },
      { bytes: jpeg.subarray(0, jpeg.length / 2), name: "verso.jpg" },
    ]);
    expect(await refused(request)).toMatchObject({ status: 400, code: "invalid_image" });
  });

  it("refuses more files than allowed (400), saying how many", async () => {
    const jpeg = await makeJpeg();
    const request = pagesRequest([1, 2, 3].map((i) => ({ bytes: jpeg, name: `p${i}.jpg` })));
    const refusal = await refused(request, { maxFiles: 2 });
    expect(refusal).toMatchObject({ status: 400, code: "too_many_files" });
    expect(refusal.message).toBe("Envie no máximo 2 arquivos para um documento.");
  });

  it("counts the size limit over all the files together (413)", async () => {
    const pdf = await makePdf();
    const request = pagesRequest([
      { bytes: pdf, name: "a.pdf" },
      { bytes: pdf, name: "b.pdf" },
    ]);
    expect(await refused(request, { maxBytes: Math.round(pdf.length * 1.5) })).toMatchObject({
      status: 413,
      code: "file_too_large",
    });
  });

  it(`refuses a document over ${MAX_DOCUMENT_PAGES} pages (413), nothing stored`, async () => {
    const request = pagesRequest([
      { bytes: await makePdf({ pages: MAX_DOCUMENT_PAGES }), name: "livro.pdf" },
      { bytes: await makeJpeg(), name: "capa.jpg" },
    ]);
    expect(await refused(request)).toMatchObject({ status: 413, code: "too_many_pages" });
  });

  it("refuses a decompression bomb among the pages before it is inflated (413 pdf_too_complex)", async () => {
    const bomb = objectStreamBomb(deflateSync(Buffer.alloc(65 * MiB, 0x20), { level: 9 }));
    const request = pagesRequest([
      { bytes: await makeJpeg(), name: "frente.jpg" },
      { bytes: bomb, name: "verso.pdf" },
    ]);
    expect(await refused(request)).toMatchObject({ status: 413, code: "pdf_too_complex" });
  });

  it("still takes a single file by default: a second one is refused as before", async () => {
    const jpeg = await makeJpeg();
    const request = pagesRequest([
      { bytes: jpeg, name: "a.jpg" },
      { bytes: jpeg, name: "b.jpg" },
    ]);
    expect(await refused(request, { maxFiles: undefined })).toMatchObject({
      code: "too_many_files",
      message: "Envie um arquivo por vez.",
    });
  });
});
