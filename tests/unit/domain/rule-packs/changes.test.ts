// A new text of the rules read as changes in words (ADR 069): what the publisher reads before publishing.
import { describe, expect, it } from "vitest";
import { packFromDocument } from "~/domain/rule-packs";
import { packChanges } from "~/domain/rule-packs/changes";
import { lavrasMg } from "~/domain/rule-packs/shipped";

const editedLavras = (edit: (doc: Record<string, any>) => void) => {
  const doc = JSON.parse(JSON.stringify(lavrasMg));
  edit(doc);
  return packFromDocument(doc);
};

describe("the changes of a new text, in words", () => {
  it("none between a pack and itself", () => {
    expect(packChanges(lavrasMg, lavrasMg)).toEqual([]);
  });

  it("a changed rule names its part, its id and each field before and after", () => {
    const after = editedLavras((doc) => {
      doc.vehicleRules.find((r: { id: string }) => r.id === "vehicle_age").years = 6;
    });
    expect(packChanges(lavrasMg, after)).toEqual([
      {
        section: "Requisitos do veículo",
        item: "vehicle_age",
        kind: "changed",
        fields: [{ path: "years", before: "8", after: "6" }],
      },
    ]);
  });

  it("an added and a removed rule, and a silence of the law", () => {
    const after = editedLavras((doc) => {
      doc.fees = [];
      doc.silences.push("A lei não fixa horário de trabalho.");
    });
    const changes = packChanges(lavrasMg, after);
    expect(changes).toContainEqual({
      section: "Silêncios da lei",
      item: "A lei não fixa horário de trabalho.",
      kind: "added",
      fields: [],
    });
    expect(changes.filter((c) => c.kind === "removed").map((c) => c.section)).toEqual(lavrasMg.fees.map(() => "Taxas"));
  });
});
