// Example applicants in a pack written in the portal (issue #30): the author's people, judged by the
// engine when the draft is saved, stop a text that would refuse the one meant to be kept, and travel
// to the next version's draft.
import { describe, expect, it } from "vitest";
import { civilDate } from "~/domain/time";
import { saveDraft, startDraft } from "~/models/rule-pack-draft.server";
import { publishDraft, submitDraft } from "~/models/rule-pack-publication.server";
import { gestor, lavrasTown, refusalOf, withVehicleAge, ZONE } from "./rule-pack-draft-support";

describe("a draft's example applicants", () => {
  it("runs the author's example applicants: one the new text would refuse stops it, and they pass on", async () => {
    const m = await lavrasTown();
    const [author, publisher] = [await gestor(), await gestor()];
    const draft = await startDraft(m, author);
    // An app driver of Lavras (as in tests/unit/domain/eligibility/lavras.test.ts), car from 2020.
    const driver = {
      name: "Motorista de aplicativo, carro de 2020",
      category: "APLICATIVO",
      mode: "VINCULADO",
      date: "2025-06-15",
      person: { cnhCategory: "B", cnhEar: true, residenceMunicipalityIbge: "3138203" },
      vehicle: {
        manufactureYear: 2020,
        firstRegistrationDate: "2020-03-01",
        doors: 4,
        passengerSeats: 4,
        licensingMunicipalityIbge: "3138203",
        ownerKind: "HOLDER",
        leased: false,
      },
      operator: {
        credentialed: true,
        reportedDriverData: true,
        headOfficeMunicipalityIbge: "3550308",
        branchMunicipalityIbges: ["3138203"],
      },
      expected: "ELIGIBLE",
    };
    const doc = { ...JSON.parse(draft.documentJson), examples: [driver] };
    expect((await saveDraft(m, draft.id, JSON.stringify(doc), author)).problems).toEqual([]);
    // Five doors: the author meant to keep this driver, and the example says the text would not.
    const stricter = JSON.stringify({
      ...doc,
      vehicleRules: doc.vehicleRules.map((r: { id: string }) =>
        r.id === "vehicle_min_doors" ? { ...r, doors: 5 } : r,
      ),
    });
    const { problems } = await saveDraft(m, draft.id, stricter, author);
    expect(problems).toEqual([
      {
        rule: "examples.0",
        problem: expect.stringMatching(
          /^exemplo "Motorista de aplicativo, carro de 2020": devia ser aceito, mas é recusado: vehicle_min_doors \(/,
        ),
      },
    ]);
    expect((await refusalOf(submitDraft(m, draft.id, author)))?.message).toMatch(/problema/);

    // At most 6 years (instead of 8) keeps this driver: sent, published, and the next draft starts
    // with the example.
    await saveDraft(m, draft.id, withVehicleAge(JSON.stringify(doc), 6), author);
    await submitDraft(m, draft.id, author);
    const now = new Date();
    await publishDraft(m, draft.id, { effectiveOn: civilDate(now, ZONE), note: null }, publisher, now);
    const next = await startDraft(m, publisher);
    expect(JSON.parse(next.documentJson).examples).toMatchObject([{ name: driver.name, expected: "ELIGIBLE" }]);
  });
});
