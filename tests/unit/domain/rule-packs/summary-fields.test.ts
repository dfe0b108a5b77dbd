// The draft's summary and silences as two fields (issue #30's editor).
import { describe, expect, it } from "vitest";
import { summaryFields, withSummaryFields } from "~/domain/rule-packs/summary-fields";
import { skeleton } from "./new-town-draft";

describe("the draft's summary and silences", () => {
  it("reads the summary and the silences one per line", () => {
    const text = JSON.stringify({ ...JSON.parse(skeleton), silences: ["Um.", "Dois."] });
    expect(summaryFields(text)).toEqual({
      summary: "Regras de Vale do Ipê (MG) para o transporte em motocicleta.",
      silences: "Um.\nDois.",
    });
    expect(summaryFields("[]")).toBeNull();
  });

  it("writes them back, blank lines dropped, and asks for a summary", () => {
    const written = withSummaryFields(skeleton, {
      summary: "  Mototáxi e motofrete\n(art. 2º). ",
      silences: "O art. 3º, V, pede residência há 1 ano.\r\n\r\n  Outro silêncio.  ",
    });
    expect(written.ok).toBe(true);
    const doc = JSON.parse((written as { text: string }).text);
    expect(doc.summary).toBe("Mototáxi e motofrete (art. 2º).");
    expect(doc.silences).toEqual(["O art. 3º, V, pede residência há 1 ano.", "Outro silêncio."]);
    expect(withSummaryFields(skeleton, { summary: " ", silences: "" })).toEqual({
      ok: false,
      errors: { summary: "Escreva o resumo: o que o pacote regula, em uma ou duas frases." },
    });
    expect(withSummaryFields("{", { summary: "x" })).toMatchObject({ ok: false });
  });
});
