// Loading a pack: parse with zod, then check what a schema cannot see (pack-checks.ts). A pack
// that fails refuses to load, naming the rule at fault.
import { z } from "zod";
import { baselineConflicts } from "./compose";
import { RulePackValidationError } from "./errors";
import { type BaselinePack, deepFreeze } from "./federal";
import { federalBr } from "./federal-br";
import { type Path, semanticProblems } from "./pack-checks";
import { type RulePack, type RulePackInput, zRulePack } from "./schema";

const PT_BR = z.locales.ptBR().localeError;

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

/** One thing wrong with a pack: the rule it is about (id, code, type or key) and what is wrong, in pt-BR. */
export type PackProblem = { rule: string; problem: string };

export type PackCheck = { pack: RulePack; problems: [] } | { pack: null; problems: PackProblem[] };

/**
 * Every problem of a pack at once, for an editor: the schema's, then (when the schema passes) the
 * cross-checks', then the conflicts with the federal floor. No problem: the frozen pack.
 */
export function checkPack(raw: unknown, options: DefinePackOptions = {}): PackCheck {
  // The schema's own messages where it has them; zod's pt-BR wording for the rest (a gestor reads them).
  const parsed = zRulePack.safeParse(raw, { error: PT_BR });
  if (!parsed.success) {
    return {
      pack: null,
      problems: parsed.error.issues.map((issue) => ({
        rule: ruleNameAt(raw, issue.path),
        problem: `${issue.message}${issue.path.length ? ` (em ${issue.path.map(String).join(".")})` : ""}`,
      })),
    };
  }
  const problems: PackProblem[] = semanticProblems(parsed.data).map((p) => ({
    rule: p.rule || (p.path ? ruleNameAt(parsed.data, p.path) : "?"),
    problem: p.problem,
  }));
  if (problems.length) return { pack: null, problems };
  const conflicts = baselineConflicts(parsed.data, options.baseline ?? federalBr).map((c) => ({
    rule: c.rule,
    problem: `incompatível com a camada federal em ${c.category}/${c.mode}: ${c.problem}`,
  }));
  if (conflicts.length) return { pack: null, problems: conflicts };
  return { pack: deepFreeze(parsed.data), problems: [] };
}

/** Parses, checks and freezes a pack. Throws RulePackValidationError naming the rule at fault. */
export function definePack(raw: RulePackInput, options: DefinePackOptions = {}): RulePack {
  const checked = checkPack(raw, options);
  if (checked.pack) return checked.pack;
  const packId = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : "?";
  const [first] = checked.problems;
  throw new RulePackValidationError(packId, first.rule, first.problem);
}
