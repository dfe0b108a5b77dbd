// The draft's forms (issue #30's editor): who the law credentials, and the rules' values. Each is
// written into the draft's text by its author only, checked like any save; a wrong field is named
// and nothing is written.
import { describe, expect, it } from "vitest";
import { categoryField } from "~/domain/rule-packs/category-offers";
import { withRuleValues } from "~/domain/rule-packs/rule-values";
import { getPack } from "~/domain/rule-packs/shipped";
import { openDraft, saveDraftCategories, saveDraftForm, startDraft } from "~/models/rule-pack-draft.server";
import { gestor, lavrasTown, newTown, refusalOf } from "./rule-pack-draft-support";

const lavras = getPack("lavras-mg")!;
const vehicleAge = (pack: ReturnType<typeof getPack>) =>
  (pack!.vehicleRules.find((r) => r.id === "vehicle_age") as { years: number }).years;

describe("the draft's forms", () => {
  it("takes the rules' values from their fields, by the author only, naming a wrong one", async () => {
    const m = await lavrasTown();
    const [author, other] = [await gestor(), await gestor()];
    const draft = await startDraft(m, author);
    const field = "vehicleRules.vehicle_age.years";
    const saveDraftValues = (...[town, id, typed, actor]: [typeof m, string, Record<string, string>, typeof author]) =>
      saveDraftForm(town, id, (text) => withRuleValues(text, typed), actor);
    expect(await saveDraftValues(m, draft.id, { [field]: "41" }, author)).toEqual({
      errors: { [field]: "Idade máxima do veículo: use de 1 a 40 anos." },
    });
    expect((await openDraft(m.id))!.documentJson).toBe(draft.documentJson);
    expect(await saveDraftValues(m, draft.id, { [field]: "6" }, author)).toEqual({ changed: 1, problems: [] });
    expect(vehicleAge({ ...lavras, ...JSON.parse((await openDraft(m.id))!.documentJson) })).toBe(6);
    expect((await refusalOf(saveDraftValues(m, draft.id, { [field]: "7" }, other)))?.kind).toBe("forbidden");
  });

  it("takes who the law credentials from its form, citing the law with its words, by the author only", async () => {
    const m = await newTown();
    const [author, other] = [await gestor(), await gestor()];
    const draft = await startDraft(m, author);
    const typed = {
      [categoryField("MOTOTAXI")]: "on",
      [categoryField("MOTOTAXI", "citacao")]: "Lei 1.234/2025, art. 2º",
      [categoryField("MOTOTAXI", "ato.AUTONOMO")]: "PERMISSAO",
    };
    expect(
      await saveDraftCategories(
        m,
        draft.id,
        { ...typed, [categoryField("MOTOTAXI", "citacao")]: "Lei 1.234/2025, art. 40" },
        author,
      ),
    ).toEqual({
      errors: {
        [categoryField("MOTOTAXI", "citacao")]:
          "Mototáxi: “Lei 1.234/2025, art. 40” não é um dispositivo da lei anexada.",
      },
    });
    expect((await openDraft(m.id))!.documentJson).toBe(draft.documentJson);
    const { problems } = (await saveDraftCategories(m, draft.id, typed, author)) as { problems: { rule: string }[] };
    // Still much to write (the infractions, the credentials…), but no longer the categories.
    expect(problems.map((p) => p.rule)).not.toContain("categories");
    const saved = JSON.parse((await openDraft(m.id))!.documentJson);
    expect(saved.categories[0]).toMatchObject({ code: "MOTOTAXI", modes: [{ mode: "AUTONOMO" }] });
    expect(saved.quotes["Lei 1.234/2025, art. 2º"]).toContain("O serviço de mototáxi será prestado");
    expect((await refusalOf(saveDraftCategories(m, draft.id, typed, other)))?.kind).toBe("forbidden");
  });
});
