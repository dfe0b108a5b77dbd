// A script kept in public/ but served by a route (a service worker): read once from the project's
// folder, answered with `no-cache` so browsers check it for updates on each visit.
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const sources = new Map<string, Promise<string>>();

function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

/** The script at `publicPath` (relative to the project, e.g. "public/carteira/sw.js"), with extra headers. */
export async function scriptResponse(publicPath: string, headers: Record<string, string> = {}): Promise<Response> {
  let source = sources.get(publicPath);
  if (!source) {
    source = readFile(path.join(projectRoot(), publicPath), "utf8");
    sources.set(publicPath, source);
  }
  return new Response(await source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}
