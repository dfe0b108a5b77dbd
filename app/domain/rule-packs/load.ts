// Loading a pack: parse with zod, then check what a schema cannot see (pack-checks.ts). A pack
// that fails refuses to load, naming the rule at fault.
import { baselineConflicts } from "./compose";
import { RulePackValidationError } from "./errors";
import { type BaselinePack, deepFreeze } from "./federal";
import { federalBr } from "./federal-br";
import { type Path, semanticProblems } from "./pack-checks";
import { type RulePack, type RulePackInput, zRulePack } from "./schema";

export { RulePackValidationError };

/** Names the innermost rule on the path: its id, code or type, or the parameter's key. */
function ruleNameAt(raw: unknown, path: Path): string {
  let node: unknown = raw;
  let name: string | undefined;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    if (path[i - 1] === "parameters") name = String(key);
    if (node === null || typeof node !== "object") break;
    node = (node as Record<PropertyKey, unknown>)[key];
    if (node && typeof node === "object" && !Array.isArray(node)) {
      const r = node as Record<string, unknown>;
      const own = [r.id, r.code, r.type].find((v) => typeof v === "string") as string | undefined;
      if (own) name = own;
    }
  }
  return name ?? path.map(String).join(".");
}

export interface DefinePackOptions {
  /** The federal baseline the pack sits on (default: the shipped one); an inconsistent combination refuses to load. */
  baseline?: BaselinePack;
}

/** Parses, checks and freezes a pack. Throws RulePackValidationError naming the rule at fault. */
export function definePack(raw: RulePackInput, options: DefinePackOptions = {}): RulePack {
  const packId = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : "?";
  const parsed = zRulePack.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` (em ${issue.path.map(String).join(".")})` : "";
    throw new RulePackValidationError(packId, ruleNameAt(raw, issue.path), `${issue.message}${where}`);
  }
  const [first] = semanticProblems(parsed.data);
  if (first) {
    const rule = first.rule || (first.path ? ruleNameAt(parsed.data, first.path) : "?");
    throw new RulePackValidationError(packId, rule, first.problem);
  }
  const [conflict] = baselineConflicts(parsed.data, options.baseline ?? federalBr);
  if (conflict) {
    throw new RulePackValidationError(
      packId,
      conflict.rule,
      `incompatível com a camada federal em ${conflict.category}/${conflict.mode}: ${conflict.problem}`,
    );
  }
  return deepFreeze(parsed.data);
}
