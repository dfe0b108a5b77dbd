import { describe, expect, it } from "vitest";
import { contentDisposition, downloadName, sanitizeFilename } from "~/domain/files/filename";

describe("sanitizeFilename", () => {
  it("keeps only the last path segment, whichever separator was used", () => {
    expect(sanitizeFilename("../../etc/passwd")).toBe("passwd");
    expect(sanitizeFilename("C:\\Users\\ana\\Documentos\\cnh.pdf")).toBe("cnh.pdf");
    expect(sanitizeFilename("..\\..\\boot.ini")).toBe("boot.ini");
  });

  it("never yields a dot-name, an empty name or a bare '..'", () => {
    expect(sanitizeFilename("..")).toBe("arquivo");
    expect(sanitizeFilename("../")).toBe("arquivo");
    expect(sanitizeFilename(".htaccess")).toBe("htaccess");
    expect(sanitizeFilename("")).toBe("arquivo");
    expect(sanitizeFilename(null)).toBe("arquivo");
    expect(sanitizeFilename("   ")).toBe("arquivo");
    expect(sanitizeFilename("comprovante.pdf. . ")).toBe("comprovante.pdf");
  });

  it("drops control characters, line breaks and bidirectional overrides", () => {
    expect(sanitizeFilename("relat\u0000ório\u0007\r\n.pdf")).toBe("relatório.pdf");
    // U+202E would make "cnh\u202Efdp.exe" display as "cnhexe.pdf".
    expect(sanitizeFilename("cnh\u202Efdp.exe")).toBe("cnhfdp.exe");
    expect(sanitizeFilename("a\u200Bb\u2028c.pdf")).toBe("abc.pdf");
  });

  it("replaces characters reserved by Windows and header syntax", () => {
    expect(sanitizeFilename('foto "3x4" <frente>|verso?.jpg')).toBe("foto _3x4_ _frente__verso_.jpg");
  });

  it("prefixes Windows device names, whatever the extension or case", () => {
    expect(sanitizeFilename("CON.pdf")).toBe("_CON.pdf");
    expect(sanitizeFilename("nul")).toBe("_nul");
    expect(sanitizeFilename("Com1.tar.gz")).toBe("_Com1.tar.gz");
    expect(sanitizeFilename("lpt9 .jpg")).toBe("_lpt9 .jpg");
    expect(sanitizeFilename("..\\aux.png")).toBe("_aux.png");
    // Only the whole first part: these are ordinary names.
    expect(sanitizeFilename("console.pdf")).toBe("console.pdf");
    expect(sanitizeFilename("com10.pdf")).toBe("com10.pdf");
    expect(sanitizeFilename("minha-con.pdf")).toBe("minha-con.pdf");
  });

  it("keeps Portuguese letters, composed to NFC", () => {
    expect(sanitizeFilename("Habilitac\u0327a\u0303o São João.pdf")).toBe("Habilitação São João.pdf");
  });

  it("limits the length in characters and keeps the extension", () => {
    const long = `${"ç".repeat(300)}.pdf`;
    const clean = sanitizeFilename(long);
    expect(Array.from(clean)).toHaveLength(120);
    expect(clean.endsWith(".pdf")).toBe(true);
    expect(sanitizeFilename("😀".repeat(200), 10)).toBe("😀".repeat(10)); // no split surrogate
  });
});

describe("downloadName", () => {
  it("adds the extension of the real type when the name does not have it", () => {
    expect(downloadName("cnh.pdf", "image/jpeg")).toBe("cnh.pdf.jpg");
    expect(downloadName("foto.JPEG", "image/jpeg")).toBe("foto.JPEG");
    expect(downloadName("documento", "application/pdf")).toBe("documento.pdf");
  });
});

describe("contentDisposition", () => {
  it("sends an ASCII fallback and the UTF-8 name per RFC 5987", () => {
    expect(contentDisposition("Habilitação (frente).pdf", "attachment")).toBe(
      `attachment; filename="Habilitacao (frente).pdf"; filename*=UTF-8''Habilita%C3%A7%C3%A3o%20%28frente%29.pdf`,
    );
  });

  it("cannot be broken out of: quotes, backslashes and line breaks never reach the header", () => {
    const header = contentDisposition('x".pdf"; filename="evil.html\r\nSet-Cookie: a=b', "inline");
    // One quoted ASCII parameter without quote, backslash or line break; one RFC 5987 token.
    expect(header).toMatch(/^inline; filename="[^"\\\r\n]*"; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+$/);
    expect(header).toContain("Set-Cookie_ a=b"); // the colon is gone, and it stays inside the quotes
  });
});
