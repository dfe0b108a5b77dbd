// What the law asks of the vehicle, its inspection and the driver in service, accepted into a draft
// (ADR 074): the registration, the town and the owner as vehicle rules; the vistoria's period under
// its `periodCitation`; the seal it issues as a credential; the course as its certificate; what the
// driver wears, for the service the law names. A vistoria the law lists no items for checks the
// federal floor's, and none at all is refused. And every proposal at once ("Incluir todas").
import { describe, expect, it } from "vitest";
import { citationFor } from "~/domain/laws/citation";
import type { Proposal } from "~/domain/laws/proposals";
import { acceptAllProposals, acceptProposal, proposalsInDraft } from "~/domain/rule-packs/accept-proposal";
import { federalBr } from "~/domain/rule-packs/federal-br";
import { mergeVistoria } from "~/domain/rule-packs/merge";
import type { VistoriaSpec } from "~/domain/rule-packs/schema";
import { MOTOTAXI_DRAFT, proposals } from "./new-town-draft";

const LAW_LABEL = "Lei 1.234/2025";
const only = (kind: Proposal["kind"]) => proposals.filter((p) => p.kind === kind);
/** The draft's text with these proposals accepted in turn, each at its own unit's citation. */
function accepted(text: string, ...taken: Proposal[]): string {
  return taken.reduce((t, p) => {
    const result = acceptProposal(t, p, citationFor(LAW_LABEL, p.anchor));
    if (!result.ok) throw new Error(result.problem);
    return result.text;
  }, text);
}

describe("the vehicle and its vistoria, from the law into a draft", () => {
  it("takes the registration category, the town and the owner as vehicle rules citing their incisos", () => {
    const [category] = only("VEHICLE_REGISTRATION_CATEGORY");
    const [town] = only("VEHICLE_LICENSED_HERE");
    const [owner] = only("VEHICLE_OWNERSHIP");
    const doc = JSON.parse(accepted(MOTOTAXI_DRAFT, category, town, owner));
    const scope = { appliesTo: { modes: ["AUTONOMO"] } };
    expect(doc.vehicleRules).toEqual([
      {
        id: "vehicle_registration_category",
        kind: "REGISTRATION_CATEGORY",
        category: "ALUGUEL",
        citation: `${LAW_LABEL}, art. 4º, III`,
        ...scope,
      },
      {
        id: "vehicle_licensing_municipality",
        kind: "LICENSED_IN_MUNICIPALITY",
        exceptLeased: false,
        citation: `${LAW_LABEL}, art. 4º, III`,
        ...scope,
      },
      {
        id: "vehicle_ownership",
        kind: "OWNERSHIP",
        allowed: ["HOLDER"],
        citation: `${LAW_LABEL}, art. 4º, IV`,
        ...scope,
      },
    ]);
    expect(doc.quotes[`${LAW_LABEL}, art. 4º, IV`]).toBe("ser de propriedade do condutor.");
  });

  it("takes the vistoria's period under periodCitation and its seal as a credential issued on the vistoria", () => {
    const [period] = only("VISTORIA_PERIOD");
    const [seal] = only("VISTORIA_SEAL");
    const text = accepted(MOTOTAXI_DRAFT, period, seal);
    const doc = JSON.parse(text);
    const art5 = `${LAW_LABEL}, art. 5º`;
    expect(doc.vistorias).toEqual([
      {
        id: "vistoria",
        period: "P1Y",
        discretionary: false,
        items: [],
        periodCitation: art5,
        appliesTo: { modes: ["AUTONOMO"] },
      },
    ]);
    expect(doc.credentials).toEqual([
      {
        type: "SELO_VISTORIA",
        label: "Selo de vistoria",
        validity: { kind: "UNTIL_NEXT_VISTORIA", citation: art5 },
        issuedOn: "VISTORIA",
        citation: art5,
        appliesTo: { modes: ["AUTONOMO"] },
      },
    ]);
    // Counted as in the draft by the key its citation is under; a second vistoria is refused by its id.
    const inDraft = proposalsInDraft(text);
    expect(inDraft(period, art5)).toBe(true);
    expect(inDraft(period, `${LAW_LABEL}, art. 4º`)).toBe(false);
    expect(inDraft(seal, art5)).toBe(true);
    expect(acceptProposal(text, period, art5)).toEqual({
      ok: false,
      problem: "O rascunho já tem a regra “vistoria”: ajuste-a no texto.",
    });
  });

  it("takes the course as the certificate that proves it, and the CNH of the category the law asks", () => {
    const [course] = only("COURSE");
    const cnh = only("DOCUMENT").find((p) => p.key === "CNH")!;
    expect(cnh.anchor).toBe("art3_cpt_inc2");
    const doc = JSON.parse(accepted(MOTOTAXI_DRAFT, cnh, course));
    expect(doc.documents).toEqual([
      expect.objectContaining({ type: "CNH", validity: { kind: "OWN_EXPIRY" }, citation: `${LAW_LABEL}, art. 3º, II` }),
      expect.objectContaining({
        type: "CERTIFICADO_CURSO_ESPECIALIZADO",
        validity: { kind: "NONE" },
        citation: `${LAW_LABEL}, art. 3º, IV`,
      }),
    ]);
  });
});

