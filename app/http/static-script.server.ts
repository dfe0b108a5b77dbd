// A script in public/ served by a route (a service worker): read once, answered `no-cache` so
// browsers check for updates on each visit.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
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

/** The script at `publicPath` (relative to the project), or several joined in order. */
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

const packaged = new Map<string, Promise<string | null>>();

/** A script as its npm package ships it (`jsqr/dist/jsQR.js`), read once; null when not installed. */
export function packageScript(specifier: string): Promise<string | null> {
  let source = packaged.get(specifier);
  if (!source) {
    source = readFile(createRequire(import.meta.url).resolve(specifier), "utf8").catch(() => null);
    packaged.set(specifier, source);
  }
  return source;
}
