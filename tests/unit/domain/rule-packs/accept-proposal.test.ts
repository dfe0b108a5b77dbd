// A proposal read from the law accepted into a draft (ADR 069): it becomes a rule with its unit's
// citation and words; a kind that needs choices the law does not make is left to the author.
import { describe, expect, it } from "vitest";
import { citationFor } from "~/domain/laws/citation";
import { citedDraftFromLaw } from "~/domain/laws/proposals";
import { structureOfLaw } from "~/domain/laws/structure";
import { checkPackDocument } from "~/domain/rule-packs";
import { acceptableIn, acceptProposal, proposalsInDraft, skeletonDocument } from "~/domain/rule-packs/accept-proposal";
import { zInfractionRules } from "~/domain/rule-packs/infraction-schema";
import { zDocumentRequirement } from "~/domain/rule-packs/schema";
import { LAW, MOTOTAXI_DRAFT, proposals, skeleton, SKELETON_INPUT } from "./new-town-draft";

describe("a new town's draft", () => {
  it("starts from what the portal knows, and its problems say what is still to write", () => {
    const doc = JSON.parse(skeleton);
    // The town's own fiscal unit, as the admin wrote it; one that is not an acronym is left to the author.
    expect(doc).toMatchObject({ id: "vale-do-ipe-mg", law: { label: "Lei 1.234/2025" }, fiscalUnit: "UFVI" });
    const spelledOut = skeletonDocument({ ...SKELETON_INPUT, fiscalUnit: "unidade fiscal" });
    expect(JSON.parse(spelledOut).fiscalUnit).toBeNull();
    const { pack, problems } = checkPackDocument(skeleton);
    expect(pack).toBeNull();
    expect(problems.map((p) => p.problem).join(" ")).toContain("categories");
  });

  it("takes a proposal as a rule with its citation, the law's words, and the draft's modes", () => {
    const age = proposals.find((p) => p.kind === "MIN_AGE")!;
    const citation = citationFor("Lei 1.234/2025", age.anchor);
    const accepted = acceptProposal(MOTOTAXI_DRAFT, age, citation);
    expect(accepted.ok).toBe(true);
    const doc = JSON.parse((accepted as { text: string }).text);
    expect(doc.personRules).toEqual([
      { id: "min_age", kind: "MIN_AGE", years: 21, citation, appliesTo: { modes: ["AUTONOMO"] } },
    ]);
    expect(doc.quotes[citation]).toBe(age.quote);
    // Accepted again, it gets its own id instead of replacing the first.
    const twice = acceptProposal((accepted as { text: string }).text, age, citation);
    expect(JSON.parse((twice as { text: string }).text).personRules.map((r: { id: string }) => r.id)).toEqual([
      "min_age",
      "min_age_2",
    ]);
  });

  it("counts a proposal as in the draft by its rule, not by another rule citing the same inciso", () => {
    // Art. 3º, II proposes two rules: the CNH's category and how long it has been held.
    const category = proposals.find((p) => p.kind === "CNH_CATEGORY")!;
    const years = proposals.find((p) => p.kind === "CNH_MIN_YEARS")!;
    expect(years.anchor).toBe(category.anchor);
    const citation = citationFor("Lei 1.234/2025", category.anchor);
    const first = (acceptProposal(MOTOTAXI_DRAFT, category, citation) as { text: string }).text;
    expect(proposalsInDraft(first)(category, citation)).toBe(true);
    expect(proposalsInDraft(first)(years, citation)).toBe(false);
    const both = (acceptProposal(first, years, citation) as { text: string }).text;
    expect(proposalsInDraft(both)(years, citation)).toBe(true);
    // A kind written by hand (a quota) is in the draft once the text cites its unit; a broken text is read by its citations.
    const quota = proposals.find((p) => p.kind === "QUOTA")!;
    const quotaCitation = citationFor("Lei 1.234/2025", quota.anchor);
    expect(proposalsInDraft(both)(quota, quotaCitation)).toBe(false);
    expect(proposalsInDraft(`{ "citation": ${JSON.stringify(quotaCitation)}`)(quota, quotaCitation)).toBe(true);
    expect(proposalsInDraft(`{ "citation": ${JSON.stringify(citation)}`)(years, citation)).toBe(true);
  });

  it("takes a fee in the town's fiscal unit and the appeal's term, each where the pack keeps it", () => {
    const fee = proposals.find((p) => p.kind === "FEE")!;
    const appeal = proposals.find((p) => p.kind === "APPEAL_DEADLINE")!;
    const feeCitation = citationFor("Lei 1.234/2025", fee.anchor);
    const appealCitation = citationFor("Lei 1.234/2025", appeal.anchor);
    expect([feeCitation, appealCitation]).toEqual([
      "Lei 1.234/2025, art. 7º",
      "Lei 1.234/2025, art. 10, parágrafo único",
    ]);
    const withFee = (acceptProposal(skeleton, fee, feeCitation) as { text: string }).text;
    const both = (acceptProposal(withFee, appeal, appealCitation) as { text: string }).text;
    const doc = JSON.parse(both);
    // No modes: a fee is the town's, not a rule of a mode.
    expect(doc.fees).toEqual([{ id: "taxa", label: "Taxa (art. 7º)", amount: 5, unit: "UFVI", citation: feeCitation }]);
    expect(doc.infractions).toEqual({
      catalogue: [],
      enforcement: { appeal: { within: "P15D", citation: appealCitation } },
    });
    expect(doc.quotes[appealCitation]).toBe(appeal.quote);
    expect(proposalsInDraft(both)(fee, feeCitation)).toBe(true);
    expect(proposalsInDraft(both)(appeal, appealCitation)).toBe(true);
    expect(proposalsInDraft(withFee)(appeal, appealCitation)).toBe(false);
    // A draft with no fiscal unit takes the one the law names.
    const noUnit = JSON.stringify({ ...JSON.parse(skeleton), fiscalUnit: null });
    expect(JSON.parse((acceptProposal(noUnit, fee, feeCitation) as { text: string }).text).fees[0].unit).toBe("UFVI");
  });

  it("takes the documents the law names, each with its validity, one requirement per type", () => {
    const documents = proposals.filter((p) => p.kind === "DOCUMENT");
    let text = MOTOTAXI_DRAFT;
    for (const p of documents) {
      const accepted = acceptProposal(text, p, citationFor("Lei 1.234/2025", p.anchor));
      expect(accepted.ok).toBe(true);
      text = (accepted as { text: string }).text;
    }
    const doc = JSON.parse(text);
    expect(doc.documents.map((d: { type: string; validity: unknown }) => [d.type, d.validity])).toEqual([
      ["CNH", { kind: "OWN_EXPIRY" }],
      ["CERTIDAO_CRIMINAL", { kind: "DURATION", duration: "P90D" }],
      ["ATESTADO_ANTECEDENTES", { kind: "NONE" }],
      ["COMPROVANTE_RESIDENCIA", { kind: "RECENT", parameter: "diasComprovanteResidenciaAtualizado" }],
      ["FOTO", { kind: "NONE" }],
    ]);
    // Each is a requirement the pack's schema takes, for the draft's modes, citing its unit.
    for (const d of doc.documents) expect(zDocumentRequirement.safeParse(d).success).toBe(true);
    expect(doc.documents[4]).toMatchObject({ holderPhoto: true, citation: "Lei 1.234/2025, art. 8º, a" });
    expect(doc.documents[1].appliesTo).toEqual({ modes: ["AUTONOMO"] });
    // "Atualizado" is a number of days the law leaves to the gestor: a parameter that says so.
    expect(doc.parameters.diasComprovanteResidenciaAtualizado).toMatchObject({
      unit: "DAYS",
      value: 90,
      editable: true,
      citation: "Lei 1.234/2025, art. 3º, § 1º",
      note: expect.stringContaining("A lei diz apenas “atualizado”"),
    });
    // Both documents of § 1º are in the draft, each by its type; a second certidão is refused by name.
    const [, certidao, atestado] = documents;
    expect(proposalsInDraft(text)(atestado, "Lei 1.234/2025, art. 3º, § 1º")).toBe(true);
    const onlyCertidao = (
      acceptProposal(MOTOTAXI_DRAFT, certidao, "Lei 1.234/2025, art. 3º, VI") as {
        text: string;
      }
    ).text;
    expect(proposalsInDraft(onlyCertidao)(atestado, "Lei 1.234/2025, art. 3º, § 1º")).toBe(false);
    expect(acceptProposal(onlyCertidao, certidao, "Lei 1.234/2025, art. 3º, VI")).toEqual({
      ok: false,
      problem: "O rascunho já pede “Certidão negativa criminal” (CERTIDAO_CRIMINAL): ajuste-o no texto.",
    });
  });

  it("takes the law's infractions with its penalties, and its scale of penalties, one infraction per code", () => {
    const cited = citedDraftFromLaw("Lei 1.234/2025", structureOfLaw(LAW).units).proposals;
    let text = skeleton;
    for (const p of cited.filter((p) => p.kind === "INFRACTION" || p.kind === "PENALTIES")) {
      const accepted = acceptProposal(text, p, p.citation);
      expect(accepted.ok).toBe(true);
      text = (accepted as { text: string }).text;
    }
    const { infractions, quotes } = JSON.parse(text);
    // What the pack's schema takes: no modes (an infraction is the town's), each with its code and citation.
    expect(zInfractionRules.safeParse(infractions).success).toBe(true);
    expect(infractions.catalogue.map((i: { code: string; citation: string }) => [i.code, i.citation])).toEqual([
      ["ART9_I", "Lei 1.234/2025, art. 9º, I"],
      ["ART9_II", "Lei 1.234/2025, art. 9º, II"],
      ["ART9_III", "Lei 1.234/2025, art. 9º, III"],
    ]);
    expect(infractions.catalogue[0].penalty).toMatchObject({
      warning: true,
      fine: { min: 2, max: 10, unit: "UFVI" },
      suspension: { maxDays: 30 },
      cassacao: true,
      citation: "Lei 1.234/2025, art. 10",
    });
    expect(infractions.penaltyScale).toEqual({
      penalties: [
        "advertência escrita",
        "multa de 2 (duas) a 10 (dez) UFVI",
        "suspensão da permissão ou da autorização por até 30 (trinta) dias",
        "cassação da permissão ou da autorização",
      ],
      citation: "Lei 1.234/2025, art. 10",
    });
    expect(quotes["Lei 1.234/2025, art. 10"]).toBe(
      "As infrações sujeitam o infrator às seguintes penalidades, aplicadas conforme a gravidade:",
    );
    const first = cited.find((p) => p.kind === "INFRACTION")!;
    expect(proposalsInDraft(text)(first, first.citation)).toBe(true);
    expect(proposalsInDraft(skeleton)(first, first.citation)).toBe(false);
    expect(acceptProposal(text, first, first.citation)).toEqual({
      ok: false,
      problem: "O rascunho já tem a infração ART9_I: ajuste-a no texto.",
    });
  });

  it("takes the crachá the law describes, each field citing its alínea with its words, for the draft's modes", () => {
    const card = citedDraftFromLaw("Lei 1.234/2025", structureOfLaw(LAW).units).proposals.find(
      (p) => p.kind === "ID_CARD",
    )!;
    const accepted = acceptProposal(MOTOTAXI_DRAFT, card, card.citation);
    const doc = JSON.parse((accepted as { text: string }).text);
    expect(doc.identificationCard).toEqual({
      cards: [
        {
          label: "Crachá de identificação",
          credential: "CRACHA",
          fields: [
            { field: "HOLDER_NAME", citation: "Lei 1.234/2025, art. 8º, a" },
            { field: "PHOTO", citation: "Lei 1.234/2025, art. 8º, a" },
            { field: "REGISTRATION_NUMBER", citation: "Lei 1.234/2025, art. 8º, b" },
            { field: "BLOOD_TYPE", citation: "Lei 1.234/2025, art. 8º, c" },
          ],
          citation: "Lei 1.234/2025, art. 8º",
        },
      ],
      appliesTo: { modes: ["AUTONOMO"] },
    });
    expect(doc.quotes["Lei 1.234/2025, art. 8º, c"]).toBe("tipo sanguíneo do condutor.");
    expect(doc.quotes["Lei 1.234/2025, art. 8º"]).toBe(card.quote);
    expect(proposalsInDraft((accepted as { text: string }).text)(card, card.citation)).toBe(true);
    expect(acceptProposal((accepted as { text: string }).text, card, card.citation)).toEqual({
      ok: false,
      problem: "O rascunho já tem o “Crachá de identificação”: ajuste-o no texto.",
    });
  });

  it("takes the vagas and the crachá's validity once the law and the draft say of which service and credential", () => {
    const quota = proposals.find((p) => p.kind === "QUOTA")!;
    const validity = proposals.find((p) => p.kind === "CREDENTIAL_VALIDITY")!;
    // Art. 6º counts "permissões de mototáxi"; art. 8º gives the crachá its year.
    expect(quota.value).toEqual({ inhabitantsPerUnit: 1000, categories: ["MOTOTAXI"], unit: "PERMISSAO" });
    expect(validity.value).toEqual({ duration: "P1Y", credential: "CRACHA", label: "Crachá de identificação" });
    // Without the mototáxi in the draft, the vagas wait for "Quem a lei credencia".
    expect(acceptableIn(skeleton)(quota)).toBe(false);
    expect(acceptProposal(skeleton, quota, "Lei 1.234/2025, art. 6º")).toEqual({
      ok: false,
      problem: "Marque antes, em “Quem a lei credencia”, o serviço de que são estas vagas.",
    });
    expect(acceptableIn(MOTOTAXI_DRAFT)(quota)).toBe(true);
    const withQuota = (acceptProposal(MOTOTAXI_DRAFT, quota, "Lei 1.234/2025, art. 6º") as { text: string }).text;
    const both = (acceptProposal(withQuota, validity, "Lei 1.234/2025, art. 8º") as { text: string }).text;
    const doc = JSON.parse(both);
    expect(doc.quotas).toEqual([
      {
        id: "vagas_mototaxi",
        unit: "PERMISSAO",
        categories: ["MOTOTAXI"],
        modes: ["AUTONOMO"],
        inhabitantsPerUnit: 1000,
        rounding: "FLOOR",
        citation: "Lei 1.234/2025, art. 6º",
      },
    ]);
    expect(doc.credentials).toEqual([
      {
        type: "CRACHA",
        label: "Crachá de identificação",
        validity: { kind: "DURATION", duration: "P1Y", citation: "Lei 1.234/2025, art. 8º" },
        citation: "Lei 1.234/2025, art. 8º",
        appliesTo: { modes: ["AUTONOMO"] },
      },
    ]);
    // A draft typed by hand with a broken category is read, not thrown on.
    const broken = JSON.stringify({ ...JSON.parse(skeleton), categories: [null, { code: "MOTOTAXI", acts: 3 }] });
    expect(acceptableIn(broken)(quota)).toBe(false);
    const age = proposals.find((p) => p.kind === "MIN_AGE")!;
    const withAge = JSON.parse((acceptProposal(broken, age, "Lei 1.234/2025, art. 3º, I") as { text: string }).text);
    expect(withAge.personRules[0].appliesTo).toEqual({ modes: [] });
    // A validity whose unit names no credential is the author's to place.
    const unnamed = { ...validity, value: { duration: "P1Y" } };
    expect(acceptableIn(MOTOTAXI_DRAFT)(unnamed)).toBe(false);
  });

  it("leaves to the author what needs choices, and a broken text as it is", () => {
    const quota = proposals.find((p) => p.kind === "QUOTA")!;
    expect(acceptProposal(skeleton, quota, "Lei 1.234/2025, art. 5º")).toMatchObject({ ok: false });
    const age = proposals.find((p) => p.kind === "MIN_AGE")!;
    expect(acceptProposal("{ quebrado", age, "Lei 1.234/2025, art. 3º, I")).toEqual({
      ok: false,
      problem: expect.stringContaining("não é JSON válido"),
    });
  });
});
