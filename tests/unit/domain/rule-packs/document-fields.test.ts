// The draft's documents as fields (issue #30's editor): the name on the checklist and the validity,
// read from the text and written back; a wrong field is named and nothing is written.
import { describe, expect, it } from "vitest";
import { citationFor } from "~/domain/laws/citation";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { documentFields, withDocumentFields } from "~/domain/rule-packs/document-fields";
import { MOTOTAXI_DRAFT, proposals } from "./new-town-draft";

const text = acceptAllProposals(
  MOTOTAXI_DRAFT,
  proposals.map((p) => ({ ...p, citation: citationFor("Lei 1.234/2025", p.anchor) })),
).text;
const at = (type: string) => documentFields(text)!.find((f) => f.type === type)!;
/** A document's fields as the form sends them, with these changes. */
const typedFor = (type: string, change: Record<string, string> = {}) => {
  const f = at(type);
  return {
    [`documento.${f.index}.tipo`]: f.type,
    [`documento.${f.index}.nome`]: f.label,
    [`documento.${f.index}.validade`]: f.validity ?? "",
    [`documento.${f.index}.prazo`]: f.amount === null ? "" : String(f.amount),
    [`documento.${f.index}.unidade`]: f.unit,
    ...Object.fromEntries(Object.entries(change).map(([k, v]) => [`documento.${f.index}.${k}`, v])),
  };
};

describe("the draft's documents as fields", () => {
  it("reads each with its name and validity: none, own expiry, a term, recent", () => {
    expect(at("CERTIDAO_CRIMINAL")).toMatchObject({ validity: "DURATION", amount: 90, unit: "D" });
    expect(at("CNH")).toMatchObject({ validity: "OWN_EXPIRY", amount: null });
    expect(at("COMPROVANTE_RESIDENCIA")).toMatchObject({
      validity: "RECENT",
      parameter: "diasComprovanteResidenciaAtualizado",
    });
    expect(documentFields("[]")).toBeNull();
  });

  it("writes a new name and a new term, and leaves alone what did not change", () => {
    const written = withDocumentFields(text, {
      ...typedFor("CERTIDAO_CRIMINAL", { prazo: "6", unidade: "M" }),
      ...typedFor("ATESTADO_ANTECEDENTES", { nome: "Atestado de antecedentes criminais (Polícia Civil)" }),
      ...typedFor("CNH"),
    });
    expect(written).toMatchObject({ ok: true, changed: 2 });
    const docs = JSON.parse((written as { text: string }).text).documents;
    const of = (type: string) => docs.find((d: { type: string }) => d.type === type);
    expect(of("CERTIDAO_CRIMINAL").validity).toEqual({ kind: "DURATION", duration: "P6M" });
    expect(of("ATESTADO_ANTECEDENTES").label).toBe("Atestado de antecedentes criminais (Polícia Civil)");
    expect(of("CNH")).toEqual(JSON.parse(text).documents.find((d: { type: string }) => d.type === "CNH"));
  });

  it("names every wrong field at once: no name, no term, a recent without its parameter", () => {
    const written = withDocumentFields(text, {
      ...typedFor("CERTIDAO_CRIMINAL", { nome: " ", prazo: "0" }),
      ...typedFor("CNH", { validade: "RECENT" }),
    });
    const cert = at("CERTIDAO_CRIMINAL").index;
    const cnh = at("CNH").index;
    expect(written).toEqual({
      ok: false,
      errors: {
        [`documento.${cert}.nome`]: "CERTIDAO_CRIMINAL: escreva o nome do documento, como o condutor o conhece.",
        [`documento.${cert}.prazo`]: "CERTIDAO_CRIMINAL: informe o prazo em dias, um número inteiro maior que zero.",
        [`documento.${cnh}.validade`]: expect.stringContaining("“recente” precisa de um parâmetro de dias"),
      },
    });
  });
});
