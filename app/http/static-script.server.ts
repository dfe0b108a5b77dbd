// A script kept in public/ but served by a route (a service worker): read once from the project's
// folder, answered with `no-cache` so browsers check it for updates on each visit. A worker made of
// several files (the shared public/offline-copy.js, then its own) is served as one script, in order.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "~/utils/project-root.server";

const sources = new Map<string, Promise<string>>();

function read(publicPath: string): Promise<string> {
  let source = sources.get(publicPath);
  if (!source) {
    source = readFile(path.join(projectRoot(), publicPath), "utf8");
    sources.set(publicPath, source);
  }
  return source;
}

/**
 * The script at `publicPath` (relative to the project, e.g. "public/carteira/sw.js"), or the
 * scripts at several joined in order, with extra headers.
 */
export async function scriptResponse(
  publicPath: string | readonly string[],
  headers: Record<string, string> = {},
): Promise<Response> {
  const parts = await Promise.all((typeof publicPath === "string" ? [publicPath] : publicPath).map(read));
  return new Response(parts.join("\n"), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

/** The shared part of the portal's service workers, served before each worker's own script. */
export const OFFLINE_COPY = "public/offline-copy.js";
