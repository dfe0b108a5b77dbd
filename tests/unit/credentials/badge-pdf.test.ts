import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { BADGE_HEIGHT_MM, BADGE_WIDTH_MM, type BadgeData, renderBadge } from "~/credentials/pdf/badge";
import { cardPlacements, CROP_MARK } from "~/credentials/pdf/print-sheet";
import { verifyToken } from "~/credentials/token";
import { demoDocuments } from "../../fixtures/credentials/demo";
import { vectors, verifyOptions } from "./fixtures";
import { decodeQr, readPdf, renderPage } from "./pdf-reader";

const PT = 72 / 25.4;
const codes = (text: string) => [...new Set(text.match(/\bJAR-[A-Z0-9-]+/g))];
let badge: BadgeData;
let pdf: Uint8Array;

beforeAll(async () => {
  badge = (await demoDocuments()).badge;
  pdf = await renderBadge(badge);
}, 60_000);

describe("crachá PDF", () => {
  it("is two ID-1 pages (85.6 × 54 mm, within 0.5 pt), then an A4 print sheet", async () => {
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(3);
    for (const p of pages.slice(0, 2)) {
      expect(Math.abs(p.width - BADGE_WIDTH_MM * PT)).toBeLessThan(0.5);
      expect(Math.abs(p.height - BADGE_HEIGHT_MM * PT)).toBeLessThan(0.5);
    }
    expect(Math.abs(pages[2].width - 210 * PT)).toBeLessThan(0.5);
    expect(Math.abs(pages[2].height - 297 * PT)).toBeLessThan(0.5);
  });

  it("prints the guidance on the A4 sheet, with both sides at real size inside crop marks and a 5 cm control line", async () => {
    const sheet = (await readPdf(pdf)).pages[2].text;
    expect(sheet).toContain("Imprima em tamanho real (100%), não ajuste à página.");
    expect(sheet).toContain("Esta linha deve medir 5 cm.");
    expect(sheet).toContain("Recorte nas marcas");
    // The card's own text is there too (the sides are drawn on the sheet, not a picture of them).
    expect(codes(sheet)).toEqual(["JAR-2025-000123"]);
    // …and its QR reads from the sheet as from the card.
    expect(await decodeQr(pdf, 3, 300 / 72)).toBe(await decodeQr(pdf, 1, 300 / 72));

    // Rendered at 100 dpi: the dark pixels of the marks and the control line sit where the layout
    // puts them, and each side's area matches the card's millimetres.
    const dpi = 100;
    const px = (v: number) => Math.round((v / 25.4) * dpi);
    const image = await renderPage(pdf, 3, dpi);
    const dark = (x: number, y: number) => {
      const i = (y * image.width + x) * 4;
      return image.data[i] + image.data[i + 1] + image.data[i + 2] < 600; // not paper white
    };
    const darkNear = (xMm: number, yMm: number) =>
      [-1, 0, 1].some((dx) => [-1, 0, 1].some((dy) => dark(px(xMm) + dx, px(yMm) + dy)));
    for (const at of cardPlacements({ width: BADGE_WIDTH_MM, height: BADGE_HEIGHT_MM })) {
      const { gap, length } = CROP_MARK;
      const mid = gap + length / 2;
      // Marks outside each corner, on the line of the card's edges; nothing where the marks stop.
      expect(darkNear(at.x, at.y - mid)).toBe(true);
      expect(darkNear(at.x - mid, at.y)).toBe(true);
      expect(darkNear(at.x + BADGE_WIDTH_MM, at.y + BADGE_HEIGHT_MM + mid)).toBe(true);
      expect(darkNear(at.x + BADGE_WIDTH_MM + mid, at.y + BADGE_HEIGHT_MM)).toBe(true);
      expect(darkNear(at.x - gap - length - 3, at.y)).toBe(false);
    }
  });

  it("shows name, category, the one code, plate, operator, validity and the secretaria on the front", async () => {
    const front = (await readPdf(pdf)).pages[0].text;
    for (const s of [
      "Maria Aparecida dos",
      "Santos Oliveira",
      "MOTOTÁXI",
      "REGISTRO Nº (CÓDIGO DE VERIFICAÇÃO) JAR-2025-000123",
      "Departamento Municipal de Trânsito",
      "QAB1C23",
      "Moto Táxi Pantanal Ltda",
      "28/02/2026",
      "JARDIM – MS",
    ]) {
      expect(front).toContain(s);
    }
  });

  it("shows the legal basis, the serial to type in, the verification address and Jardim's printed-only fields on the back", async () => {
    const back = (await readPdf(pdf)).pages[1].text;
    for (const s of [
      "Lei Municipal nº 904/1997",
      "JAR-2025-000123",
      "credencia.jardim.ms.gov.br/verificar",
      "TIPO SANGUÍNEO",
      "O+",
      "Nº DE CONTROLE DA MOTO",
      "529.982.247-25",
      "Emitido em 01/03/2025",
      "Carlos Eduardo Martins",
      "Diretor do Departamento Municipal de Trânsito",
    ]) {
      expect(back).toContain(s);
    }
  });

  it("prints one code: the crachá's own, the same on both sides, and no other registration number", async () => {
    const { pages } = await readPdf(pdf);
    expect(codes(pages[0].text)).toEqual(["JAR-2025-000123"]);
    expect(codes(pages[1].text)).toEqual(["JAR-2025-000123"]);
    expect(pages.map((p) => p.text).join(" ")).not.toMatch(/MT-0457/);
  });

  it("embeds the coat of arms when set, and nothing in its place when not", async () => {
    const images = (bytes: Uint8Array) =>
      (
        Buffer.from(bytes)
          .toString("latin1")
          .match(/\/Subtype \/Image/g) ?? []
      ).length;
    // Without it, only the photo (a JPEG, one image object); with it, the emblem too (a PNG, with its alpha mask).
    expect(images(await renderBadge({ ...badge, coatOfArms: null }))).toBe(1);
    expect(images(pdf)).toBeGreaterThan(1);
  });

  it("carries title, subject, author, producer and the issue date as metadata", async () => {
    const { info } = await readPdf(pdf);
    expect(info).toMatchObject({
      Title: "Crachá de identificação JAR-2025-000123",
      Author: "Prefeitura Municipal de Jardim – MS",
      Producer: "Credencia (pdf-lib)",
      CreationDate: "D:20250301133000Z",
      ModDate: "D:20250301133000Z",
    });
    expect(String(info.Subject)).toContain("Maria Aparecida dos Santos Oliveira");
  });

  it("asks the viewer to print at real size (no fit to page), so the card and its QR keep their millimetres", async () => {
    const doc = await PDFDocument.load(pdf);
    const preferences = doc.catalog.lookup(PDFName.of("ViewerPreferences"), PDFDict);
    expect(preferences.get(PDFName.of("PrintScaling"))).toBe(PDFName.of("None"));
  });

  it("renders the same bytes for the same input", async () => {
    expect(Buffer.from(await renderBadge(badge)).equals(Buffer.from(pdf))).toBe(true);
  });

  it("has a QR on the front that decodes to a verification URL whose token verifies", async () => {
    const url = await decodeQr(pdf, 1, 4);
    expect(url).toBe(badge.verification.qrText);
    const token = url!.slice(`${vectors.baseUrl}/v/`.length);
    const result = await verifyToken(token, verifyOptions());
    expect(result).toMatchObject({
      ok: true,
      claims: { serial: "JAR-2025-000123", holderName: "Maria Aparecida dos Santos Oliveira", plate: "QAB1C23" },
    });
    // Printed on the back, never in the token.
    expect(Buffer.from(token.split(".")[1], "base64url").toString()).not.toMatch(/529|O\+|001\.234/);
  });
});

