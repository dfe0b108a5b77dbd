import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { receiveUpload, type ReceiveUploadOptions } from "~/http/upload.server";
import { remainingUploadBytes } from "~/utils/upload-limits.server";
import {
  bytesContain,
  concat,
  GIF_BYTES,
  HTML,
  makeEncryptedPdf,
  makeJpeg,
  makePdf,
  SVG,
  ZIP_BYTES,
} from "../../fixtures/files/make";
import { streamingUploadRequest, tempStorage, UPLOAD_URL, uploadRequest } from "../../fixtures/files/requests";

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let env: Awaited<ReturnType<typeof tempStorage>>;
beforeEach(async () => {
  env = await tempStorage();
});
afterEach(() => env.cleanup());

function receive(request: Request, opts: Partial<ReceiveUploadOptions> = {}) {
  return receiveUpload(request, {
    field: "arquivo",
    storage: env.storage,
    spoolDir: env.spoolDir,
    maxBytes: 10 * MiB,
    remainingUserBytes: 100 * MiB,
    ...opts,
  });
}

/** The refusal, and proof that it left nothing behind: no stored object, no spool file. */
async function refused(request: Request, opts: Partial<ReceiveUploadOptions> = {}) {
  const result = await receive(request, opts);
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.file)}`);
  expect(await env.files()).toEqual([]);
  return { status: result.status, code: result.code, message: result.message };
}

describe("receiveUpload accepts what it should", () => {
  it("stores a real PDF as sent, with its sha256, size, type and the form's text fields", async () => {
    const pdf = await makePdf({ pages: 2 });
    const result = await receive(
      uploadRequest(
        { bytes: pdf, name: "CNH frente e verso.pdf", type: "application/pdf" },
        { csrf: "tok", tipo: "CNH", validade: "2030-01-31" },
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.file).toMatchObject({
      mime: "application/pdf",
      size: pdf.length,
      sha256: sha256(pdf),
      originalName: "CNH frente e verso.pdf",
    });
    expect(result.file.key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}$/);
    expect(result.fields).toEqual({ csrf: "tok", tipo: "CNH", validade: "2030-01-31" });
    const stored = await readFile(join(env.storage.root, result.file.key));
    expect(sha256(stored)).toBe(result.file.sha256);
    expect(await env.files()).toEqual([join("files", result.file.key)]); // spool emptied
  });

  it("decides by content: a PDF named foto.jpg and declared image/jpeg is stored as a PDF", async () => {
    const result = await receive(uploadRequest({ bytes: await makePdf(), name: "foto.jpg", type: "image/jpeg" }));
    expect(result.ok && result.file.mime).toBe("application/pdf");
  });

  it("reads the text fields whether they come before or after the file", async () => {
    const form = new FormData();
    form.append("antes", "1");
    form.append("arquivo", new File([await makePdf()], "a.pdf"));
    form.append("depois", "2");
    const result = await receive(new Request(UPLOAD_URL, { method: "POST", body: form }));
    expect(result.fields).toEqual({ antes: "1", depois: "2" });
  });
});

describe("receiveUpload refuses by content, whatever the name or declared type", () => {
  it("a GIF or a ZIP renamed to .pdf (415)", async () => {
    for (const bytes of [GIF_BYTES, ZIP_BYTES]) {
      expect(await refused(uploadRequest({ bytes, name: "cnh.pdf", type: "application/pdf" }))).toMatchObject({
        status: 415,
        code: "unsupported_type",
        message: "Tipo de arquivo não aceito. Envie um PDF, JPEG ou PNG.",
      });
    }
  });

  it("an HTML file sent as image/jpeg (415)", async () => {
    expect(await refused(uploadRequest({ bytes: HTML, name: "foto.jpg", type: "image/jpeg" }))).toMatchObject({
      status: 415,
      code: "unsupported_type",
    });
  });

  it("an SVG, as image/svg+xml or disguised as a PNG (415)", async () => {
    expect(await refused(uploadRequest({ bytes: SVG, name: "foto.svg", type: "image/svg+xml" }))).toMatchObject({
      status: 415,
    });
    expect(await refused(uploadRequest({ bytes: SVG, name: "foto.png", type: "image/png" }))).toMatchObject({
      status: 415,
    });
  });

  it("HTML with a PDF inside: a PDF must start at byte 0 (415)", async () => {
    const polyglot = concat("<html><body><!--\n", await makePdf(), "\n--></body></html>");
    expect(await refused(uploadRequest({ bytes: polyglot, name: "doc.pdf", type: "application/pdf" }))).toMatchObject({
      status: 415,
    });
  });

  it("a PDF with HTML after %%EOF (400 pdf_trailing_data)", async () => {
    const polyglot = concat(await makePdf(), HTML);
    expect(await refused(uploadRequest({ bytes: polyglot, name: "doc.pdf", type: "application/pdf" }))).toMatchObject({
      status: 400,
      code: "pdf_trailing_data",
    });
  });

  it("a JPEG with a PDF appended is neutralised: what is stored is a clean re-encoded JPEG", async () => {
    const polyglot = concat(await makeJpeg({ width: 64, height: 48 }), await makePdf());
    const result = await receive(uploadRequest({ bytes: polyglot, name: "foto.jpg", type: "image/jpeg" }));
    if (!result.ok) throw new Error(result.code);
    const stored = await readFile(join(env.storage.root, result.file.key));
    expect(bytesContain(stored, "%PDF")).toBe(false);
    expect([...stored.subarray(-2)]).toEqual([0xff, 0xd9]); // ends at the JPEG's end of image
    expect(result.file.sha256).toBe(sha256(stored));
    expect(result.file.size).toBe(stored.length);
  });

  it("a truncated PDF (400 invalid_pdf) and a truncated JPEG (400 invalid_image)", async () => {
    const pdf = await makePdf({ pages: 3 });
    expect(
      await refused(uploadRequest({ bytes: pdf.subarray(0, Math.floor(pdf.length * 0.9)), name: "a.pdf" })),
    ).toMatchObject({
      status: 400,
      code: "invalid_pdf",
    });
    const jpeg = await makeJpeg({ width: 800, height: 600 });
    expect(
      await refused(uploadRequest({ bytes: jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), name: "a.jpg" })),
    ).toMatchObject({
      status: 400,
      code: "invalid_image",
    });
  });

  it("an encrypted PDF (400 encrypted_pdf)", async () => {
    expect(await refused(uploadRequest({ bytes: await makeEncryptedPdf(), name: "protegido.pdf" }))).toEqual({
      status: 400,
      code: "encrypted_pdf",
      message: "O PDF está protegido por senha ou criptografado. Envie uma versão sem proteção.",
    });
  });
});

describe("receiveUpload limits", () => {
  it("cuts a file over the per-file limit mid-stream (413) without reading the rest", async () => {
    const pdf = await makePdf();
    const upload = streamingUploadRequest({ fileBytes: 11 * MiB, prefix: pdf });
    expect(await refused(upload.request)).toEqual({
      status: 413,
      code: "file_too_large",
      message: "O arquivo passa do limite de 10 MB. Envie um arquivo menor.",
    });
    expect(upload.pulled()).toBeLessThan(10 * MiB + 512 * 1024); // stopped right after the limit
    expect(upload.pulled()).toBeLessThan(upload.total);
  });

  it("refuses a wrong type as soon as its first bytes arrive, without reading the rest (415)", async () => {
    const upload = streamingUploadRequest({
      fileBytes: 8 * MiB,
      prefix: new TextEncoder().encode(HTML),
      filename: "cnh.pdf",
    });
    expect(await refused(upload.request)).toMatchObject({ status: 415, code: "unsupported_type" });
    expect(upload.pulled()).toBeLessThan(512 * 1024);
  });

  it("refuses before reading a byte when the declared length is already over the limit", async () => {
    const upload = streamingUploadRequest({ fileBytes: 50 * MiB, prefix: await makePdf(), declareLength: true });
    expect(await refused(upload.request)).toMatchObject({ status: 413, code: "file_too_large" });
    // Nothing is read; the body is no longer cancelled (that destroyed the socket before the
    // answer: tests/security/uploads.test.ts), so the stream may prefetch its one queued chunk.
    expect(upload.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("refuses a file that does not fit in the person's remaining quota (413)", async () => {
    const pdf = await makePdf({ pages: 5 });
    expect(
      await refused(uploadRequest({ bytes: pdf, name: "a.pdf" }), { remainingUserBytes: pdf.length - 1 }),
    ).toMatchObject({
      status: 413,
      code: "quota_exceeded",
    });
    const ok = await receive(uploadRequest({ bytes: pdf, name: "a.pdf" }), { remainingUserBytes: pdf.length });
    expect(ok.ok).toBe(true);
  });

  it("refuses at once, reading nothing, when the quota is used up", async () => {
    const upload = streamingUploadRequest({ fileBytes: 1000, prefix: await makePdf() });
    const result = await refused(upload.request, { remainingUserBytes: 0 });
    expect(result).toMatchObject({ status: 413, code: "quota_exceeded" });
    expect(result.message).toContain("restam 0 MB");
    // Nothing is read; the body is no longer cancelled (that destroyed the socket before the
    // answer: tests/security/uploads.test.ts), so the stream may prefetch its one queued chunk.
    expect(upload.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it("counts the quota on what is stored: an image is checked after re-encoding", async () => {
    const jpeg = await makeJpeg({ width: 1200, height: 900 });
    expect(await refused(uploadRequest({ bytes: jpeg, name: "a.jpg" }), { remainingUserBytes: 2_000 })).toMatchObject({
      code: "quota_exceeded",
    });
  });

  it("computes the remaining quota from the bytes already used", () => {
    const config = { UPLOAD_MAX_USER_MB: 100, UPLOAD_MAX_FILE_MB: 10 } as Parameters<typeof remainingUploadBytes>[1];
    expect(remainingUploadBytes(0, config)).toBe(100 * MiB);
    expect(remainingUploadBytes(60 * MiB, config)).toBe(40 * MiB);
    expect(remainingUploadBytes(120 * MiB, config)).toBe(0);
  });

  it("bounds the text fields: one too long is 413, too many is 400", async () => {
    const pdf = { bytes: await makePdf(), name: "a.pdf" };
    expect(await refused(uploadRequest(pdf, { obs: "x".repeat(9000) }))).toMatchObject({
      status: 413,
      code: "field_too_large",
    });
    const many = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`c${i}`, "1"]));
    expect(await refused(uploadRequest(pdf, many))).toMatchObject({ status: 400, code: "too_many_fields" });
  });
});

describe("receiveUpload form handling", () => {
  it("sanitises the original name for display: no path, no bidi override", async () => {
    const name = "../../etc/relat\u00f3rio\u202e.pdf";
    const result = await receive(uploadRequest({ bytes: await makePdf(), name }));
    expect(result.ok && result.file.originalName).toBe("relatório.pdf");
    expect(result.ok && result.file.key).not.toContain("relat");
  });

  it("sanitises control characters that arrive percent-encoded in filename* (RFC 5987)", async () => {
    const pdf = await makePdf();
    const boundary = "limite123";
    const body = concat(
      `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; filename*=UTF-8''..%2F..%2F%07relat%C3%B3rio%0D%0A%E2%80%AE.pdf\r\n`,
      "Content-Type: application/pdf\r\n\r\n",
      pdf,
      `\r\n--${boundary}--\r\n`,
    );
    const request = new Request(UPLOAD_URL, {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    const result = await receive(request);
    expect(result.ok && result.file.originalName).toBe("relatório.pdf");
  });

  it("refuses a raw control character inside a part header as malformed (400)", async () => {
    const request = uploadRequest({ bytes: await makePdf(), name: "a\u0007b.pdf" });
    expect(await refused(request)).toMatchObject({ status: 400, code: "malformed" });
  });

  it("a form without a file, or with the empty part a browser sends when none was chosen (400)", async () => {
    expect(await refused(uploadRequest(null, { csrf: "t" }))).toMatchObject({ status: 400, code: "missing_file" });
    expect(await refused(uploadRequest({ bytes: new Uint8Array(), name: "" }))).toMatchObject({ code: "missing_file" });
    expect(await refused(uploadRequest({ bytes: new Uint8Array(), name: "vazio.pdf" }))).toMatchObject({
      code: "empty_file",
    });
  });

  it("refuses a second file and a file in another field (400)", async () => {
    const pdf = await makePdf();
    const form = new FormData();
    form.append("arquivo", new File([pdf], "a.pdf"));
    form.append("arquivo", new File([pdf], "b.pdf"));
    expect(await refused(new Request(UPLOAD_URL, { method: "POST", body: form }))).toMatchObject({
      code: "too_many_files",
    });
    expect(await refused(uploadRequest({ bytes: pdf, name: "a.pdf" }, {}, "outro"))).toMatchObject({
      code: "unexpected_file",
    });
  });

  it("refuses a body that is not multipart (415)", async () => {
    const request = new Request(UPLOAD_URL, { method: "POST", body: new URLSearchParams({ arquivo: "x" }) });
    expect(await refused(request)).toMatchObject({ status: 415, code: "not_multipart" });
  });

  it("runs beforeStore with the fields before storing; what it throws propagates and nothing is stored", async () => {
    const request = uploadRequest({ bytes: await makePdf(), name: "a.pdf" }, { csrf: "errado" });
    const check = async (fields: Record<string, string>) => {
      if (fields.csrf !== "certo") throw new Response("Formulário expirado", { status: 403 });
    };
    const thrown = await receive(request, { beforeStore: check }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
    expect(await env.files()).toEqual([]);
  });
});

describe("receiveUpload cleans up", () => {
  it("an upload interrupted midway leaves no file, stored or spooled", async () => {
    const upload = streamingUploadRequest({ fileBytes: 5 * MiB, prefix: await makePdf(), failAfter: 2 * MiB });
    expect(await refused(upload.request)).toMatchObject({ status: 400, code: "interrupted" });
  });

  it("a body that ends before the closing boundary is an interrupted upload", async () => {
    const pdf = await makePdf();
    const full = await new Response(uploadRequest({ bytes: pdf, name: "a.pdf" }).body).arrayBuffer();
    const cut = new Uint8Array(full).subarray(0, full.byteLength - 200);
    const contentType = uploadRequest({ bytes: pdf, name: "a.pdf" }).headers.get("content-type") ?? "";
    // A fresh FormData gets a fresh boundary: rebuild the header from the cut body's own.
    const boundary = new TextDecoder().decode(cut.subarray(2, cut.indexOf(13)));
    const request = new Request(UPLOAD_URL, {
      method: "POST",
      body: cut,
      headers: { "content-type": contentType.replace(/boundary=.*/, `boundary=${boundary}`) },
    });
    expect(await refused(request)).toMatchObject({ status: 400, code: "interrupted" });
  });
});
