// Issue #13, upload corpus: hostile files through the one upload path (receiveUpload, with the
// application's storage), and what the portal then serves back through the document route.
// Every file is built here; none is committed. What each case guards: docs/security.md.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { createDeflate, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSession } from "~/http/session.server";
import { type ReceivedUpload, receiveUpload } from "~/http/upload.server";
import { loader as documentLoader } from "~/routes/documentos.$id";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { getStorage } from "~/utils/storage.server";
import { localStorageRoot } from "~/utils/storage/local.server";
import {
  concat,
  HTML,
  jpegHeader,
  makeJpeg,
  makePdf,
  makePng,
  objectStreamBomb,
  pngBomb,
  pngChunk,
  SVG,
} from "../fixtures/files/make";
import { listFiles, UPLOAD_URL } from "../fixtures/files/requests";
import { createUser } from "../support/factories";

const MiB = 1024 * 1024;
const KEY = /^\d{4}\/\d{2}\/[0-9a-f]{32}$/;
let spoolDir: string;
let owner: { id: string };

beforeAll(async () => {
  spoolDir = await mkdtemp(join(tmpdir(), "corpus-spool-"));
  owner = await createUser();
});
afterAll(() => rm(spoolDir, { recursive: true, force: true }));

/**
 * A multipart body written by hand, the way an attacker would: `disposition` is the part's
 * Content-Disposition parameters after `name="arquivo"` (so a file name can carry any bytes).
 */
