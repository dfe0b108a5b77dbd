// The rules page's federal layer (issue #30): what the engine's merge does with each federal rule in
// a town, in words — applied where the town's law is silent or weaker, the town's where stricter.
import { describe, expect, it } from "vitest";
import { federalLayerRows } from "~/components/back-office/rule-pack/federal-layer";
import { federalBr } from "~/domain/rule-packs";
import { allPacks } from "~/domain/rule-packs/shipped";

const packOf = (id: string) => allPacks.find((p) => p.id === id)!;

describe("the federal layer under a town's pack", () => {
  it("shows a federal rule the town's law is silent on as the one that applies", () => {
    const rows = federalLayerRows(packOf("jardim-ms"));
    expect(rows).toContainEqual({
      section: "Condutor",
      text: "Idade mínima de 21 anos.",
      federal: "Lei 12.009/2009, art. 2º, I",
      how: "A lei municipal não trata disto: vale a federal.",
      who: ["Mototáxi — Vinculado a operadora"],
    });
  });

  it("shows the stricter federal period over the town's, and the town's own where it asks the same", () => {
    const rows = federalLayerRows(packOf("patrocinio-mg"));
    expect(rows).toContainEqual(
      expect.objectContaining({
        text: "Vistoria a cada 6 meses.",
        federal: "Lei 9.503/1997 (CTB), art. 139-A, IV",
        how: "Mais exigente que a lei municipal (Lei 4.883/2017, art. 23): vale a federal.",
        who: ["Motofrete — Autônomo (titular)"],
      }),
    );
    // The same age across modes is one row, naming each provision of the town that asks it.
    const age = rows.filter((r) => r.text === "Idade mínima de 21 anos.");
    expect(age).toHaveLength(1);
    expect(age[0].how).toBe(
      "A lei municipal pede o mesmo (Lei 4.883/2017, art. 5º, I; Lei 4.883/2017, art. 14, § 2º, c/c art. 5º, I).",
    );
    expect(age[0].who).toHaveLength(6);
  });

  it.each(allPacks.map((p) => [p.id, p] as const))("%s: every row cites a federal act, once, in order", (_, pack) => {
    const rows = federalLayerRows(pack);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(federalBr.acts.some((a) => r.federal.startsWith(a.label))).toBe(true);
    const keys = rows.map((r) => [r.section, r.text, r.federal, r.how].join("|"));
    expect(new Set(keys).size).toBe(keys.length);
    const order = ["Condutor", "Veículo", "Documentos", "Vistoria", "Em serviço"];
    const sections = rows.map((r) => order.indexOf(r.section));
    expect(sections).toEqual([...sections].sort((a, b) => a - b));
  });
});
