// Which test files change what a module holds for the whole process (see tests/setup/own-process.ts):
// a mock, the environment, a fake clock or a spy, written in the file or in a helper it imports.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const PROCESS_WIDE = [
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\(/,
  /process\.env(\.\w+|\[[^\]]+\])\s*(\?\?|\|\||&&)?=(?!=)/,
  /\bdelete process\.env\b/,
];

/** The files under `root` whose name ends in `.ts`, as paths from the project's root. */
export function tsFilesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(root, f));
}

/** The relative imports of a file, as paths from the project's root (".ts" added). */
function relativeImports(path: string, text: string): string[] {
  return [...text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"|import\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g)].map((m) => {
    const target = normalize(join(dirname(path), m[1] ?? m[2]));
    return target.endsWith(".ts") ? target : `${target}.ts`;
  });
}

/** The test files (`*.test.ts`) among `files` that change process-wide state, themselves or through a test helper. */
export function processWideChangers(files: ReadonlyMap<string, string>): string[] {
  const changes = (path: string, seen = new Set<string>()): boolean => {
    if (seen.has(path)) return false;
    seen.add(path);
    const text = files.get(path);
    if (text === undefined) return false;
    return PROCESS_WIDE.some((p) => p.test(text)) || relativeImports(path, text).some((i) => changes(i, seen));
  };
  return [...files.keys()].filter((p) => p.endsWith(".test.ts") && changes(p)).sort();
}

const TOP_LEVEL_STATE = /^(?:export )?(?:let (\w+)|const (\w+)(?::[^=]+)? = new (?:Map|Set)\b)/gm;
const ON_PURPOSE = ["kept across files on purpose", "set again by each file"];

/**
 * Helpers (not test files) under tests/unit, tests/security and tests/support whose module keeps
 * state that it changes — a top-level `let` assigned again, or a Map or Set written to — without
 * perFile (tests/support/per-file.ts) or a comment just above saying it is "kept across files on
 * purpose" or "set again by each file".
 * Under shared modules such state outlives the file that filled it.
 */
export function helperModuleState(files: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [path, text] of files) {
    if (path.endsWith(".test.ts") || !/^tests\/(unit|security|support)\//.test(path)) continue;
    if (path.startsWith("tests/security/children/")) continue; // each runs as a process of its own
    for (const m of text.matchAll(TOP_LEVEL_STATE)) {
      const name = m[1] ?? m[2];
      const before = text.slice(0, m.index).split("\n").slice(-2).join("\n");
      if (ON_PURPOSE.some((said) => before.toLowerCase().includes(said))) continue;
      const written = new RegExp(
        `\\b${name}\\.(set|add|delete|clear)\\(|^\\s*${name}\\s*(\\?\\?|\\+|-)?=[^=]|\\b${name}(\\+\\+|--)|(\\+\\+|--)${name}\\b`,
        "m",
      );
      if (written.test(text.slice(m.index! + m[0].length))) found.push(`${path}: ${name}`);
    }
  }
  return found.sort();
}

/** Every file under tests/ with its text. */
export const testTree = () => new Map(tsFilesUnder("tests").map((p) => [p, readFileSync(p, "utf8")] as const));
