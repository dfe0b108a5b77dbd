import { beforeAll, describe, expect, it } from "vitest";
import { A4_HEIGHT_MM, A4_WIDTH_MM } from "~/credentials/pdf/a4";
import { renderCertificate, renderOperatorCertificate } from "~/credentials/pdf/certificate";
import { renderSeal } from "~/credentials/pdf/seal";
import { verifyToken } from "~/credentials/token";
import { demoDocuments } from "../../fixtures/credentials/demo";
import { vectors, verifyOptions } from "./fixtures";
import { decodeQr, readPdf } from "./pdf-reader";

const PT = 72 / 25.4;
let demo: Awaited<ReturnType<typeof demoDocuments>>;

beforeAll(async () => {
  demo = await demoDocuments();
});

const near = (a: number, mmValue: number) => Math.abs(a - mmValue * PT) < 0.5;

describe("certificate of registration (A4)", () => {
  it("is one A4 page with holder, vehicle, validity, legal basis and serial", async () => {
    const bytes = await renderCertificate(demo.certificate);
    const { pages, info } = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    expect(near(pages[0].width, A4_WIDTH_MM) && near(pages[0].height, A4_HEIGHT_MM)).toBe(true);
    for (const s of [
      "CERTIFICADO DE REGISTRO DE CONDUTOR",
      "Maria Aparecida dos Santos Oliveira",
      "MT-0457/2025",
      "QAB1C23",
      "Honda CG 160 Fan",
      "01/03/2025 a 28/02/2026",
      "Lei Municipal nº 904/1997",
      "JAR-2025-000124",
      "Carlos Eduardo Martins",
      "Jardim – MS, 01/03/2025.",
    ]) {
      expect(pages[0].text).toContain(s);
    }
    expect(info).toMatchObject({
      Title: "Certificado de Registro de Condutor JAR-2025-000124",
      Author: "Prefeitura Municipal de Jardim – MS",
      CreationDate: "D:20250301133000Z",
    });
  });

  it("has a QR whose token verifies as a CERTIFICADO", async () => {
    const url = await decodeQr(await renderCertificate(demo.certificate), 1, 3);
    const result = await verifyToken(url!.slice(`${vectors.baseUrl}/v/`.length), verifyOptions());
    expect(result).toMatchObject({ ok: true, claims: { type: "CERTIFICADO", serial: "JAR-2025-000124" } });
  });

  it("keeps many fields clear of the verification box", async () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ label: `Campo ${i + 1}`, value: `Valor ${i + 1}` }));
    const { pages } = await readPdf(await renderCertificate({ ...demo.certificate, extraFields: many }));
    expect(pages[0].text).toContain("Valor 9");
  });
});

describe("vehicle seal", () => {
  it("is 100 × 100 mm with the registration code, plate, vistoria validity and serial", async () => {
    const bytes = await renderSeal(demo.seal);
    const { pages } = await readPdf(bytes);
    expect(pages).toHaveLength(1);
    expect(near(pages[0].width, 100) && near(pages[0].height, 100)).toBe(true);
    for (const s of [
      "SELO DE VISTORIA",
      "VISTORIA VÁLIDA ATÉ",
      "31/08/2025",
      "QAB1C23",
      "MT-0457/2025",
      "JAR-SV-2025-0042",
      "credencia.jardim.ms.gov.br/verificar",
    ]) {
      expect(pages[0].text).toContain(s);
    }
  });

  it("scales to other sizes and its QR still verifies", async () => {
    const bytes = await renderSeal({ ...demo.seal, sizeMm: 80 });
    const { pages } = await readPdf(bytes);
    expect(near(pages[0].width, 80) && near(pages[0].height, 80)).toBe(true);
    const url = await decodeQr(bytes, 1, 4);
    expect(await verifyToken(url!.slice(`${vectors.baseUrl}/v/`.length), verifyOptions())).toMatchObject({
      ok: true,
      claims: { type: "SELO_VISTORIA" },
    });
  });
});

describe("operator credenciamento certificate (A4)", () => {
  it("is one A4 page with razão social, formatted CNPJ, legal basis, validity and serial", async () => {
    const bytes = await renderOperatorCertificate(demo.operatorCertificate);
    const { pages, info } = await readPdf(bytes);
    expect(near(pages[0].width, A4_WIDTH_MM) && near(pages[0].height, A4_HEIGHT_MM)).toBe(true);
    for (const s of [
      "Moto Táxi Pantanal Ltda",
      "11.222.333/0001-81",
      "Pantanal Mototáxi",
      "CONC-003/2025",
      "01/01/2025 a 31/12/2025",
      "Lei Municipal nº 904/1997",
      "JAR-OP-2025-0007",
    ]) {
      expect(pages[0].text).toContain(s);
    }
    expect(String(info.Subject)).toContain("11.222.333/0001-81");
  });

  it("handles a non-WinAnsi company name", async () => {
    const { pages } = await readPdf(
      await renderOperatorCertificate({ ...demo.operatorCertificate, razaoSocial: "Łódź Transportes Ltda" }),
    );
    expect(pages[0].text).toContain("Łódź Transportes Ltda");
  });
});
