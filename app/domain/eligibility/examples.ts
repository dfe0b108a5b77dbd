// A pack's example applicants run against it (issue #30): each is evaluated by the same engine that
// judges real applications, on its own day, and what the rules say is compared with what the author
// expected. The documents an example lists are taken as accepted on its day (their review is a
// person's); a rule an example leaves undecided is a problem too, so an example is always complete. Pure.
import type { PackExample, PackProblem, RulePack } from "~/domain/rule-packs";
import { compareDates } from "./calendar";
import { evaluate, EvaluationError } from "./engine";

const list = (items: string[]) => items.join(", ");

function oneExample(pack: RulePack, example: PackExample): string | null {
  let checks;
  try {
    // "Had this version applied that day": an example written before the version's day still counts.
    const judged = compareDates(example.date, pack.effectiveDate) < 0 ? { ...pack, effectiveDate: example.date } : pack;
    ({ checks } = evaluate({
      pack: judged,
      category: example.category,
      mode: example.mode,
      date: example.date,
      person: example.person,
      vehicle: example.vehicle,
      operator: example.operator ?? null,
      quota: example.quota ?? null,
      documents: example.documents.map((type) => ({ type, issueDate: example.date, reviewState: "ACCEPTED" })),
    }));
  } catch (e) {
    if (e instanceof EvaluationError) return e.message;
    throw e;
  }
  const pending = checks.filter((c) => c.status === "PENDING");
  if (pending.length)
    return `${pending.length === 1 ? "a regra" : "as regras"} ${list(pending.map((c) => c.id))} não se ${pending.length === 1 ? "decide" : "decidem"} com o que o exemplo informa (falta um dado do requerente ou um documento que a regra pede): complete o exemplo.`;
  const failing = checks.filter((c) => c.status === "FAIL");
  if (example.expected === "ELIGIBLE")
    return failing.length
      ? `devia ser aceito, mas é recusado: ${failing.map((c) => `${c.id} (${c.message})`).join("; ")}`
      : null;
  const expected = new Set(example.failing);
  const failed = new Set(failing.map((c) => c.id));
  if (failing.length === 0) return "devia ser recusado, mas cumpre todas as regras.";
  const unexpected = [...failed].filter((id) => !expected.has(id));
  const missing = [...expected].filter((id) => !failed.has(id));
  if (expected.size === 0 || (unexpected.length === 0 && missing.length === 0)) return null;
  return [
    missing.length ? `devia ser recusado por ${list(missing)}, que ${missing.length === 1 ? "passa" : "passam"}` : "",
    unexpected.length
      ? `é recusado também por ${unexpected.map((id) => `${id} (${failing.find((c) => c.id === id)!.message})`).join("; ")}`
      : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** Each example whose outcome is not the one its author wrote, as a problem naming it. */
export function exampleProblems(pack: RulePack): PackProblem[] {
  return pack.examples.flatMap((example, i) => {
    const problem = oneExample(pack, example);
    return problem ? [{ rule: `examples.${i}`, problem: `exemplo "${example.name}": ${problem}` }] : [];
  });
}