describe("what the driver wears in service, from the law into a draft", () => {
  it("takes the colete and capacete of the mototáxi as a requirement of that service, once", () => {
    const [worn] = only("SERVICE_EQUIPMENT");
    expect(worn).toMatchObject({ anchor: "art3_par2", key: "COLETE_CAPACETE" });
    const text = accepted(MOTOTAXI_DRAFT, worn);
    expect(JSON.parse(text).serviceRequirements).toEqual([
      {
        code: "COLETE_CAPACETE",
        label: "Colete e capacete com a identificação do serviço",
        citation: `${LAW_LABEL}, art. 3º, § 2º`,
        appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] },
      },
    ]);
    expect(acceptProposal(text, worn, `${LAW_LABEL}, art. 3º, § 2º`)).toEqual({
      ok: false,
      problem:
        "O rascunho já pede “Colete e capacete com a identificação do serviço” em serviço (COLETE_CAPACETE): ajuste-o no texto.",
    });
    // Art. 9º, I ("deixar de usar o colete") is the infraction, not a second requirement.
    expect(only("SERVICE_EQUIPMENT")).toHaveLength(1);
  });
});

describe("a vistoria whose law lists no items", () => {
  const own: VistoriaSpec = {
    id: "vistoria",
    appliesTo: { modes: ["AUTONOMO"] },
    period: "P1Y",
    periodCitation: `${LAW_LABEL}, art. 5º`,
    discretionary: false,
    items: [],
  };

  it("checks the federal floor's items, at the stricter period", () => {
    const motofrete = federalBr.vistorias.find((v) => v.appliesTo.categories?.includes("MOTOFRETE"))!;
    const conflicts: { rule: string; problem: string }[] = [];
    const merged = mergeVistoria(own, motofrete, conflicts)!;
    expect(conflicts).toEqual([]);
    expect(merged.items.map((i) => [i.code, i.layer])).toEqual(motofrete.items.map((i) => [i.code, "FEDERAL"]));
    // CTB art. 139-A, IV: every six months, stricter than the town's year.
    expect(merged.period).toBe("P6M");
  });

  it("is refused where the federal floor has none either, naming the vistoria", () => {
    const conflicts: { rule: string; problem: string }[] = [];
    mergeVistoria(own, undefined, conflicts);
    expect(conflicts).toEqual([{ rule: "vistoria", problem: expect.stringContaining("não tem itens a conferir") }]);
  });
});

describe("including every proposal at once", () => {
  const cited = proposals.map((p) => ({ ...p, citation: citationFor(LAW_LABEL, p.anchor) }));

  it("includes what the draft lacks, in the law's order, and leaves a second rule of a kind to the author", () => {
    const all = acceptAllProposals(MOTOTAXI_DRAFT, cited);
    const doc = JSON.parse(all.text);
    expect(doc.personRules.map((r: { id: string }) => r.id)).toEqual([
      "min_age",
      "cnh_category",
      "cnh_min_years",
      "cnh_ear",
      "residence",
    ]);
    expect(doc.vistorias.map((v: { id: string }) => v.id)).toEqual(["vistoria"]);
    expect(doc.credentials.map((c: { type: string }) => c.type)).toEqual(["SELO_VISTORIA", "CRACHA"]);
    // Every proposal but none is in the draft now; nothing is left out of Vale do Ipê's law.
    const inDraft = proposalsInDraft(all.text);
    expect(cited.filter((p) => !inDraft(p, p.citation)).map((p) => p.kind)).toEqual([]);
    expect(all).toMatchObject({ left: 0 });
    expect(all.included).toHaveLength(cited.length);
    // Again: nothing new.
    expect(acceptAllProposals(all.text, cited)).toEqual({ text: all.text, included: [], left: 0 });
  });

  it("leaves out a rule of a kind the draft has at another citation, and one that needs a choice", () => {
    const age = cited.find((p) => p.kind === "MIN_AGE")!;
    const quota = cited.find((p) => p.kind === "QUOTA")!;
    const elsewhere = { ...age, citation: `${LAW_LABEL}, art. 12` };
    const withAge = accepted(MOTOTAXI_DRAFT, age);
    const all = acceptAllProposals(withAge, [elsewhere, { ...quota, value: { inhabitantsPerUnit: 1000 } }]);
    expect(all).toEqual({ text: withAge, included: [], left: 2 });
  });
});
