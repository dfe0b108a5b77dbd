// Merges one municipal rule, document or vistoria with its federal counterpart: the STRICTER wins
// and its citation decides; an equal one goes to `alsoRequiredBy`, a weaker one to `stricterThan`.
import type { Conflict, Layer, LayeredDocument, LayeredVistoria, LayeredVistoriaItem } from "./compose";
import type { BaselinePack } from "./federal";
import type { DocumentRequirement, PersonRule, VehicleRule, VistoriaSpec } from "./schema";

const municipal = <T extends object>(rule: T, also: string[] = [], weaker: string[] = []): T & Layer => ({
  ...rule,
  layer: also.length ? "BOTH" : "MUNICIPAL",
  alsoRequiredBy: also,
  stricterThan: weaker,
});
const federal = <T extends object>(rule: T, weaker: string[] = []): T & Layer => ({
  ...rule,
  layer: "FEDERAL",
  alsoRequiredBy: [],
  stricterThan: weaker,
});

/** Numeric rules and which way is stricter. */
const ORDERED: Record<string, { field: string; stricter: "higher" | "lower" }> = {
  MIN_AGE: { field: "years", stricter: "higher" },
  CNH_MIN_YEARS: { field: "years", stricter: "higher" },
  MIN_DISPLACEMENT: { field: "cc", stricter: "higher" },
  MAX_DISPLACEMENT: { field: "cc", stricter: "lower" },
  MIN_DOORS: { field: "doors", stricter: "higher" },
  MAX_PASSENGERS: { field: "seats", stricter: "lower" },
  MAX_AGE: { field: "years", stricter: "lower" },
};

