import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { receiveUpload, type ReceiveUploadOptions } from "~/http/upload.server";
import { bytesContain, concat, HTML, jpegHeader, makeJpeg, makePng, pngBomb } from "../../fixtures/files/make";
import { tempStorage, uploadRequest } from "../../fixtures/files/requests";

// Counts every call into sharp, to show that a pixel flood never reaches the decoder.
const sharpCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("sharp", async (importOriginal) => {
  const actual = (await importOriginal<{ default: typeof sharp }>()).default;
  const counted = (...args: Parameters<typeof actual>) => {
    sharpCalls.count++;
    return actual(...args);
  };
  return { default: Object.assign(counted, actual) };
});

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
    maxBytes: 10 * 1024 * 1024,
    remainingUserBytes: 100 * 1024 * 1024,
    ...opts,
  });
}

async function storedBytes(request: Request) {
  const result = await receive(request);
  if (!result.ok) throw new Error(`refused: ${result.code}`);
  return { file: result.file, bytes: await readFile(join(env.storage.root, result.file.key)) };
}

describe("images are re-encoded before they are stored", () => {
  it("strips EXIF (camera, author, GPS-like data) from a JPEG", async () => {
    const jpeg = await makeJpeg({
      width: 400,
      height: 300,
      exif: { Artist: "Fulano de Tal", Copyright: "segredo-123", ImageDescription: "Rua das Flores, 42 - Lavras" },
    });
    expect((await sharp(jpeg).metadata()).exif).toBeDefined(); // the fixture really carries EXIF
    expect(bytesContain(jpeg, "segredo-123")).toBe(true);

    sharpCalls.count = 0;
    const { file, bytes } = await storedBytes(uploadRequest({ bytes: jpeg, name: "foto.jpg", type: "image/jpeg" }));
    expect(sharpCalls.count).toBe(1); // the counter sees the pipeline's one call to sharp
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(bytesContain(bytes, "segredo-123")).toBe(false);
    expect(bytesContain(bytes, "Fulano")).toBe(false);
    expect(file).toMatchObject({ mime: "image/jpeg", size: bytes.length });
  });

  it("applies the EXIF orientation to the pixels, then drops the tag", async () => {
    const jpeg = await makeJpeg({ width: 60, height: 40, orientation: 6 }); // "rotate 90° clockwise"
    const { bytes } = await storedBytes(uploadRequest({ bytes: jpeg, name: "deitada.jpg" }));
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([40, 60]);
    expect(meta.orientation).toBeUndefined();
  });

  it("caps the longest side at 2 000 px and never enlarges", async () => {
    const big = await storedBytes(
      uploadRequest({ bytes: await makeJpeg({ width: 3000, height: 1500 }), name: "a.jpg" }),
    );
    const bigMeta = await sharp(big.bytes).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([2000, 1000]);
    const small = await storedBytes(
      uploadRequest({ bytes: await makePng({ width: 300, height: 200 }), name: "a.png" }),
    );
    const smallMeta = await sharp(small.bytes).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(["png", 300, 200]);
  });

  it("drops whatever was appended after the image (a PNG with HTML after IEND)", async () => {
    const png = concat(await makePng({ width: 50, height: 50 }), HTML);
    const { file, bytes } = await storedBytes(uploadRequest({ bytes: png, name: "foto.png" }));
    expect(file.mime).toBe("image/png");
    expect(bytesContain(bytes, "<script")).toBe(false);
    expect(Buffer.from(bytes.subarray(-8, -4)).toString("latin1")).toBe("IEND"); // ends at IEND
  });

  it("refuses a truncated PNG (400 invalid_image) and leaves nothing behind", async () => {
    const png = await makePng({ width: 400, height: 400 });
    const result = await receive(uploadRequest({ bytes: png.subarray(0, Math.floor(png.length / 2)), name: "a.png" }));
    expect(result).toMatchObject({ ok: false, status: 400, code: "invalid_image" });
    expect(await env.files()).toEqual([]);
  });
});

describe("pixel floods are refused from the header, before any decoding", () => {
  it("a 50 000 × 50 000 PNG: refused quickly, without sharp, without allocating", async () => {
    const bomb = pngBomb(50_000, 50_000); // 2.5 GB once decoded
    expect(bomb.length).toBeLessThan(50_000);
    sharpCalls.count = 0;
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const result = await receive(uploadRequest({ bytes: bomb, name: "bomba.png", type: "image/png" }));
    const elapsed = performance.now() - started;
    expect(result).toMatchObject({ ok: false, status: 413, code: "image_too_large" });
    expect(sharpCalls.count).toBe(0);
    expect(elapsed).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    expect(await env.files()).toEqual([]);
  });

  it("a JPEG declaring 50 000 × 50 000, and one just over 40 megapixels", async () => {
    sharpCalls.count = 0;
    for (const [width, height] of [
      [50_000, 50_000],
      [8_000, 5_001],
    ]) {
      const result = await receive(uploadRequest({ bytes: jpegHeader(width, height), name: "bomba.jpg" }));
      expect(result).toMatchObject({ ok: false, status: 413, code: "image_too_large" });
    }
    expect(sharpCalls.count).toBe(0);
  });

  it("a flood header behind 64 KiB of EXIF is still caught before decoding", async () => {
    // Push the frame header past the first 64 KiB kept in memory: the spool file is scanned.
    const app1 = (n: number) => {
      const segment = new Uint8Array(4 + n);
      segment.set([0xff, 0xe1, (n + 2) >> 8, (n + 2) & 0xff]);
      return segment;
    };
    const header = jpegHeader(50_000, 50_000);
    const padded = concat(header.subarray(0, 2), app1(60_000), app1(60_000), header.subarray(2));
    sharpCalls.count = 0;
    const result = await receive(uploadRequest({ bytes: padded, name: "bomba.jpg" }));
    expect(result).toMatchObject({ ok: false, status: 413, code: "image_too_large" });
    expect(sharpCalls.count).toBe(0);
  });
});
