// A new text of the rules written in the portal (ADR 069): drafted from the pack in force, saved
// with its problems, submitted by its author, published by another person from a chosen day, and
// in force on every server from that instant (each reads the database), older decisions keeping theirs.
import { describe, expect, it } from "vitest";
import { quoteOf } from "~/domain/laws/citation";
import { draftFromLaw } from "~/domain/laws/proposals";
import { structureOfLaw } from "~/domain/laws/structure";
import { getPack } from "~/domain/rule-packs/shipped";
import { civilDate, instantAt } from "~/domain/time";
import {
  activePack,
  hasPackInForce,
  packAtVersion,
  publishParameters,
  scheduledVersion,
} from "~/models/rule-pack.server";
import { acceptProposalIntoDraft, openDraft, saveDraft, startDraft } from "~/models/rule-pack-draft.server";
import { closeOrReturnDraft, publishDraft, submitDraft } from "~/models/rule-pack-publication.server";
import { db } from "~/utils/db.server";
import { gestor, lavrasTown, NEW_TOWN_LAW, newTown, refusalOf, withVehicleAge, ZONE } from "./rule-pack-draft-support";

const lavras = getPack("lavras-mg")!;
const vehicleAge = (pack: ReturnType<typeof getPack>) =>
  (pack!.vehicleRules.find((r) => r.id === "vehicle_age") as { years: number }).years;

