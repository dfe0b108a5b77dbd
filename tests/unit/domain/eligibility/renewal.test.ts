// Renewal (ADR 057): what a renewal carries over, what it asks again and why, and how the new
// credential's validity counts — pure, with the dates passed in.
import { describe, expect, it } from "vitest";
import { type DocumentOnFile, evaluate } from "~/domain/eligibility";
import {
  carryOverDecision,
  nextWindowOpensOn,
  PORTAL_DEFAULT_RENEWAL,
  renewalCounting,
  renewedValidUntil,
} from "~/domain/eligibility/renewal";
import { type DocumentRequirement, layeredRules } from "~/domain/rule-packs";
import { allPacks, lavrasMg, patrocinioMg } from "~/domain/rule-packs/shipped";

const req = (type: string) =>
  layeredRules(patrocinioMg, "MOTOTAXI", "AUTONOMO").documents.find((d) => d.type === type) as DocumentRequirement;

// Twenty days before the crachá's last day (2026-03-31); renewed "por igual período": 2027-03-31.
const horizon = { date: "2026-03-11", newValidUntil: "2027-03-31" };

describe("carryOverDecision", () => {
  it("asks again the medical certificate that runs out ten days later: the law renews it yearly", () => {
    const d = carryOverDecision(req("ATESTADO_MEDICO"), { issueDate: "2025-03-21" }, patrocinioMg, horizon);
    expect(d).toMatchObject({ decision: "ASKED", reason: "YEARLY", endsOn: "2026-03-21" });
    expect(d.decision === "ASKED" && d.citation).toBe("Lei 4.883/2017, art. 5º, § 2º");
    expect(d.decision === "ASKED" && d.message).toMatch(/renovação anual.*21\/03\/2026.*30\/01\/2027/);
  });

  it("asks a yearly paper that would end before the new credential's renewal window opens", () => {
    const d = carryOverDecision(req("ATESTADO_MEDICO"), { issueDate: "2026-01-15" }, patrocinioMg, horizon);
    expect(d).toMatchObject({ decision: "ASKED", reason: "YEARLY", endsOn: "2027-01-15" });
  });

  it("carries a yearly paper issued inside this renewal's window, saying until when", () => {
    const d = carryOverDecision(req("ATESTADO_MEDICO"), { issueDate: "2026-03-01" }, patrocinioMg, horizon);
    expect(d).toEqual({ type: "ATESTADO_MEDICO", label: expect.any(String), decision: "CARRIED", until: "2027-03-01" });
  });

  it("counts a freshness rule from the renewal: a photo older than 90 days is not recent", () => {
    const old = carryOverDecision(req("FOTO_3X4"), { issueDate: "2025-03-01" }, patrocinioMg, horizon);
    expect(old).toMatchObject({ decision: "ASKED", reason: "NOT_RECENT" });
    expect(old.decision === "ASKED" && old.message).toBe(
      "A lei pede documento recente (emitido há no máximo 90 dias): o anterior é de 01/03/2025.",
    );
    const fresh = carryOverDecision(req("FOTO_3X4"), { issueDate: "2026-02-01" }, patrocinioMg, horizon);
    expect(fresh).toMatchObject({ decision: "CARRIED", until: "2026-05-02" });
  });

  it("asks a paper with its own expiry that ends before the next renewal opens, keeps one that lasts", () => {
    expect(nextWindowOpensOn(horizon)).toBe("2027-01-30");
    const soon = carryOverDecision(req("CNH"), { expiryDate: "2026-08-01" }, patrocinioMg, horizon);
    expect(soon).toMatchObject({ decision: "ASKED", reason: "ENDS_SOON", endsOn: "2026-08-01" });
    expect(soon.decision === "ASKED" && soon.message).toMatch(/01\/08\/2026.*30\/01\/2027/);
    // One day short of the window, and the first day of it.
    expect(carryOverDecision(req("CNH"), { expiryDate: "2027-01-29" }, patrocinioMg, horizon).decision).toBe("ASKED");
    expect(carryOverDecision(req("CNH"), { expiryDate: "2027-01-30" }, patrocinioMg, horizon)).toMatchObject({
      decision: "CARRIED",
      until: "2027-01-30",
    });
  });

  it("asks what expired already, keeps what never expires, asks again when the issue date is missing", () => {
    expect(carryOverDecision(req("CNH"), { expiryDate: "2026-03-10" }, patrocinioMg, horizon)).toMatchObject({
      decision: "ASKED",
      reason: "EXPIRED",
    });
    expect(carryOverDecision(req("RG"), {}, patrocinioMg, horizon)).toMatchObject({ decision: "CARRIED", until: null });
    expect(carryOverDecision(req("CERTIDAO_CRIMINAL"), {}, patrocinioMg, horizon)).toMatchObject({
      decision: "ASKED",
      reason: "NO_ISSUE_DATE",
    });
  });

  it("asks again a paper whose validity is printed on it when the last one was sent without it (a CRLV)", () => {
    expect(carryOverDecision(req("CRLV"), {}, patrocinioMg, horizon)).toMatchObject({
      decision: "ASKED",
      reason: "NO_EXPIRY_DATE",
      endsOn: null,
      citation: "Lei 4.883/2017, art. 5º, § 1º, I",
    });
    expect(carryOverDecision(req("CRLV"), { expiryDate: "2027-06-30" }, patrocinioMg, horizon)).toMatchObject({
      decision: "CARRIED",
      until: "2027-06-30",
    });
  });
});

