// The scanner's service worker (public/fiscal/sw.js), served from the root with scope /fiscal.
// Served by this route rather than as a static file so that it carries Service-Worker-Allowed
// and is never cached long: browsers check it for updates on each visit.
import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let source: Promise<string> | null = null;

function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const up = path.dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

export async function loader() {
  source ??= readFile(path.join(projectRoot(), "public/fiscal/sw.js"), "utf8");
  return new Response(await source, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Service-Worker-Allowed": "/fiscal",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
