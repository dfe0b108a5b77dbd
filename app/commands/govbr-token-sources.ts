// What reads the gov.br DS tokens (ADR 032): the portal's CSS and TS/TSX under app/ (inline
// styles included), and the DS components' CSS that app/styles/govbr.ts loads.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/** The DS's full tokens file, as published. */
export const DS_TOKENS = require.resolve("@govbr-ds/core/dist/core-tokens.min.css");
/** The subset the portal loads. */
export const TOKENS_FILE = "app/styles/govbr-tokens.css";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** The DS component stylesheets govbr.ts imports (besides the tokens). */
function dsComponentSheets(): string[] {
  const govbr = readFileSync("app/styles/govbr.ts", "utf8");
  return [...govbr.matchAll(/from "(@govbr-ds\/core\/dist\/components\/[^"]+\.css)"/g)].map((m) =>
    require.resolve(m[1]),
  );
}

/** Every text that may read a token: path and content. */
export function tokenSources(): { path: string; text: string }[] {
  const own = filesUnder("app")
    .filter((path) => /\.(css|tsx?)$/.test(path) && path !== TOKENS_FILE)
    .sort();
  return [...own, ...dsComponentSheets()].map((path) => ({ path, text: readFileSync(path, "utf8") }));
}
