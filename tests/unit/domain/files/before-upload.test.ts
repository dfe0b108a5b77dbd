// The browser's check before a long upload (issue #34, item 3): what would be refused for its size
// or kind is said at once, with what to do; what the server alone can judge is left to it.
import { describe, expect, it } from "vitest";
import { refusalBeforeUpload } from "~/domain/files/before-upload";

const MiB = 1024 * 1024;
const limit = { maxBytes: 10 * MiB, photo: false };

describe("the check before an upload", () => {
  it("lets a document within the limit go, in PDF or photos, and a file with no type (the server reads it)", () => {
    expect(refusalBeforeUpload([{ name: "cnh.pdf", size: 9 * MiB, type: "application/pdf" }], limit)).toBeNull();
    const pages = [
      { name: "frente.jpg", size: 5 * MiB, type: "image/jpeg" },
      { name: "verso.jpg", size: 5 * MiB, type: "image/jpeg" },
    ];
    expect(refusalBeforeUpload(pages, limit)).toBeNull();
    expect(refusalBeforeUpload([{ name: "documento", size: MiB, type: "" }], limit)).toBeNull();
  });

  it("refuses a scan past the limit, saying its size, the limit, and to photograph the pages", () => {
    const said = refusalBeforeUpload([{ name: "scan.pdf", size: 12 * MiB, type: "application/pdf" }], limit);
    expect(said).toBe(
      "O arquivo tem 12 MB e o limite é 10 MB: nada foi enviado. Em vez do PDF escaneado, fotografe as páginas com a câmera do celular (as fotos são reduzidas antes do envio), ou gere o PDF em qualidade menor.",
    );
  });

  it("counts the pages of one document together", () => {
    const pages = Array.from({ length: 3 }, (_, i) => ({ name: `p${i}.png`, size: 4 * MiB, type: "image/png" }));
    expect(refusalBeforeUpload(pages, limit)).toMatch(/^Os arquivos somam 12 MB e o limite é 10 MB/);
    expect(refusalBeforeUpload(pages.slice(0, 2), limit)).toBeNull();
  });

  it("refuses what is neither a PDF nor a photo, and anything but a photo for the 3×4 photo", () => {
    expect(refusalBeforeUpload([{ name: "cnh.docx", size: MiB, type: "application/msword" }], limit)).toBe(
      "“cnh.docx” não é um PDF nem uma foto. Envie o documento em PDF, JPEG ou PNG.",
    );
    expect(
      refusalBeforeUpload([{ name: "foto.pdf", size: MiB, type: "application/pdf" }], { ...limit, photo: true }),
    ).toBe("“foto.pdf” não é uma foto. Escolha uma imagem JPEG ou PNG, ou tire a foto agora.");
  });
});