function rawUpload(bytes: Uint8Array | string, disposition: string, contentType = "application/octet-stream") {
  const boundary = "----corpus" + Math.random().toString(16).slice(2);
  const body = concat(
    `--${boundary}\r\nContent-Disposition: form-data; name="arquivo"; ${disposition}\r\n`,
    `Content-Type: ${contentType}\r\n\r\n`,
    typeof bytes === "string" ? concat(bytes) : bytes,
    `\r\n--${boundary}--\r\n`,
  );
  return new Request(UPLOAD_URL, {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

const named = (name: string) => `filename="${name}"`;

const storageFiles = () => listFiles(localStorageRoot(env().DATA_DIR));

/** Uploads through the one path, into the application's storage. */
async function upload(request: Request): Promise<ReceivedUpload> {
  return receiveUpload(request, {
    field: "arquivo",
    storage: getStorage(),
    spoolDir,
    maxBytes: 10 * MiB,
    remainingUserBytes: 100 * MiB,
  });
}

/** A refusal that left nothing anywhere: no stored object, no spool file. */
async function refused(request: Request) {
  const before = await storageFiles();
  const result = await upload(request);
  expect(result.ok).toBe(false);
  expect(await storageFiles()).toEqual(before);
  expect(await listFiles(spoolDir)).toEqual([]);
  return result as Extract<ReceivedUpload, { ok: false }>;
}

/** Uploads, records the Document as the models do, and fetches it back as its owner would. */
async function uploadAndServe(request: Request) {
  const result = await upload(request);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  const { file } = result;
  expect(file.key).toMatch(KEY);
  const doc = await db.document.create({
    data: {
      type: "RG",
      ownerUserId: owner.id,
      storageKey: file.key,
      originalName: file.originalName,
      sha256: file.sha256,
      mime: file.mime,
      sizeBytes: file.size,
    },
  });
  const cookie = (await startSession(new Request("http://localhost/"), owner.id)).split(";")[0];
  const response = (await documentLoader({
    request: new Request(`http://localhost/documentos/${doc.id}`, { headers: { cookie } }),
    params: { id: doc.id },
    context: {} as never,
  })) as Response;
  const body = new Uint8Array(await response.arrayBuffer());
  return { file, response, body };
}

/** What every served upload must say, whatever it holds. */
function expectServedSafely(response: Response, mime: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(mime);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  // Printable ASCII only: no raw UTF-8, no CR/LF/NUL that could split or end the header.
  expect(response.headers.get("content-disposition")).toMatch(
    /^(inline|attachment); filename="[\x20-\x21\x23-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9!#$&+.^_`|~%-]+$/,
  );
}

const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, "latin1"));

/** A JPEG comment segment (COM, FF FE) holding `text`, inserted right after SOI. */
function withJpegComment(jpeg: Uint8Array, text: string) {
  const payload = concat(text);
  const segment = concat(new Uint8Array([0xff, 0xfe, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload);
  return concat(jpeg.subarray(0, 2), segment, jpeg.subarray(2));
}

describe("type confusion: the bytes decide, never the name or the declared type", () => {
  it("PNG bytes named cnh.pdf and declared application/pdf are stored and served as a PNG", async () => {
    const png = await makePng();
    const { file, response, body } = await uploadAndServe(rawUpload(png, named("cnh.pdf"), "application/pdf"));
    expect(file.mime).toBe("image/png");
    expectServedSafely(response, "image/png");
    expect(response.headers.get("content-disposition")).toMatch(/filename="cnh\.pdf\.png"/);
    expect((await sharp(body).metadata()).format).toBe("png");
  });

  it("PDF bytes named foto.png and declared image/png are stored and served as a PDF", async () => {
    const pdf = await makePdf();
    const { file, response, body } = await uploadAndServe(rawUpload(pdf, named("foto.png"), "image/png"));
    expect(file.mime).toBe("application/pdf");
    expectServedSafely(response, "application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/filename="foto\.png\.pdf"/);
    expect(body).toEqual(pdf);
  });

  it("a JPEG declared text/html and named pagina.html is served as image/jpeg, never as HTML", async () => {
    const { file, response } = await uploadAndServe(rawUpload(await makeJpeg(), named("pagina.html"), "text/html"));
    expect(file.mime).toBe("image/jpeg");
    expectServedSafely(response, "image/jpeg");
    expect(response.headers.get("content-disposition")).toMatch(/filename="pagina\.html\.jpg"/);
  });
});

describe("polyglots", () => {
  it("a JPEG carrying HTML and script in a comment segment is stored re-encoded, without them", async () => {
    const polyglot = withJpegComment(await makeJpeg(), `<html><body>${HTML}</body></html>`);
    expect(has(polyglot, "<script>")).toBe(true);
    expect((await sharp(polyglot).metadata()).format).toBe("jpeg"); // still a valid JPEG
    const { response, body } = await uploadAndServe(rawUpload(polyglot, named("foto.jpg"), "image/jpeg"));
    expectServedSafely(response, "image/jpeg");
    expect(has(body, "<script")).toBe(false);
    expect(has(body, "<html")).toBe(false);
  });

  it("a PNG with an HTML page after IEND is stored without it", async () => {
    const polyglot = concat(await makePng(), HTML);
    const { response, body } = await uploadAndServe(rawUpload(polyglot, named("foto.png"), "image/png"));
    expectServedSafely(response, "image/png");
    expect(has(body, "<script")).toBe(false);
  });

  it("a valid PDF with a script in a comment is kept as sent, and served as a sandboxed, unsniffed PDF", async () => {
    // PDFs are stored as sent (ADR 006): what keeps this one from running in the portal's origin
    // is the way it is served.
    const pdf = await makePdf();
    const firstLine = pdf.indexOf(0x0a) + 1;
    const polyglot = concat(
      pdf.subarray(0, firstLine),
      `%<html><body><script>alert(document.cookie)</script></body></html>\n`,
      pdf.subarray(firstLine),
    );
    const { file, response, body } = await uploadAndServe(rawUpload(polyglot, named("cnh.html"), "text/html"));
    expect(file.mime).toBe("application/pdf");
    expect(has(body, "<script>")).toBe(true);
    expectServedSafely(response, "application/pdf");
    expect(response.headers.get("content-type")).not.toMatch(/html/);
  });

  it("HTML with a PDF after it, and a PDF with HTML after %%EOF, are refused", async () => {
    const pdf = await makePdf();
    expect((await refused(rawUpload(concat(HTML, pdf), named("cnh.pdf"), "application/pdf"))).code).toBe(
      "unsupported_type",
    );
    expect((await refused(rawUpload(concat(pdf, HTML), named("cnh.pdf"), "application/pdf"))).code).toBe(
      "pdf_trailing_data",
    );
  });
});

describe("SVG and HTML are refused, whatever they are called", () => {
  const xhtml = `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>`;
  const cases: [string, string, string][] = [
    [SVG, "selo.svg", "image/svg+xml"],
    [SVG, "foto.png", "image/png"],
    [`\ufeff${SVG}`, "foto.jpg", "image/jpeg"],
    [HTML, "pagina.html", "text/html"],
    [HTML, "cnh.pdf", "application/pdf"],
    [xhtml, "foto.jpg", "image/jpeg"],
  ];
  it.each(cases)("%#: refused with 415 or 400, nothing stored (%s as %s)", async (bytes, name, type) => {
    const result = await refused(rawUpload(bytes, named(name), type));
    expect([400, 415]).toContain(result.status);
  });
});

describe("pixel floods are refused from the header", () => {
  // If the decoder had seen them, its failure would be "invalid_image" (400): image_too_large
  // (413) comes only from the header check that runs before sharp.
  it("a PNG declaring 50 000 × 50 000 px", async () => {
    const bomb = pngBomb(50_000, 50_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await refused(rawUpload(bomb, named("foto.png"), "image/png"))).toMatchObject({
      status: 413,
      code: "image_too_large",
    });
  });

  it("a JPEG declaring 50 000 × 50 000 px, named as a PDF", async () => {
    expect(await refused(rawUpload(jpegHeader(50_000, 50_000), named("cnh.pdf"), "application/pdf"))).toMatchObject({
      status: 413,
      code: "image_too_large",
    });
  });
});

// Each case builds its bomb and runs it in a fresh process: slow on a shared machine.
describe("decompression bombs are refused or handled with bounded memory", { timeout: 120_000 }, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "corpus-bombs-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Deflates `bytes` bytes of `fill` without ever holding them in memory. */
  async function deflated(bytes: number, fill = 0x20): Promise<Buffer> {
    const deflate = createDeflate({ level: 9 });
    const out: Buffer[] = [];
    deflate.on("data", (chunk: Buffer) => out.push(chunk));
    const block = Buffer.alloc(MiB, fill);
    for (let left = bytes; left > 0; left -= MiB) {
      if (!deflate.write(block.subarray(0, Math.min(MiB, left)))) await new Promise((r) => deflate.once("drain", r));
    }
    deflate.end();
    await finished(deflate);
    return Buffer.concat(out);
  }

  /**
   * Runs the upload in a fresh process and returns its result and how far its resident memory
   * rose above what it was just before (process.resourceUsage().maxRSS, the kernel's peak).
   */
  async function measure(bytes: Uint8Array, name: string) {
    const path = join(dir, name);
    await writeFile(path, bytes);
    const child = spawn(process.execPath, ["--import", "tsx", "tests/security/children/measure-upload.ts", path], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    return JSON.parse(out.trim().split("\n").pop()!) as { ok: boolean; code?: string; peakGrowthBytes: number };
  }

  function png(width: number, height: number, extra: Uint8Array[], idat: Uint8Array, depth = 8, colour = 0) {
    const ihdr = new Uint8Array(13);
    new DataView(ihdr.buffer).setUint32(0, width);
    new DataView(ihdr.buffer).setUint32(4, height);
    ihdr.set([depth, colour, 0, 0, 0], 8);
    return concat(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      ...extra,
      pngChunk("IDAT", idat),
      pngChunk("IEND", new Uint8Array()),
    );
  }

  it("a 300 KB PNG inside the pixel limits that inflates to 300 MB (16-bit RGBA) is re-encoded in bounded memory", async () => {
    const [width, height] = [7_000, 5_700]; // 39.9 megapixels: just inside the limit
    const rowBytes = 1 + width * 8; // filter byte, then 4 channels × 16 bits of zeros
    const bomb = png(width, height, [], await deflated(rowBytes * height, 0), 16, 6);
    expect(bomb.length).toBeLessThan(1 * MiB);
    const result = await measure(bomb, "idat.png");
    expect(result.ok).toBe(true);
    // Decoded whole it would be 304 MiB, twice over with the resize.
    expect(result.peakGrowthBytes).toBeLessThan(192 * MiB);
  });

  it("a 1 MB PNG whose text chunk inflates to 1 GB is stored without it, in bounded memory", async () => {
    const text = concat("Comment\0\0", await deflated(1_000 * MiB, 0x41));
    const idat = deflateSync(Buffer.alloc(101 * 100));
    const bomb = png(100, 100, [pngChunk("zTXt", text)], idat);
    const result = await measure(bomb, "ztxt.png");
    expect(result.ok).toBe(true);
    expect(result.peakGrowthBytes).toBeLessThan(96 * MiB);
  });

  it("a 500 KB PDF whose object stream inflates to 512 MB is refused before pdf-lib inflates it", async () => {
    const bomb = objectStreamBomb(await deflated(512 * MiB));
    expect(bomb.length).toBeLessThan(1 * MiB);
    const result = await measure(bomb, "objstm.pdf");
    expect(result).toMatchObject({ ok: false, code: "pdf_too_complex" });
    expect(result.peakGrowthBytes).toBeLessThan(192 * MiB);
  });
});

describe("hostile file names never reach a path or a header", () => {
  // Sent in filename*= (RFC 5987), percent-encoded, which is how CR, LF and NUL can arrive at all;
  // the expected display name is what sanitizeFilename leaves.
  const cases: [string, string, string][] = [
    ["path traversal", "../../etc/passwd", "passwd"],
    ["Windows traversal", "..\\..\\windows\\win.ini", "win.ini"],
    ["NUL", "cnh.pdf\u0000.html", "cnh.pdf.html"],
    ["CR/LF header injection", "cnh\r\nSet-Cookie: sessao=roubada\r\n.pdf", "cnhSet-Cookie_ sessao=roubada.pdf"],
    ["right-to-left override", "foto\u202Egpj.exe", "fotogpj.exe"],
    ["Windows device name", "CON.pdf", "_CON.pdf"],
    ["Windows device name, lower case", "nul", "_nul"],
    ["quotes and backslashes", 'a"b\\c.pdf', "c.pdf"],
    ["dot names", "..", "arquivo"],
  ];
  it.each(cases)("%s", async (_label, raw, displayed) => {
    const encoded = encodeURIComponent(raw).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
    const { file, response } = await uploadAndServe(rawUpload(await makePdf(), `filename*=UTF-8''${encoded}`));
    expect(file.originalName).toBe(displayed);
    expectServedSafely(response, "application/pdf");
    // The key is the server's own; on disk there is exactly that file, under the storage root.
    expect(file.key).toMatch(KEY);
    expect(await storageFiles()).toContain(file.key);
  });

  it("a 10 000-character name is cut to 120 characters, keeping the extension", async () => {
    const { file, response } = await uploadAndServe(rawUpload(await makePdf(), named(`${"a".repeat(10_000)}.pdf`)));
    expect(Array.from(file.originalName)).toHaveLength(120);
    expect(file.originalName.endsWith(".pdf")).toBe(true);
    expectServedSafely(response, "application/pdf");
  });

  it("a raw NUL or line break inside the part header is refused as malformed, storing nothing", async () => {
    for (const name of ["cnh\u0000.pdf", "cnh\r\n.pdf"]) {
      expect(await refused(rawUpload(await makePdf(), named(name)))).toMatchObject({ status: 400 });
    }
  });
});

describe("EXIF and GPS never survive in a stored photo", () => {
  it("a JPEG with GPS coordinates, camera data and XMP is stored with no metadata at all", async () => {
    const photo = await sharp(await makeJpeg({ width: 800, height: 600 }))
      .withExif({
        IFD0: { Make: "Celular", Artist: "Fulano" },
        IFD3: {
          GPSLatitudeRef: "S",
          GPSLatitude: "21/1 14/1 3000/100",
          GPSLongitudeRef: "W",
          GPSLongitude: "45/1 0/1 1200/100",
          GPSMapDatum: "GPS-SEGREDO",
        },
      })
      .withXmp(
        `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="21,14.5S" exif:UserComment="XMP-SEGREDO"/></rdf:RDF></x:xmpmeta>`,
      )
      .toBuffer();
    // The fixture really carries them.
    const sent = await sharp(photo).metadata();
    expect(sent.exif && has(sent.exif, "GPS-SEGREDO")).toBe(true);
    expect(sent.xmp && has(sent.xmp, "XMP-SEGREDO")).toBe(true);

    const { response, body } = await uploadAndServe(rawUpload(photo, named("foto.jpg"), "image/jpeg"));
    expectServedSafely(response, "image/jpeg");
    const stored = await sharp(body).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    for (const secret of ["GPS-SEGREDO", "XMP-SEGREDO", "Fulano", "Exif\0\0"]) expect(has(body, secret)).toBe(false);
  });

  it("a PNG with an eXIf chunk holding GPS is stored without it", async () => {
    const tagged = await sharp(await makePng())
      .withExif({ IFD3: { GPSMapDatum: "PNG-GPS-SEGREDO" } })
      .png()
      .toBuffer();
    expect(has(tagged, "PNG-GPS-SEGREDO")).toBe(true);
    const { body } = await uploadAndServe(rawUpload(tagged, named("foto.png"), "image/png"));
    expect(has(body, "PNG-GPS-SEGREDO")).toBe(false);
    expect((await sharp(body).metadata()).exif).toBeUndefined();
  });
});
