// Shared by the pack tests: evaluate with a complete, passing set of facts and override one.
import type { Check, EvaluationInput, EvaluationResult } from "~/domain/eligibility";
import { evaluate } from "~/domain/eligibility";
import type { Category, Mode, RulePack } from "~/domain/rule-packs";

export interface Facts {
  person?: EvaluationInput["person"];
  vehicle?: EvaluationInput["vehicle"];
  operator?: EvaluationInput["operator"];
  quota?: EvaluationInput["quota"];
  documents?: EvaluationInput["documents"];
}

export function run(
  pack: RulePack,
  category: Category,
  mode: Mode,
  date: string,
  base: Facts,
  patch: Facts = {},
): EvaluationResult {
  return evaluate({
    pack,
    category,
    mode,
    date,
    person: { ...base.person, ...patch.person },
    vehicle: { ...base.vehicle, ...patch.vehicle },
    operator: { ...base.operator, ...patch.operator },
    quota: patch.quota ?? base.quota,
    documents: patch.documents ?? base.documents,
  });
}

export function checkOf(result: EvaluationResult, id: string): Check {
  const found = result.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check "${id}" in ${result.checks.map((c) => c.id).join(", ")}`);
  return found;
}

/** One row of a boundary table: the facts changed, the check and what it must say. */
export interface Row {
  name: string;
  category: Category;
  mode: Mode;
  patch: Facts;
  id: string;
  status: Check["status"];
  citation: string;
}

/**
 * Every check rule of a pack (person, vehicle, operator, limited quota) must have a PASS and a
 * FAIL row that matches its id, one of its modes and categories, and its exact citation.
 * Returns what is missing, so a new rule without boundary tests fails the suite.
 */
export function uncoveredRules(pack: RulePack, rows: readonly Row[]): string[] {
  const offered = pack.categories.map((c) => c.code);
  const rules = [
    ...[...pack.personRules, ...pack.vehicleRules, ...pack.operatorRules].map((r) => ({
      id: r.id,
      citation: r.citation,
      modes: r.appliesTo.modes as readonly Mode[],
      categories: (r.appliesTo.categories ?? offered) as readonly Category[],
      canFail: true,
    })),
    ...pack.quotas.map((q) => ({
      id: q.id,
      citation: q.citation,
      modes: q.modes,
      categories: q.categories,
      canFail: q.inhabitantsPerUnit !== null,
    })),
  ];
  const missing: string[] = [];
  for (const rule of rules) {
    const matching = rows.filter(
      (r) =>
        r.id === rule.id &&
        r.citation === rule.citation &&
        rule.modes.includes(r.mode) &&
        rule.categories.includes(r.category),
    );
    for (const status of rule.canFail ? (["PASS", "FAIL"] as const) : (["PASS"] as const)) {
      if (!matching.some((r) => r.status === status)) missing.push(`${rule.id} (${rule.citation}) ${status}`);
    }
  }
  return missing;
}
