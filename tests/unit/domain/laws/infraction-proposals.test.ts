// The infractions a law lists, its scale of penalties and its crachá (ADR 073), read on the four
// shipped laws and checked against their packs: by code and offender, by field, at the unit the
// pack cites.
import { describe, expect, it } from "vitest";
import type { Proposal } from "~/domain/laws/proposals";
import { allPacks } from "~/domain/rule-packs/shipped";
import { anchorsOf, readLaw } from "./shipped-laws";

describe("infractions and penalties read from the shipped laws, checked against their packs", () => {
  const all = allPacks.map((pack) => {
    const read = readLaw(pack).proposals;
    const infractions = read.filter((p) => p.kind === "INFRACTION");
    const inPack = (p: Proposal) => pack.infractions.catalogue.find((c) => anchorsOf(c.citation).includes(p.anchor));
    return {
      pack,
      infractions,
      inPack: infractions.filter((p) => inPack(p)),
      sameCode: infractions.filter((p) => inPack(p)?.code === p.value.code),
      sameOffender: infractions.filter((p) => inPack(p)?.offender === p.value.offender),
      scales: read.filter((p) => p.kind === "PENALTIES"),
    };
  });
  const sum = (f: (c: (typeof all)[number]) => unknown[]) => all.reduce((n, c) => n + f(c).length, 0);

  it("reads the infractions a law lists, with the packs' codes; who commits them is the author's reading", () => {
    // ADR 073's figures: 46 infractions read (all in Patrocínio, whose arts. 30 and 31 list them by
    // group), 44 of them the pack's with the same code; the two others are art. 25's, the employer's,
    // which the pack leaves to labour law. The offender agrees on 17: the pack reads art. 30's
    // "permissionários e autorizatários" as the driver, art. 31's same words as the holder.
    expect({
      read: sum((c) => c.infractions),
      inPack: sum((c) => c.inPack),
      sameCode: sum((c) => c.sameCode),
      sameOffender: sum((c) => c.sameOffender),
      packs: sum((c) => c.pack.infractions.catalogue),
    }).toEqual({ read: 46, inPack: 44, sameCode: 44, sameOffender: 17, packs: 57 });
  });

  it("reads each law's scale of penalties, in its order, at the article the pack cites", () => {
    for (const c of all.filter((c) => c.pack.infractions.penaltyScale)) {
      const scale = c.pack.infractions.penaltyScale!;
      expect(c.scales.map((p) => p.anchor)).toEqual(anchorsOf(scale.citation));
      expect((c.scales[0].value.penalties as string[]).length).toBe(scale.penalties.length);
      expect((c.scales[0].value.penalties as string[])[0]).toBe(scale.penalties[0]);
    }
    expect(sum((c) => c.scales)).toBe(3);
  });
});

describe("the crachá read from the shipped laws, checked against their packs", () => {
  it("reads each card a law describes with the fields the pack prints, in its order, at the units it cites", () => {
    const read = allPacks.flatMap((pack) =>
      readLaw(pack)
        .proposals.filter((p) => p.kind === "ID_CARD")
        .map((p) => ({ pack, p })),
    );
    // Only Jardim's law describes its cards (art. 18, in one sentence; art. 22, in alíneas).
    expect(read.map(({ pack, p }) => `${pack.id}@${p.anchor}`)).toEqual(["jardim-ms@art18", "jardim-ms@art22"]);
    for (const { pack, p } of read) {
      const card = pack.identificationCard!.cards.find((c) => anchorsOf(c.citation).includes(p.anchor))!;
      const fields = p.value.fields as { field: string; anchor: string; stamped?: boolean }[];
      expect(fields.map((f) => f.field)).toEqual(card.fields.map((f) => f.field));
      expect(fields.map((f) => Boolean(f.stamped))).toEqual(card.fields.map((f) => Boolean(f.stamped)));
      for (const [i, f] of fields.entries()) expect(anchorsOf(card.fields[i].citation)).toContain(f.anchor);
    }
  });
});
