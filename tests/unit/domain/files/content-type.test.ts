import { describe, expect, it } from "vitest";
import { detectAcceptedType } from "~/domain/files/content-type";
import {
  concat,
  GIF_BYTES,
  HTML,
  jpegHeader,
  makeJpeg,
  makePdf,
  makePng,
  SVG,
  ZIP_BYTES,
} from "../../../fixtures/files/make";

const text = (s: string) => new TextEncoder().encode(s);

describe("detectAcceptedType decides by content", () => {
  it("accepts PDF, JPEG and PNG from their bytes", async () => {
    expect(await detectAcceptedType(await makePdf())).toBe("application/pdf");
    expect(await detectAcceptedType(await makeJpeg())).toBe("image/jpeg");
    expect(await detectAcceptedType(await makePng())).toBe("image/png");
    expect(await detectAcceptedType(jpegHeader(10, 10))).toBe("image/jpeg");
  });

  it("refuses markup, whatever it would be called: HTML, SVG, XML", async () => {
    expect(await detectAcceptedType(text(HTML))).toBeNull();
    expect(await detectAcceptedType(text(SVG))).toBeNull();
    expect(await detectAcceptedType(text(`<?xml version="1.0"?><a/>`))).toBeNull();
  });

  it("refuses other real formats: GIF, ZIP, empty", async () => {
    expect(await detectAcceptedType(GIF_BYTES)).toBeNull();
    expect(await detectAcceptedType(ZIP_BYTES)).toBeNull();
    expect(await detectAcceptedType(new Uint8Array())).toBeNull();
  });

  it("refuses a PDF whose header is not at byte 0 (the HTML/PDF polyglot shape)", async () => {
    const pdf = await makePdf();
    expect(await detectAcceptedType(concat("<html><!-- ", pdf))).toBeNull();
    expect(await detectAcceptedType(concat("\n", pdf))).toBeNull();
  });
});
