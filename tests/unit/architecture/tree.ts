// The repository's own files, as the checks see them: app/, tests/ and server.js, by
// repository-relative posix path. Only text the checks read (code, styles, JSON) is loaded.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const TEXT = /\.([cm]?[jt]sx?|css|json)$/;

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(rel);
    return entry.isFile() && TEXT.test(entry.name) ? [rel] : [];
  });
}

export function readTree(): Map<string, string> {
  const files = [...walk("app"), ...walk("tests"), "server.js"];
  return new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), "utf8")]));
}
