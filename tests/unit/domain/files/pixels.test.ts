import { describe, expect, it } from "vitest";
import { checkPixelLimits, PIXEL_LIMITS, readImageSize } from "~/domain/files/pixels";
import { jpegHeader, makeJpeg, makePng, pngBomb } from "../../../fixtures/files/make";

describe("readImageSize reads dimensions from the header alone", () => {
  it("reads a PNG's IHDR and a JPEG's frame header", async () => {
    expect(readImageSize(await makePng({ width: 321, height: 123 }), "image/png")).toEqual({
      kind: "ok",
      width: 321,
      height: 123,
    });
    expect(readImageSize(await makeJpeg({ width: 640, height: 480 }), "image/jpeg")).toEqual({
      kind: "ok",
      width: 640,
      height: 480,
    });
  });

  it("finds a JPEG's frame header after large EXIF segments", async () => {
    const jpeg = await makeJpeg({ width: 50, height: 40, exif: { ImageDescription: "x".repeat(30_000) } });
    expect(readImageSize(jpeg, "image/jpeg")).toEqual({ kind: "ok", width: 50, height: 40 });
  });

  it("reads a 50 000 × 50 000 declaration from a few hundred bytes", () => {
    expect(readImageSize(pngBomb(50_000, 50_000).subarray(0, 40), "image/png")).toEqual({
      kind: "ok",
      width: 50_000,
      height: 50_000,
    });
    expect(readImageSize(jpegHeader(50_000, 50_000), "image/jpeg")).toEqual({
      kind: "ok",
      width: 50_000,
      height: 50_000,
    });
  });

  it("says 'incomplete' when the header goes on past the bytes given, and 'invalid' for junk", async () => {
    const jpeg = await makeJpeg({ exif: { ImageDescription: "y".repeat(5_000) } });
    expect(readImageSize(jpeg.subarray(0, 100), "image/jpeg")).toEqual({ kind: "incomplete" });
    expect(readImageSize(pngBomb(10, 10).subarray(0, 20), "image/png")).toEqual({ kind: "incomplete" });
    expect(readImageSize(new TextEncoder().encode("<html>…</html> and more text"), "image/png")).toEqual({
      kind: "invalid",
    });
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0x00]), "image/jpeg")).toEqual({ kind: "invalid" });
    expect(readImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08]), "image/jpeg")).toEqual({
      kind: "invalid",
    });
  });
});

describe("checkPixelLimits", () => {
  it("allows a 12 MP phone photo and a 12 000 px long scan", () => {
    expect(checkPixelLimits({ width: 4000, height: 3000 })).toEqual({ ok: true });
    expect(checkPixelLimits({ width: 12_000, height: 3_000 })).toEqual({ ok: true });
  });

  it("refuses a side over 12 000 px and an area over 40 megapixels", () => {
    expect(PIXEL_LIMITS).toEqual({ maxSide: 12_000, maxPixels: 40_000_000 });
    expect(checkPixelLimits({ width: 12_001, height: 10 })).toEqual({ ok: false, reason: "side" });
    expect(checkPixelLimits({ width: 8_000, height: 6_000 })).toEqual({ ok: false, reason: "pixels" });
    expect(checkPixelLimits({ width: 50_000, height: 50_000 })).toEqual({ ok: false, reason: "side" });
  });
});
