// The draft's rules in words on the draft page (issue #30's editor): each with whom it reaches and
// its citation; an entry typed by hand that does not read as a rule of its list says so.
import { describe, expect, it } from "vitest";
import { draftRuleRows } from "~/components/back-office/rule-pack/draft-rules";
import { citationFor } from "~/domain/laws/citation";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { documentObject } from "~/domain/rule-packs/document";
import { MOTOTAXI_DRAFT, proposals } from "../../domain/rule-packs/new-town-draft";

const LAW_LABEL = "Lei 1.234/2025";
const full = acceptAllProposals(
  MOTOTAXI_DRAFT,
  proposals.map((p) => ({ ...p, citation: citationFor(LAW_LABEL, p.anchor) })),
).text;

describe("the draft's rules in words", () => {
  it("words each one, and says so of an entry that does not read as a rule of its list", () => {
    const rows = draftRuleRows(documentObject(full));
    expect(rows.find((r) => r.key === "min_age")).toMatchObject({
      text: "Idade mínima de 21 anos.",
      who: "Autônomo (titular)",
      citation: `${LAW_LABEL}, art. 3º, I`,
    });
    expect(rows.find((r) => r.key === "vistoria")?.text).toBe("Vistoria a cada 1 ano; itens da camada federal.");
    expect(rows.find((r) => r.key === "CERTIDAO_CRIMINAL")?.text).toBe(
      "Certidão negativa criminal, com validade de 90 dias.",
    );
    const typed = { ...documentObject(full)!, personRules: [{ id: "idade", kind: "MIN_AGE", years: "vinte" }] };
    expect(draftRuleRows(typed)[0]).toMatchObject({
      key: "idade",
      text: "Regra “idade”, escrita no texto (confira os problemas abaixo).",
    });
  });
});
