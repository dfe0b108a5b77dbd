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

/** Every file under tests/ with its text. */
export const testTree = () => new Map(tsFilesUnder("tests").map((p) => [p, readFileSync(p, "utf8")] as const));
