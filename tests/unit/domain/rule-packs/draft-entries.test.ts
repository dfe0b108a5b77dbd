// The draft's rules one by one (issue #30's editor): listed with what names them, and "Retirar"
// takes one out with the law's words only it cited — refused when the text moved under the page.
import { describe, expect, it } from "vitest";
import { citationFor } from "~/domain/laws/citation";
import { checkPackDocument } from "~/domain/rule-packs";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { documentObject } from "~/domain/rule-packs/document";
import { draftEntries, removeFromDraft } from "~/domain/rule-packs/draft-entries";
import { MOTOTAXI_DRAFT, proposals } from "./new-town-draft";

const LAW_LABEL = "Lei 1.234/2025";
const full = acceptAllProposals(
  MOTOTAXI_DRAFT,
  proposals.map((p) => ({ ...p, citation: citationFor(LAW_LABEL, p.anchor) })),
).text;

describe("the draft's rules, one by one", () => {
  it("lists every rule with its list, place and name", () => {
    const entries = draftEntries(documentObject(full));
    expect(entries.filter((e) => e.list === "documents").map((e) => e.key)).toEqual([
      "CNH",
      "CERTIFICADO_CURSO_ESPECIALIZADO",
      "CERTIDAO_CRIMINAL",
      "ATESTADO_ANTECEDENTES",
      "COMPROVANTE_RESIDENCIA",
      "FOTO",
    ]);
    expect(entries.find((e) => e.list === "infractions.catalogue")).toMatchObject({ index: 0, key: "ART9_I" });
    expect(draftEntries(documentObject("{ quebrado"))).toEqual([]);
  });

  it("takes one out with the law's words only it cited, keeping those another rule cites", () => {
    const at = draftEntries(documentObject(full)).find((e) => e.key === "ATESTADO_ANTECEDENTES")!;
    const removed = removeFromDraft(full, at.list, at.index, at.key);
    expect(removed.ok).toBe(true);
    const doc = JSON.parse((removed as { text: string }).text);
    expect(doc.documents.map((d: { type: string }) => d.type)).not.toContain("ATESTADO_ANTECEDENTES");
    // § 1º also asks the comprovante de residência: its words stay.
    expect(doc.quotes[`${LAW_LABEL}, art. 3º, § 1º`]).toBeDefined();
    const age = draftEntries(doc).find((e) => e.key === "min_age")!;
    const noAge = JSON.parse(
      (removeFromDraft(JSON.stringify(doc), age.list, age.index, age.key) as { text: string }).text,
    );
    expect(noAge.personRules.map((r: { id: string }) => r.id)).not.toContain("min_age");
    expect(noAge.quotes[`${LAW_LABEL}, art. 3º, I`]).toBeUndefined();
    // The quotes left are exactly those still cited: no problem about them.
    const problems = checkPackDocument(JSON.stringify(noAge)).problems.map((p) => p.problem);
    expect(problems.filter((p) => p.includes("trecho"))).toEqual([]);
  });

  it("takes out an example applicant by its name, and not one whose name is not at that place", () => {
    const doc = JSON.parse(full);
    doc.examples = [
      { name: "Mototaxista de 20 anos", expected: "ELIGIBLE" },
      { name: "Mototaxista de 17 anos", expected: "NOT_ELIGIBLE" },
    ];
    const text = JSON.stringify(doc);
    const removed = removeFromDraft(text, "examples", 1, "Mototaxista de 17 anos");
    expect(JSON.parse((removed as { text: string }).text).examples.map((e: { name: string }) => e.name)).toEqual([
      "Mototaxista de 20 anos",
    ]);
    expect(removeFromDraft(text, "examples", 0, "Mototaxista de 17 anos")).toMatchObject({ ok: false });
    // Examples are not rules: the draft's rules do not list them.
    expect(draftEntries(doc).some((e) => e.key.startsWith("Mototaxista"))).toBe(false);
  });

  it("refuses when the rule is no longer at that place, or the text is not JSON", () => {
    const at = draftEntries(documentObject(full)).find((e) => e.key === "FOTO")!;
    expect(removeFromDraft(full, at.list, at.index, "CNH")).toEqual({
      ok: false,
      problem: "Esta regra não está mais nesse lugar do texto: recarregue a página e tente de novo.",
    });
    expect(removeFromDraft(full, "quotes", 0, "x")).toMatchObject({ ok: false });
    expect(removeFromDraft("{ quebrado", "documents", 0, "CNH")).toMatchObject({ ok: false });
  });
});
