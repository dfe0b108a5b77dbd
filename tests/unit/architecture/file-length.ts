// "A file over ~300 lines is asking to be split" (docs/style.md). The tree is Prettier-formatted, so
// a line count is a stable measure. A longer file needs an entry, with its reason, in
// long-files.ts; an entry that is no longer needed must go, so the list only shrinks.
import type { Violation } from "./rules";

export const MAX_LINES = 300;

/** Files Prettier formats; data fixtures (tests/fixtures) are not code and are not formatted. */
export function isMeasured(file: string): boolean {
  if (file.startsWith("tests/fixtures/")) return false;
  if (file === "server.js") return true;
  return /^(app|tests)\//.test(file) && /\.([cm]?[jt]sx?|css)$/.test(file);
}

export function lineCount(text: string): number {
  if (text === "") return 0;
  const lines = text.split("\n").length;
  return text.endsWith("\n") ? lines - 1 : lines;
}

export function fileLengthViolations(
  files: ReadonlyMap<string, string>,
  allowed: Readonly<Record<string, string>>,
  maxLines = MAX_LINES,
): Violation[] {
  const found: Violation[] = [];
  for (const [file, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isMeasured(file)) continue;
    const lines = lineCount(text);
    if (lines > maxLines && !(file in allowed))
      found.push({
        file,
        line: maxLines + 1,
        message:
          `${file} has ${lines} lines (over ${maxLines}): split it by reason to change, or, if it is one ` +
          `thing that reads best whole, add it to tests/unit/architecture/long-files.ts with that reason.`,
      });
  }
  for (const [file, reason] of Object.entries(allowed)) {
    const text = files.get(file);
    const problem =
      text === undefined
        ? "no longer exists"
        : lineCount(text) <= maxLines
          ? `is down to ${lineCount(text)} lines`
          : reason.trim() === ""
            ? "is listed without a reason"
            : undefined;
    if (!problem) continue;
    const fix = text !== undefined && reason.trim() === "" ? "say why it stays whole" : "remove its entry";
    found.push({ file, line: 1, message: `${file} ${problem}: ${fix} in tests/unit/architecture/long-files.ts.` });
  }
  return found;
}
