// The wizard's "O que falta" (issue #34, item 8): one line per thing to do. Two rules waiting on
// the same answer — a town's minimum cylinder capacity beside the federal one, say — ask it once,
// with both citations; before, Patrocínio's first step listed "Informe a cilindrada" twice.
import { describe, expect, it } from "vitest";
import { openItems } from "~/domain/applications/wizard";
import { evaluate } from "~/domain/eligibility";
import { allPacks } from "~/domain/rule-packs/shipped";

const everyOffer = allPacks.flatMap((pack) =>
  pack.categories.flatMap((c) =>
    c.modes.map((m) => ({ name: `${pack.id} ${c.code} ${m.mode}`, pack, category: c.code, mode: m.mode })),
  ),
);

describe("what is still missing", () => {
  it.each(everyOffer)("$name with nothing answered: each request once", ({ pack, category, mode }) => {
    const result = evaluate({ pack, category, mode, date: "2026-06-15" });
    const pending = result.checks.filter((c) => c.status === "PENDING");
    const { pending: listed } = openItems(result);
    const messages = listed.map((p) => p.message);
    expect(new Set(messages).size).toBe(messages.length);
    // Nothing lost: every pending rule's message and citation is on the list.
    for (const check of pending) {
      const line = listed.find((p) => p.message === check.message);
      expect(line?.citation, check.id).toContain(check.citation);
    }
  });

  it("merges the citations of two rules asking the same answer", () => {
    const duplicated = everyOffer
      .map(({ pack, category, mode }) => evaluate({ pack, category, mode, date: "2026-06-15" }))
      .flatMap((r) => {
        const pending = r.checks.filter((c) => c.status === "PENDING");
        return pending.filter((c, i) => pending.findIndex((o) => o.message === c.message) !== i);
      });
    // The case the issue saw exists in the shipped packs, so the merge above is exercised.
    expect(duplicated.length).toBeGreaterThan(0);
  });
});