describe("renewedValidUntil", () => {
  const follows = { counts: "FOLLOWS_PREVIOUS" as const };
  it("follows the old last day when renewed before it, so no day is lost", () => {
    expect(renewedValidUntil(follows, "P1Y", "2026-03-31", "2026-03-11")).toBe("2027-03-31");
    expect(renewedValidUntil(follows, "P1Y", "2026-03-31", "2026-03-31")).toBe("2027-03-31");
  });
  it("counts from the approval day once the old one has expired, or where the law says so", () => {
    expect(renewedValidUntil(follows, "P1Y", "2026-03-31", "2026-04-01")).toBe("2027-04-01");
    expect(renewedValidUntil({ counts: "FROM_APPROVAL" }, "P1Y", "2026-03-31", "2026-03-11")).toBe("2027-03-11");
    expect(renewedValidUntil(follows, "P1Y", null, "2026-03-11")).toBe("2027-03-11");
  });
});

describe("each pack says how its renewal counts", () => {
  it("cites the law where it has a word, and names the portal's default where it is silent", () => {
    for (const pack of allPacks)
      for (const c of pack.credentials) {
        const counting = renewalCounting(c);
        expect(c.renewal, `${pack.id} ${c.type}`).toBeDefined();
        if (counting.basis === "LAW") expect(counting.citation, `${pack.id} ${c.type}`).toMatch(/art\./);
        else expect(counting).toMatchObject({ counts: PORTAL_DEFAULT_RENEWAL.counts, note: /padrão do portal/ });
      }
    const patrocinio = patrocinioMg.credentials.find((c) => c.type === "CRACHA")!;
    expect(renewalCounting(patrocinio)).toMatchObject({
      counts: "FOLLOWS_PREVIOUS",
      citation: "Lei 4.883/2017, art. 4º, § 1º",
    });
    const seal = lavrasMg.credentials.find((c) => c.type === "SELO_VISTORIA")!;
    expect(renewalCounting(seal)).toMatchObject({ counts: "FROM_APPROVAL", basis: "LAW" });
  });
});

describe("the engine on a renewal", () => {
  const docs: DocumentOnFile[] = [
    { type: "ATESTADO_MEDICO", issueDate: "2025-03-21", reviewState: "ACCEPTED", carried: true },
    { type: "RG", reviewState: "ACCEPTED", carried: true },
  ];
  const run = (renewal: { previous: { type: string; validUntil: string }[] } | null) =>
    evaluate({
      pack: patrocinioMg,
      category: "MOTOTAXI",
      mode: "AUTONOMO",
      date: "2026-03-11",
      documents: docs,
      renewal,
    });

  it("shows the carried-over and the asked-again, the asked one missing with its reason", () => {
    const result = run({
      previous: [
        { type: "CRACHA", validUntil: "2026-03-31" },
        { type: "CERTIFICADO", validUntil: "2026-03-31" },
      ],
    });
    expect(result.renewal?.carried.map((c) => c.type)).toEqual(["RG"]);
    expect(result.renewal?.asked.map((a) => `${a.type}:${a.reason}`)).toEqual(["ATESTADO_MEDICO:YEARLY"]);
    const medical = result.requiredDocuments.find((d) => d.type === "ATESTADO_MEDICO")!;
    expect(medical.status).toBe("MISSING");
    expect(medical.reason).toMatch(/renovação anual/);
    expect(result.requiredDocuments.find((d) => d.type === "RG")!.status).toBe("ACCEPTED");
  });

  it("gives the new crachá the old one's end plus a year, valid from the approval day", () => {
    const result = run({
      previous: [
        { type: "CRACHA", validUntil: "2026-03-31" },
        { type: "CERTIFICADO", validUntil: "2026-03-31" },
      ],
    });
    const badge = result.credentials.find((c) => c.type === "CRACHA")!;
    expect(badge).toMatchObject({ validFrom: "2026-03-11", validUntil: "2027-03-31" });
    expect(badge.renewal).toMatchObject({ previousUntil: "2026-03-31", counts: "FOLLOWS_PREVIOUS" });
  });

  it("leaves a first issue as it was: a year from the day, every document judged on the day", () => {
    const result = run(null);
    expect(result.credentials.find((c) => c.type === "CRACHA")!.validUntil).toBe("2027-03-11");
    expect(result.renewal).toBeUndefined();
    expect(result.requiredDocuments.find((d) => d.type === "ATESTADO_MEDICO")!.status).toBe("EXPIRING");
  });
});
