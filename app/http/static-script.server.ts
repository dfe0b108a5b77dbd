// A script kept in public/ but served by a route (a service worker): read once from the project's
// folder, answered with `no-cache` so browsers check it for updates on each visit.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "~/utils/project-root.server";

const sources = new Map<string, Promise<string>>();

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