/** What a rule asks, without who it is and where it comes from. */
function asks(rule: object, omit: string[] = []): string {
  const skip = new Set(["id", "citation", "appliesTo", ...omit]);
  return JSON.stringify(
    Object.entries(rule)
      .filter(([k]) => !skip.has(k))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

type Rule = PersonRule | VehicleRule;

function mergeRule<R extends Rule>(m: R, f: R, conflicts: Conflict[]): R & Layer {
  const order = ORDERED[m.kind];
  if (m.kind === "CNH_CATEGORY" && f.kind === "CNH_CATEGORY") {
    const both = m.anyOf.filter((c) => f.anyOf.includes(c));
    const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
    if (both.length === 0) {
      conflicts.push({
        rule: m.id,
        problem: `nenhuma categoria de CNH atende ao mesmo tempo ${m.citation} (${m.label}) e ${f.citation} (${f.label})`,
      });
      return municipal(m);
    }
    if (same(both, m.anyOf) && same(both, f.anyOf)) return municipal(m, [f.citation]);
    if (same(both, m.anyOf)) return municipal(m, [], [f.citation]);
    if (same(both, f.anyOf)) return federal({ ...f, id: m.id }, [m.citation]);
    const layer: Layer = { layer: "BOTH", alsoRequiredBy: [], stricterThan: [] };
    return {
      ...m,
      anyOf: both,
      label: `${m.label} e ${f.label}`,
      citation: `${m.citation}; ${f.citation}`,
      ...layer,
    } as unknown as R & Layer;
  }
  if (order) {
    if (asks(m, [order.field]) !== asks(f, [order.field])) {
      conflicts.push({
        rule: m.id,
        problem: `${m.citation} e ${f.citation} medem a mesma exigência de modos diferentes`,
      });
      return municipal(m);
    }
    const mv = (m as Record<string, unknown>)[order.field] as number;
    const fv = (f as Record<string, unknown>)[order.field] as number;
    if (mv === fv) return municipal(m, [f.citation]);
    const federalStricter = order.stricter === "higher" ? fv > mv : fv < mv;
    return federalStricter ? federal({ ...f, id: m.id }, [m.citation]) : municipal(m, [], [f.citation]);
  }
  if (asks(m) === asks(f)) return municipal(m, [f.citation]);
  conflicts.push({ rule: m.id, problem: `${m.citation} e ${f.citation} exigem coisas incompatíveis` });
  return municipal(m);
}

export function mergeRules<R extends Rule>(own: R[], fed: R[], conflicts: Conflict[]): Array<R & Layer> {
  const used = new Set<R>();
  const merged = own.map((m) => {
    const f = fed.find((x) => x.kind === m.kind && !used.has(x));
    if (!f) return municipal(m);
    used.add(f);
    return mergeRule(m, f, conflicts);
  });
  for (const f of fed) if (!used.has(f)) merged.push(federal(f));
  return merged;
}

/** A duration's length in days from a fixed day, to compare P6M with P1Y. */
function lengthInDays(duration: string): number {
  const [y, mo, w, d] = ["Y", "M", "W", "D"].map((u) =>
    Number(new RegExp(`(\\d+)${u}`).exec(duration.split("T")[0])?.[1] ?? 0),
  );
  return y * 365.25 + mo * 30.44 + w * 7 + d;
}

export function mergeDocuments(
  own: DocumentRequirement[],
  fed: BaselinePack["documents"],
  conflicts: Conflict[],
): LayeredDocument[] {
  const rows = own.map((d) => municipal(d));
  for (const f of fed) {
    const { subject: _subject, sameAs, ...requirement } = f;
    const papers = new Set([f.type, ...sameAs]);
    const matches = rows.filter((r) => papers.has(r.type));
    if (matches.some((r) => r.condition)) {
      conflicts.push({
        rule: f.type,
        problem: `${f.citation} exige o documento sempre; o pacote municipal só em uma condição`,
      });
      continue;
    }
    if (matches.length === 0) {
      rows.push(federal(requirement));
      continue;
    }
    for (const r of matches) {
      r.alsoRequiredBy = [...r.alsoRequiredBy, f.citation];
      r.layer = "BOTH";
      // The law that sets a validity is stricter than the one that sets none.
      if (r.validity.kind === "NONE" && f.validity.kind !== "NONE") {
        r.validity =
          f.validity.kind === "DURATION" ? { ...f.validity, citation: f.validity.citation ?? f.citation } : f.validity;
      }
    }
  }
  return rows;
}

type FederalItem = BaselinePack["vistorias"][number]["items"][number];
const federalItem = ({ sameAs: _sameAs, ...item }: FederalItem): VistoriaSpec["items"][number] => item;

export function mergeVistoria(
  own: VistoriaSpec | undefined,
  fed: BaselinePack["vistorias"][number] | undefined,
  conflicts: Conflict[],
): LayeredVistoria | null {
  if (!own && !fed) return null;
  if (!fed) {
    if (!(own as VistoriaSpec).items.length)
      conflicts.push({
        rule: (own as VistoriaSpec).id,
        problem:
          "a vistoria não tem itens a conferir: a lei não os lista e a camada federal não os exige para este serviço — escreva os itens",
      });
    return {
      ...municipal(own as VistoriaSpec),
      items: (own as VistoriaSpec).items.map((i) => ({ ...i, layer: "MUNICIPAL" as const, alsoRequiredBy: [] })),
    };
  }
  if (!own) {
    if (!fed.period || !fed.periodCitation) {
      conflicts.push({
        rule: fed.id,
        problem: `a camada federal exige itens de vistoria (${fed.items.map((i) => i.citation).join("; ")}), mas o pacote não prevê vistoria`,
      });
      return null;
    }
    return {
      ...federal({ ...fed, period: fed.period, periodCitation: fed.periodCitation }),
      items: fed.items.map((i) => ({ ...federalItem(i), layer: "FEDERAL" as const, alsoRequiredBy: [] })),
    };
  }

  const same = (f: FederalItem, code: string) => f.code === code || f.sameAs.includes(code);
  const items: LayeredVistoriaItem[] = own.items.map((i) => {
    const f = fed.items.find((x) => same(x, i.code));
    return f
      ? { ...i, safety: i.safety || f.safety, layer: "BOTH" as const, alsoRequiredBy: [f.citation] }
      : { ...i, layer: "MUNICIPAL" as const, alsoRequiredBy: [] };
  });
  for (const f of fed.items)
    if (!own.items.some((i) => same(f, i.code)))
      items.push({ ...federalItem(f), layer: "FEDERAL", alsoRequiredBy: [] });

  let period: Pick<
    LayeredVistoria,
    "period" | "periodCitation" | "discretionary" | "layer" | "alsoRequiredBy" | "stricterThan"
  > = {
    period: own.period,
    periodCitation: own.periodCitation,
    discretionary: own.discretionary,
    layer: "MUNICIPAL",
    alsoRequiredBy: [],
    stricterThan: [],
  };
  if (fed.period && fed.periodCitation) {
    const mine = lengthInDays(own.period);
    const theirs = lengthInDays(fed.period);
    // Shorter is stricter; at the same period, a mandatory inspection is stricter than a discretionary one.
    const federalStricter = theirs < mine || (theirs === mine && own.discretionary && !fed.discretionary);
    if (federalStricter) {
      period = {
        period: fed.period,
        periodCitation: fed.periodCitation,
        discretionary: fed.discretionary,
        layer: "FEDERAL",
        alsoRequiredBy: [],
        stricterThan: [own.periodCitation],
      };
    } else if (theirs === mine && own.discretionary === fed.discretionary) {
      period = { ...period, layer: "BOTH", alsoRequiredBy: [fed.periodCitation] };
    } else {
      period = { ...period, stricterThan: [fed.periodCitation] };
    }
  }
  return { ...own, ...period, items };
}
