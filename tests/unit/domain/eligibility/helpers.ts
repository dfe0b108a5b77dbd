// Shared by the pack tests: evaluate with a complete, passing set of facts and override one.
import { evaluate } from "~/domain/eligibility";
import type { Check, EvaluationInput, EvaluationResult } from "~/domain/eligibility";
import type { Category, Mode, RulePack } from "~/domain/rule-packs";

export interface Facts {
  person?: EvaluationInput["person"];
  vehicle?: EvaluationInput["vehicle"];
  operator?: EvaluationInput["operator"];
  quota?: EvaluationInput["quota"];
  documents?: EvaluationInput["documents"];
}

export function run(pack: RulePack, category: Category, mode: Mode, date: string, base: Facts, patch: Facts = {}): EvaluationResult {
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
