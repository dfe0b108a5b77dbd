// The route modules of app/routes as Remix's flat routes see them: a file `x.tsx`, or a folder
// `x/` whose `route.tsx` is the module (its loader and action may live in `x/route.server.ts`).
// The id is `x` either way — the name the URL is read from.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");
const MODULE = /\.(tsx?|jsx?)$/;

export type RouteFile = { id: string; module: string; folder: string | null };

export function routeFiles(): RouteFile[] {
  return readdirSync(ROUTES_DIR)
    .flatMap((name): RouteFile[] => {
      const full = path.join(ROUTES_DIR, name);
      if (statSync(full).isDirectory()) {
        const module = ["route.tsx", "route.ts"].map((f) => path.join(full, f)).find((f) => existsSync(f));
        return module ? [{ id: name, module, folder: full }] : [];
      }
      return MODULE.test(name) ? [{ id: name.replace(MODULE, ""), module: full, folder: null }] : [];
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

export const routeIds = () => routeFiles().map((r) => r.id);

function routeFile(id: string): RouteFile {
  const found = routeFiles().find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id} in app/routes`);
  return found;
}

/** The route's module, as Remix loads it. */
export const loadRoute = <T>(id: string) => import(routeFile(id).module) as Promise<T>;

/** The text of the file that holds the route's loader: `route.server.ts` in a folder, else the module. */
export function serverSource(id: string): string {
  const { module, folder } = routeFile(id);
  const server = folder ? path.join(folder, "route.server.ts") : null;
  return readFileSync(server && existsSync(server) ? server : module, "utf8");
}

/** The text of every file of the route (a folder's route.tsx, route.server.ts and intent modules). */
export function routeText(id: string): string {
  const { module, folder } = routeFile(id);
  if (!folder) return readFileSync(module, "utf8");
  return readdirSync(folder)
    .filter((f) => MODULE.test(f))
    .sort()
    .map((f) => readFileSync(path.join(folder, f), "utf8"))
    .join("\n");
}
