// Population quotas (Patrocínio art. 10, I; Jardim art. 5º, a and b). Rounded down: a partial block
// of inhabitants has not reached the law's ratio (24,999 at one per 2,500 ⇒ 9).
import type { Category, Mode, Quota, QuotaUnit, RulePack } from "~/domain/rule-packs";
import { formatNumber } from "../format";
import { makeCheck, missing } from "./check";
import type { Check, QuotaFacts } from "./types";

export interface QuotaLimit {
  id: string;
  unit: QuotaUnit;
  category: Category;
  /** One unit per this many inhabitants; null = the law sets no limit. */
  inhabitantsPerUnit: number | null;
  /** The number of units the population allows; null = unlimited. */
  limit: number | null;
  citation: string;
}

const UNIT_LABELS: Record<QuotaUnit, { one: string; many: string }> = {
  PERMISSAO: { one: "permissão", many: "permissões" },
  CONCESSAO: { one: "concessão", many: "concessões" },
  VEICULO: { one: "motocicleta", many: "motocicletas" },
};

function limitFor(q: Quota, population: number): number | null {
  return q.inhabitantsPerUnit === null ? null : Math.floor(population / q.inhabitantsPerUnit);
}

function assertPopulation(population: number): void {
  if (!Number.isInteger(population) || population < 0) throw new RangeError(`População inválida: ${population}`);
}

/** The quotas of a category, each with the limit the population allows. */
export function quotaLimit(pack: RulePack, category: Category, population: number): QuotaLimit[] {
  assertPopulation(population);
  return pack.quotas
    .filter((q) => q.categories.includes(category))
    .map((q) => ({
      id: q.id,
      unit: q.unit,
      category,
      inhabitantsPerUnit: q.inhabitantsPerUnit,
      limit: limitFor(q, population),
      citation: q.citation,
    }));
}

/** Is there room for one more unit? PENDING when the population or the count in force is unknown. */
export function quotaChecks(pack: RulePack, category: Category, mode: Mode, facts: QuotaFacts): Check[] {
  return pack.quotas
    .filter((q) => q.categories.includes(category) && q.modes.includes(mode))
    .map((q) => {
      const words = UNIT_LABELS[q.unit];
      if (q.inhabitantsPerUnit === null) {
        return makeCheck(q, "PASS", `A lei não limita o número de ${words.many} nesta categoria.`, { limit: null });
      }
      const inForce = facts.inForce?.[q.unit];
      if (missing(facts.population) || missing(inForce)) {
        return makeCheck(
          q,
          "PENDING",
          `Informe a população (IBGE) e o número de ${words.many} em vigor: a lei admite 1 para cada ${formatNumber(q.inhabitantsPerUnit)} habitantes.`,
          {
            inhabitantsPerUnit: q.inhabitantsPerUnit,
          },
        );
      }
      assertPopulation(facts.population);
      const limit = limitFor(q, facts.population) as number;
      const details = {
        population: facts.population,
        inhabitantsPerUnit: q.inhabitantsPerUnit,
        limit,
        inForce,
        available: Math.max(limit - inForce, 0),
      };
      const of = `${limit} ${limit === 1 ? words.one : words.many} para ${formatNumber(facts.population)} habitantes`;
      return inForce < limit
        ? makeCheck(q, "PASS", `Há vaga: ${inForce} em vigor de ${of}.`, details)
        : makeCheck(q, "FAIL", `Não há vaga: ${inForce} em vigor, e a lei admite ${of}.`, details);
    });
}
