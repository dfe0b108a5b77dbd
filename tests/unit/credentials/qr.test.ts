import { describe, expect, it } from "vitest";
import { isDark, QR_ERROR_CORRECTION, qrMatrix, qrRects, verificationUrl } from "~/credentials/qr";
import { vectors } from "./fixtures";

describe("verification URL", () => {
  it("is <base>/v/<token>, whatever trailing slashes the base has", () => {
    expect(verificationUrl("https://credencia.jardim.ms.gov.br", "abc.def.ghi")).toBe(
      "https://credencia.jardim.ms.gov.br/v/abc.def.ghi",
    );
    expect(verificationUrl("https://x.gov.br//", "t")).toBe("https://x.gov.br/v/t");
  });

  it.each(vectors.valid.map((v) => [v.name, v] as const))("matches the vector's QR text for %s", (_n, v) => {
    expect(verificationUrl(vectors.baseUrl, v.token)).toBe(v.qrText);
  });
});

describe("QR matrix", () => {
  const text = vectors.valid[0].qrText;

  it("has the recorded version for a long name and a Mercosul plate (EC M)", () => {
    const m = qrMatrix(text, "M");
    expect(m.version).toBe(vectors.valid[0].qrVersionEcM);
    expect(m.version).toBeLessThanOrEqual(16);
    expect(m.size).toBe(17 + 4 * m.version);
  });

  it("is version 14 at most on the crachá (EC L, ADR 027): 73 modules, ≥ 0.5 mm in 37 mm", () => {
    const m = qrMatrix(text, QR_ERROR_CORRECTION.badge);
    expect(QR_ERROR_CORRECTION.badge).toBe("L");
    expect(m.version).toBeLessThanOrEqual(14);
    expect(37 / m.size).toBeGreaterThanOrEqual(0.5);
  });

  it("merged rectangles cover exactly the dark modules, without overlap", () => {
    const m = qrMatrix(text, "M");
    const covered = new Uint8Array(m.size * m.size);
    for (const r of qrRects(m)) {
      for (let y = r.y; y < r.y + r.h; y++) for (let x = r.x; x < r.x + r.w; x++) covered[y * m.size + x]++;
    }
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++) expect(covered[y * m.size + x]).toBe(isDark(m, x, y) ? 1 : 0);
  });

  it("needs far fewer rectangles than dark modules", () => {
    const m = qrMatrix(text, "M");
    const dark = m.modules.reduce((a, b) => a + b, 0);
    expect(qrRects(m).length).toBeLessThan(dark / 2);
  });
});