describe("a pack written in the portal", () => {
  it("starts from the pack in force, keeps what was typed even when wrong, and names each problem", async () => {
    const m = await lavrasTown();
    const author = await gestor();
    const draft = await startDraft(m, author);
    expect(JSON.parse(draft.documentJson).id).toBe("lavras-mg");
    expect(draft.basedOnVersion).toBe(lavras.version);
    expect((await startDraft(m, author)).id).toBe(draft.id); // one open draft per city

    const broken = draft.documentJson.replace('"id": "lavras-mg",', '"id": "lavras-mg"');
    const syntax = await saveDraft(m, draft.id, broken, author);
    expect(syntax.problems[0].problem).toMatch(/não é JSON válido na linha \d+, coluna \d+/);
    expect((await openDraft(m.id))!.documentJson).toBe(broken);

    const doc = JSON.parse(draft.documentJson);
    doc.vehicleRules.find((r: { id: string }) => r.id === "vehicle_age").years = "oito";
    doc.personRules.find((r: { id: string }) => r.id === "cnh_category").anyOf = ["Z"];
    const wrong = await saveDraft(m, draft.id, JSON.stringify(doc), author);
    expect(wrong.problems.map((p) => p.rule)).toEqual(expect.arrayContaining(["vehicle_age", "cnh_category"]));

    const other = await gestor();
    expect((await refusalOf(saveDraft(m, draft.id, draft.documentJson, other)))?.kind).toBe("forbidden");
    expect((await refusalOf(submitDraft(m, draft.id, author)))?.message).toMatch(/problema/);
  });

  it("refuses a text that is another city's pack", async () => {
    const m = await lavrasTown();
    const author = await gestor();
    const draft = await startDraft(m, author);
    const { problems } = await saveDraft(m, draft.id, JSON.stringify(getPack("itauna-mg")), author);
    expect(problems).toEqual([{ rule: "id", problem: expect.stringContaining('se chama "lavras-mg"') }]);
  });

  it("is published by a second person only, from the chosen day on the city's clock, the older version kept", async () => {
    const m = await lavrasTown();
    const author = await gestor();
    const publisher = await gestor();
    const draft = await startDraft(m, author);
    expect((await saveDraft(m, draft.id, withVehicleAge(draft.documentJson, 6), author)).problems).toEqual([]);
    await submitDraft(m, draft.id, author);
    expect((await refusalOf(saveDraft(m, draft.id, draft.documentJson, author)))?.kind).toBe("conflict");

    const now = new Date("2026-12-07T15:00:00Z");
    const ownRefusal = await refusalOf(
      publishDraft(m, draft.id, { effectiveOn: "2026-12-10", note: null }, author, now),
    );
    expect(ownRefusal?.kind).toBe("forbidden");
    const past = await refusalOf(publishDraft(m, draft.id, { effectiveOn: "2026-12-06", note: null }, publisher, now));
    expect(past?.field).toBe("effectiveOn");

    const published = await publishDraft(
      m,
      draft.id,
      { effectiveOn: "2026-12-10", note: "Idade do veículo" },
      publisher,
      now,
    );
    expect(published.version).toBe("2.0.0");
    const midnight = instantAt("2026-12-10T00:00", ZONE)!;
    expect(vehicleAge(await activePack(m, new Date(midnight.getTime() - 1)))).toBe(vehicleAge(lavras));
    const inForce = await activePack(m, midnight);
    expect(inForce.version).toBe("2.0.0");
    expect(inForce.effectiveDate).toBe("2026-12-10");
    expect(vehicleAge(inForce)).toBe(6);
    expect(vehicleAge(await packAtVersion(m, lavras.version))).toBe(vehicleAge(lavras));
    expect((await scheduledVersion(m, now))?.version).toBe("2.0.0");

    const row = await db.rulePackVersion.findFirstOrThrow({ where: { municipalityId: m.id, version: "2.0.0" } });
    expect([row.authoredById, row.publishedById]).toEqual([author.userId, publisher.userId]);
    expect(await db.auditEvent.count({ where: { action: "rule_pack.publish_document", subjectId: row.id } })).toBe(1);
    expect((await db.rulePackDraft.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("PUBLISHED");
    expect(await openDraft(m.id)).toBeNull();
  });

  it("parameters published over a document version stand on it, not on the shipped pack", async () => {
    const m = await lavrasTown();
    const [author, publisher] = [await gestor(), await gestor()];
    const draft = await startDraft(m, author);
    await saveDraft(m, draft.id, withVehicleAge(draft.documentJson, 6), author);
    await submitDraft(m, draft.id, author);
    await publishDraft(m, draft.id, { effectiveOn: civilDate(new Date(), ZONE), note: null }, publisher, new Date());
    const [key, parameter] = Object.entries(lavras.parameters).find(
      ([, p]) => p.editable && typeof p.value === "number",
    )!;
    const next = await publishParameters(m, { [key]: (parameter.value as number) + 1 }, null, publisher);
    expect(next.version).toBe("2.1.0");
    const inForce = await activePack(m);
    expect(inForce.version).toBe("2.1.0");
    expect(vehicleAge(inForce)).toBe(6);
    expect(inForce.parameters[key].value).toBe((parameter.value as number) + 1);
  });

  it("is refused when another version was published since it began, and can go back or be discarded", async () => {
    const m = await lavrasTown();
    const [author, publisher] = [await gestor(), await gestor()];
    const draft = await startDraft(m, author);
    await submitDraft(m, draft.id, author);
    const [key, parameter] = Object.entries(lavras.parameters).find(
      ([, p]) => p.editable && typeof p.value === "number",
    )!;
    await publishParameters(m, { [key]: (parameter.value as number) + 1 }, null, publisher);
    const stale = await refusalOf(
      publishDraft(m, draft.id, { effectiveOn: civilDate(new Date(), ZONE), note: null }, publisher),
    );
    expect(stale?.kind).toBe("conflict");
    expect(stale?.message).toContain("1.1.0");

    await closeOrReturnDraft(m, draft.id, "EDITING", publisher);
    expect((await openDraft(m.id))?.status).toBe("EDITING");
    await closeOrReturnDraft(m, draft.id, "DISCARDED", author);
    expect(await openDraft(m.id)).toBeNull();
    expect(
      await db.auditEvent.count({ where: { subjectId: draft.id, action: { startsWith: "rule_pack.draft_" } } }),
    ).toBe(4);
  });
});

describe("a town whose pack is written in the portal", () => {
  it("has no pack in force, starts from its law, takes proposals, and opens with its first publication", async () => {
    const m = await newTown();
    expect(await hasPackInForce(m)).toBe(false);
    expect((await refusalOf(activePack(m)))?.kind).toBe("conflict");
    const [author, publisher] = [await gestor(), await gestor()];
    const draft = await startDraft(m, author);
    expect(draft.basedOnVersion).toBeNull();
    expect(JSON.parse(draft.documentJson)).toMatchObject({ id: m.rulePackId, law: { label: "Lei 1.234/2025" } });

    // The author writes the one category the law creates, then includes the minimum age it states.
    const doc = JSON.parse(draft.documentJson);
    doc.categories = [
      {
        code: "MOTOTAXI",
        label: "Mototáxi",
        acts: [{ kind: "AUTORIZACAO", modes: ["AUTONOMO"], label: "Autorização", citation: "Lei 1.234/2025, art. 2º" }],
        modes: [{ mode: "AUTONOMO", citation: "Lei 1.234/2025, art. 2º" }],
      },
    ];
    await saveDraft(m, draft.id, JSON.stringify(doc, null, 2), author);
    const ageAnchor = draftFromLaw(structureOfLaw(NEW_TOWN_LAW).units).proposals.find(
      (p) => p.kind === "MIN_AGE",
    )!.anchor;
    expect(
      (await refusalOf(acceptProposalIntoDraft(m, draft.id, { anchor: "art99", kind: "MIN_AGE" }, author)))?.kind,
    ).toBe("not-found");
    expect(await acceptProposalIntoDraft(m, draft.id, { anchor: ageAnchor, kind: "MIN_AGE" }, author)).toEqual({
      ruleId: "min_age",
    });
    const saved = JSON.parse((await openDraft(m.id))!.documentJson);
    expect(saved.personRules[0]).toMatchObject({ kind: "MIN_AGE", years: 21, citation: "Lei 1.234/2025, art. 3º, I" });
    expect(
      (await refusalOf(acceptProposalIntoDraft(m, draft.id, { anchor: ageAnchor, kind: "MIN_AGE" }, publisher)))?.kind,
    ).toBe("forbidden");
    // § 1º names two documents: the author includes one of them, told apart by its type.
    const residence = { anchor: "art3_par1", kind: "DOCUMENT" };
    expect((await refusalOf(acceptProposalIntoDraft(m, draft.id, residence, author)))?.kind).toBe("not-found");
    expect(await acceptProposalIntoDraft(m, draft.id, { ...residence, key: "COMPROVANTE_RESIDENCIA" }, author)).toEqual(
      { ruleId: "COMPROVANTE_RESIDENCIA" },
    );
    const withDocument = JSON.parse((await openDraft(m.id))!.documentJson);
    expect(withDocument.documents.map((d: { type: string }) => d.type)).toEqual(["COMPROVANTE_RESIDENCIA"]);
    saved.documents = withDocument.documents;
    saved.parameters = withDocument.parameters;
    saved.quotes = withDocument.quotes;

    // An infraction (art. 9º, I) with its penalty (art. 10, I), each citation with the law's words:
    // with the yearly vistoria, the text loads, and another gestor publishes it; the town opens to drivers.
    saved.infractions.catalogue = [
      {
        code: "SEM_COLETE",
        description: "Deixar de usar o colete ou o capacete com a identificação do serviço",
        offender: "CONDUTOR",
        penalty: { warning: true, citation: "Lei 1.234/2025, art. 10, I" },
        citation: "Lei 1.234/2025, art. 9º, I",
      },
    ];
    // The federal floor asks a mototáxi's vistoria (CONTRAN 943/2022): the law's yearly one (art. 5º).
    saved.vistorias = [
      {
        id: "vistoria",
        appliesTo: { modes: ["AUTONOMO"] },
        period: "P1Y",
        periodCitation: "Lei 1.234/2025, art. 5º",
        discretionary: false,
        items: [{ code: "BOM_ESTADO", label: "Bom estado", safety: true, citation: "Lei 1.234/2025, art. 5º" }],
      },
    ];
    const units = new Map(structureOfLaw(NEW_TOWN_LAW).units.map((u) => [u.anchor, u]));
    const cited = ["art. 2º", "art. 5º", "art. 9º, I", "art. 10, I"].map((unit) => `Lei 1.234/2025, ${unit}`);
    for (const citation of cited) saved.quotes[citation] = quoteOf(citation, "Lei 1.234/2025", units);
    expect((await saveDraft(m, draft.id, JSON.stringify(saved, null, 2), author)).problems).toEqual([]);
    await submitDraft(m, draft.id, author);
    const now = new Date();
    const published = await publishDraft(
      m,
      draft.id,
      { effectiveOn: civilDate(now, ZONE), note: null },
      publisher,
      now,
    );
    expect(published.version).toBe("1.0.0");
    expect(await hasPackInForce(m)).toBe(true);
    expect((await activePack(m)).personRules.map((r) => r.id)).toEqual(["min_age"]);
    expect((await db.municipality.findUniqueOrThrow({ where: { id: m.id } })).active).toBe(true);
    expect(await db.auditEvent.count({ where: { action: "municipality.open", subjectId: m.id } })).toBe(1);
  });
});