describe("crachá with unusual data never fails", () => {
  it("embeds a subset font for names outside WinAnsi and keeps the text extractable", async () => {
    const bytes = await renderBadge({
      ...badge,
      holderName: "Łukasz Nguyễn Thị Minh Khai",
      operator: "Đặng Logística",
    });
    const { pages } = await readPdf(bytes);
    expect(pages[0].text).toContain("Łukasz Nguyễn Thị");
    expect(pages[0].text).toContain("Đặng Logística");
    const raw = Buffer.from(bytes).toString("latin1");
    expect(raw).toContain("CREDAA+DejaVuSansCondensed");
    expect(raw).toContain("/FontFile2");
    expect(bytes.length).toBeLessThan(120_000); // a subset, not the 700 KB font
  });

  it("keeps text extractable across successive documents with embedded fonts, and renders them identically", async () => {
    const data = { ...badge, holderName: "Łukasz Nguyễn", extraFields: [{ label: "Obs", value: "bell line eee" }] };
    const first = await renderBadge(data);
    await renderBadge({ ...badge, holderName: "Đặng Thị Mỹ 4444" });
    const again = await renderBadge(data);
    expect((await readPdf(again)).pages[1].text).toContain("bell line eee");
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });

  it("uses only the standard fonts when everything fits WinAnsi", () => {
    const raw = Buffer.from(pdf).toString("latin1");
    expect(raw).not.toContain("/FontFile2");
    expect(raw).toContain("/Helvetica-Bold");
  });

  it("prints characters no font has as '?', still producing the PDF", async () => {
    const bytes = await renderBadge({
      ...badge,
      holderName: "山田 Taro",
      extraFields: [{ label: "Obs", value: "\u0007bell\u2028line" }],
    });
    const { pages } = await readPdf(bytes);
    expect(pages[0].text).toContain("?? Taro");
    expect(pages[1].text).toContain("bell line");
  });

  it("draws a placeholder when the photo is missing or unreadable", async () => {
    for (const photo of [
      null,
      new Uint8Array([0xff, 0xd8, 0xff, 0x00, 1, 2, 3, 4, 5]),
      new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]),
    ]) {
      const { pages } = await readPdf(await renderBadge({ ...badge, photo }));
      expect(pages[0].text).toContain("SEM FOTO");
    }
  });

  it("fits a 48-character name, a long operator and no plate", async () => {
    const bytes = await renderBadge({
      ...badge,
      holderName: "Maria Aparecida Conceição de J. dos S. O. Souza",
      plate: null,
      operator: "Cooperativa dos Mototaxistas Autônomos do Pantanal Sul-Mato-Grossense",
      extraFields: [],
      mustCarry: [],
    });
    const front = (await readPdf(bytes)).pages[0].text;
    expect(front).toContain("Souza");
    expect(front).toContain("28/02/2026");
    expect(front).not.toContain("PLACA");
  });
});

describe("category colour band", () => {
  it("is drawn in the colour the law sets (Patrocínio mototáxi yellow)", async () => {
    const { patrocinioBadge } = await demoDocuments();
    const bytes = await renderBadge(patrocinioBadge);
    const { createCanvas } = await import("@napi-rs/canvas");
    const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
    const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 2 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext("2d");
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    // A point inside the band (x = 40 mm, y = 11 mm from the top), clear of any text.
    const [r, g, b] = ctx.getImageData(Math.round(40 * PT * 2), Math.round(11 * PT * 2), 1, 1).data;
    await doc.destroy();
    expect([r, g, b]).toEqual([0xf2, 0xb7, 0x05]);
  });
});
