// A law's amendments applied in order (issue #30, ADR 070): the amending law's own instructions, in
// the forms LC 95/1998 art. 12 prescribes, rewrite, add and revoke the law's units; the result is
// what a compiled text of the same law shows; what cannot be applied is said, never guessed.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { consolidate, namedUnits } from "~/domain/laws/amendments";
import { citationFor, citedUnits } from "~/domain/laws/citation";
import { structureOfLaw } from "~/domain/laws/structure";

const fixture = (name: string) => readFileSync(`tests/fixtures/laws/${name}.txt`, "utf8");
const LAW = "Lei 1.234/2025";
const original = () => ({ label: LAW, units: structureOfLaw(fixture("vale-do-ipe-mg-lei-1234-2025-original")).units });
const amending = (label: string, ...articles: string[]) => ({
  label,
  text: [
    `LEI Nº ${label.slice(4)}`,
    "A Câmara Municipal aprovou:",
    ...articles,
    "Art. 9º Esta Lei entra em vigor na data de sua publicação.",
  ].join("\n"),
});
const textOf = (units: { anchor: string; text: string }[], anchor: string) =>
  units.find((u) => u.anchor === anchor)?.text;

describe("consolidate", () => {
  it("the law and its amendment read as the compiled text the prefeitura publishes", () => {
    const compiled = structureOfLaw(fixture("vale-do-ipe-mg-lei-1234-2025")).units;
    const result = consolidate(original(), [
      { label: "Lei 1.301/2026", text: fixture("vale-do-ipe-mg-lei-1301-2026") },
    ]);
    expect(result.problems).toEqual([]);
    expect(result.changes).toEqual([
      { amendment: "Lei 1.301/2026", anchor: "art4_cpt_inc2", unit: "art. 4º, II", change: "REWORDED" },
    ]);
    expect(result.units).toEqual(compiled);
    expect(textOf(original().units, "art4_cpt_inc2")).toContain("125 cc"); // the law as first published
  });

  it("adds units in their place, rewrites whole articles, revokes with what hangs below, in the order given", () => {
    const first = amending(
      "Lei 1.250/2025",
      "Art. 1º O art. 4º da Lei nº 1.234, de 28 de fevereiro de 2025, passa a vigorar acrescido do seguinte inciso V:",
      "“V - ter, no máximo, 2 (dois) lugares, incluído o do condutor.” (AC)",
      "Art. 2º A Lei nº 1.234, de 2025, passa a vigorar acrescida do seguinte art. 7º-A:",
      "“Art. 7º-A A taxa será recolhida até o dia 10 do mês seguinte ao da expedição.”",
      "Art. 3º O art. 2º da Lei nº 1.234, de 2025, passa a vigorar com a seguinte redação:",
      "“Art. 2º O serviço de mototáxi e o de motofrete serão prestados mediante autorização.",
      "Parágrafo único. A autorização é pessoal e intransferível.” (NR)",
      "Art. 4º Fica revogado o inciso IV do art. 4º e o § 2º do art. 3º da Lei nº 1.234, de 2025.",
    );
    const second = amending(
      "Lei 1.260/2025",
      "Art. 1º O inciso V do art. 4º da Lei nº 1.234, de 2025, passa a vigorar com a seguinte redação:",
      "“V - ter, no máximo, 1 (um) lugar além do condutor.” (NR)",
    );
    const result = consolidate(original(), [first, second]);
    expect(result.problems).toEqual([]);
    const anchors = result.units.map((u) => u.anchor);
    // The new inciso after the last one of the caput, before art. 5º; the new article between 7 and 8.
    expect(anchors.slice(anchors.indexOf("art4"), anchors.indexOf("art5"))).toEqual([
      "art4",
      "art4_cpt_inc1",
      "art4_cpt_inc2",
      "art4_cpt_inc3",
      "art4_cpt_inc4",
      "art4_cpt_inc5",
    ]);
    expect(anchors.indexOf("art7a")).toBe(anchors.indexOf("art8") - 1);
    const unit = (a: string) => result.units.find((u) => u.anchor === a);
    expect(unit("art4_cpt_inc5")).toMatchObject({
      label: "V",
      text: "ter, no máximo, 1 (um) lugar além do condutor.",
      wordingFrom: "Lei 1.260/2025", // the later amendment's words
    });
    expect(unit("art7a")).toMatchObject({ label: "Art. 7-A", amendment: "ADDED", wordingFrom: "Lei 1.250/2025" });
    // A rule can cite the added article the way the law writes it, and find it.
    expect(citedUnits(citationFor(LAW, "art7a"))).toEqual([{ law: LAW, anchor: "art7a" }]);
    expect(citedUnits(`${LAW}, art. 7-A`)).toEqual([{ law: LAW, anchor: "art7a" }]);
    expect(unit("art2")?.text).toBe("O serviço de mototáxi e o de motofrete serão prestados mediante autorização.");
    expect(unit("art2_par1u")?.text).toBe("A autorização é pessoal e intransferível.");
    expect(unit("art4_cpt_inc4")).toMatchObject({ text: "(Revogado)", amendment: "REVOKED" });
    expect(unit("art3_par2")).toMatchObject({ text: "(Revogado)", amendment: "REVOKED" });
    expect(result.changes.map((c) => `${c.amendment} ${c.change} ${c.unit}`)).toEqual([
      "Lei 1.250/2025 ADDED art. 4º, V",
      "Lei 1.250/2025 ADDED art. 7º-A",
      "Lei 1.250/2025 REWORDED art. 2º",
      "Lei 1.250/2025 REWORDED art. 2º, parágrafo único",
      "Lei 1.250/2025 REVOKED art. 4º, IV",
      "Lei 1.250/2025 REVOKED art. 3º, § 2º",
      "Lei 1.260/2025 REWORDED art. 4º, V",
    ]);
    // In the other order, the rewording finds no inciso V to rewrite: said, not invented.
    const reversed = consolidate(original(), [second, first]);
    expect(reversed.problems).toEqual([]);
    expect(textOf(reversed.units, "art4_cpt_inc5")).toBe("ter, no máximo, 2 (dois) lugares, incluído o do condutor.");
  });

  it("says what it cannot apply: another law, a unit the law does not have, no quoted text, nothing to change", () => {
    const result = consolidate(original(), [
      amending(
        "Lei 1.270/2025",
        "Art. 1º O inciso II do art. 3º da Lei nº 998, de 2001, passa a vigorar com a seguinte redação:",
        "“II - possuir habilitação há 3 (três) anos;” (NR)",
        "Art. 2º Fica revogado o inciso IX do art. 4º da Lei nº 1.234, de 2025.",
        "Art. 3º O art. 6º da Lei nº 1.234, de 2025, passa a vigorar com a redação do anexo.",
        "Art. 4º Ficam revogadas as disposições em contrário.",
      ),
      {
        label: "Lei 1.280/2025",
        text: "Art. 1º Fica instituído o Dia do Mototaxista.\nArt. 2º Esta Lei entra em vigor.",
      },
    ]);
    expect(result.problems).toEqual([
      "Lei 1.270/2025, art. 1º altera a Lei 998, não a Lei 1.234/2025: não aplicado.",
      "Lei 1.270/2025, art. 2º revoga o art. 4º, IX, que a Lei 1.234/2025 não tem.",
      "Lei 1.270/2025, art. 3º: não encontrei o texto novo entre aspas. Confira no texto.",
      "Lei 1.280/2025: nenhum artigo dela diz que dispositivo da Lei 1.234/2025 altera ou revoga.",
    ]);
    expect(result.changes).toEqual([]);
    expect(result.units).toEqual(original().units);
  });

  it("keeps quotes inside the new wording and reads straight quotes as well as curly ones", () => {
    const result = consolidate(original(), [
      amending(
        "Lei 1.290/2025",
        "Art. 1º O inciso II do art. 3º da Lei nº 1.234, de 2025, passa a vigorar com a seguinte redação:",
        '"II - possuir habilitação na categoria "A" há, pelo menos, 3 (três) anos;',
        'com a observação "EAR";" (NR)',
      ),
    ]);
    expect(result.problems).toEqual([]);
    expect(textOf(result.units, "art3_cpt_inc2")).toBe(
      'possuir habilitação na categoria "A" há, pelo menos, 3 (três) anos; com a observação "EAR";',
    );
  });
});

describe("namedUnits", () => {
  it.each([
    ["o art. 7º", ["art7"]],
    ["o inciso II do art. 4º da Lei nº 1.234", ["art4_cpt_inc2"]],
    ["os incisos III e IV do art. 4º", ["art4_cpt_inc3", "art4_cpt_inc4"]],
    ["o § 2º do art. 3º e o parágrafo único do art. 2º", ["art3_par2", "art2_par1u"]],
    ["a alínea “c” do inciso I do § 1º do art. 8º", ["art8_par1_inc1_ali3"]],
    ["o art. 7º-A", ["art7a"]],
  ])("%s", (sentence, anchors) => {
    expect(namedUnits(sentence)).toEqual(anchors);
  });
});
