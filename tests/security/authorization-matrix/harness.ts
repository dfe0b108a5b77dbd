// The machinery of the authorization matrix (see ../authorization-matrix.test.ts): the route
// files, the calls as Remix makes them, what an answer means, and the database compared around
// the refused calls. Each test file runs the lines of its area, on a world of its own.
import { beforeAll, describe, expect, it } from "vitest";
import { readSession } from "~/http/session.server";
import { db, type Prisma } from "~/utils/db.server";
import { isPostgres } from "~/utils/env.server";
import { perFile } from "../../support/per-file";
import { loadRoute, routeIds as allRouteIds } from "../../support/route-modules";
import {
  type Answer,
  answerOf,
  buildMatrixWorld,
  cookieOf,
  CSRF,
  MATRIX_ROLES,
  type MatrixRole,
  type MatrixWorld,
  ORIGIN,
  type RouteModule,
  SECRET_NAME,
} from "../access-world";
import { someClient } from "../public-routes";
import { type ActionCase, ROUTES, type Row, type Side } from "./table";

export const routeIds = allRouteIds();

type Params = Record<string, string>;
export const load = (id: string) => loadRoute<RouteModule>(id);

/** The URL path of a flat route file with its params filled in. */
function urlPath(id: string, params: Params): string {
  const segments = id
    .replace(/\[\.\]/g, "~")
    .split(".")
    .filter((s) => s !== "_index")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s.startsWith("$") ? encodeURIComponent(params[s.slice(1)] ?? "") : s.replace(/~/g, ".")));
  return "/" + segments.join("/");
}

const context = () => ({ clientIp: someClient(), requestId: "matriz" });

/**
 * A session per role, opened once and reused while it lives (a write per call would be most of
 * the test's time); signing out, say, ends it and the next call opens another.
 */
const sessions = perFile(() => new Map<MatrixRole, string>());
async function cookieFor(role: MatrixRole): Promise<string> {
  const user = w.people[role];
  if (!user) return cookieOf(null);
  const cached = sessions().get(role);
  if (cached && (await readSession(new Request(ORIGIN, { headers: { cookie: cached } })))) return cached;
  const fresh = await cookieOf(user);
  sessions().set(role, fresh);
  return fresh;
}

async function callLoader(id: string, role: MatrixRole, params: Params): Promise<Answer> {
  const mod = await load(id);
  const p = urlPath(id, params);
  const url = `${ORIGIN}${p === "/" ? "/_root" : p}.data?_routes=${encodeURIComponent(`routes/${id}`)}`;
  const request = new Request(url, { headers: { cookie: await cookieFor(role) } });
  return answerOf(() => mod.loader!({ request, params, context: context() }));
}

async function callAction(id: string, role: MatrixRole, params: Params, fields: Params): Promise<Answer> {
  const mod = await load(id);
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.set("csrf", CSRF);
  const request = new Request(`${ORIGIN}${urlPath(id, params)}`, {
    method: "POST",
    headers: { cookie: await cookieFor(role), origin: ORIGIN, accept: "application/json" },
    body: form,
  });
  return answerOf(() => mod.action!({ request, params, context: context() }));
}

// What an answer means.
const toSignIn = (a: Answer) =>
  a.status === 401 || (a.status >= 300 && a.status < 400 && /^\/entrar\b/.test(a.location ?? ""));
/** The sign-in wall of requireUser (a plain /entrar is the sign-in page itself, e.g. gov.br not configured). */
const signInWall = (a: Answer) =>
  a.status === 401 || (a.status >= 300 && a.status < 400 && /^\/entrar\?voltar=/.test(a.location ?? ""));
const refused = (a: Answer) => a.status === 403 || a.status === 404;
const shown = (a: Answer) => `${a.status}${a.location ? ` → ${a.location}` : ""} ${a.body.slice(0, 160)}`;

/** Every table's rows but the sessions this test opens and the rate-limit counters. */
const UNWATCHED = new Set(["Session", "RateLimit"]);
// Set again by each file's beforeAll (describeMatrix).
let models: string[] = [];
const json = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) =>
    typeof x === "bigint" ? x.toString() : x instanceof Uint8Array ? Buffer.from(x).toString("base64") : x,
  );
async function snapshot(): Promise<Map<string, string[]>> {
  const delegates = db as unknown as Record<string, { findMany: () => Promise<unknown[]> }>;
  const tables = await Promise.all(
    models.map(async (m) => {
      const rows = await delegates[m[0].toLowerCase() + m.slice(1)].findMany();
      return [m, rows.map(json).sort()] as const;
    }),
  );
  return new Map(tables);
}
function changes(before: Map<string, string[]>, after: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [m, rows] of after) {
    const old = new Set(before.get(m));
    const now = new Set(rows);
    const added = rows.filter((r) => !old.has(r));
    const gone = (before.get(m) ?? []).filter((r) => !now.has(r));
    if (added.length || gone.length)
      out.push(`${m}: +${added.length} −${gone.length} ${added[0]?.slice(0, 200) ?? ""}`);
  }
  return out;
}

// The world, set again by each file's beforeAll (describeMatrix).
let w: MatrixWorld;

type Cell = { side: "loader" | "action"; allow: Side; form?: ActionCase["form"]; why?: string };

export function cellsOf(row: Row): Cell[] {
  const cells: Cell[] = [];
  if (row.loader) cells.push({ side: "loader", allow: row.loader });
  if (Array.isArray(row.action) && row.action.length && typeof row.action[0] === "object")
    for (const c of row.action as ActionCase[])
      cells.push({ side: "action", allow: c.allow, form: c.form, why: c.why });
  else if (row.action) cells.push({ side: "action", allow: row.action as Side, form: row.form });
  return cells;
}

export const listed = (allow: Side): readonly MatrixRole[] | null => (Array.isArray(allow) ? allow : null);

/** The areas, each in a test file of its own (a world each, the files run in parallel). */
export const AREAS = {
  "back office": (id: string) => id.startsWith("m.") || id.startsWith("fiscal"),
  operator: (id: string) => id.startsWith("operadora"),
};
export const inNoArea = (id: string) => !Object.values(AREAS).some((inArea) => inArea(id));

/** The lines of one area: the world built once, then every cell of every route called by every role. */
export function describeMatrix(area: string, ids: readonly string[]) {
  describe(`authorization matrix: ${area}`, () => {
    beforeAll(async () => {
      const { Prisma: P } = (await import(
        isPostgres() ? "../../../prisma/generated/postgres/index.js" : "../../../prisma/generated/sqlite/index.js"
      )) as { Prisma: typeof Prisma };
      models = P.dmmf.datamodel.models.map((m) => m.name).filter((m) => !UNWATCHED.has(m));
      w = await buildMatrixWorld();
    }, 120_000);

    describe.each(ids.filter((id) => id in ROUTES))("%s", (id) => {
      const row = ROUTES[id];
      const params = () => row.params?.(w) ?? {};
      const call = (cell: Cell, role: MatrixRole) =>
        cell.side === "loader"
          ? callLoader(id, role, params())
          : callAction(id, role, params(), cell.form?.(w) ?? { intent: "matriz-de-autorizacao" });
      it.each(cellsOf(row).map((c, i) => [`${c.side}${c.why ? ` (${c.why})` : ""}`, i] as const))(
        "%s",
        async (_name, i) => {
          const cell = cellsOf(row)[i];
          const allowed = listed(cell.allow);
          const failures: string[] = [];

          if (!allowed) {
            const kind = Object.keys(cell.allow)[0];
            for (const role of MATRIX_ROLES) {
              const a = await call(cell, role);
              if (a.status >= 500 && a.status !== 503) failures.push(`${role}: ${shown(a)}`);
              else if (kind === "public" && (signInWall(a) || a.status === 403))
                failures.push(`${role} was refused a public route: ${shown(a)}`);
              else if (kind === "redirects" && !(a.status >= 300 && a.status < 400 && !toSignIn(a)))
                failures.push(`${role} was not redirected: ${shown(a)}`);
              else if (kind === "nobody" && !(toSignIn(a) || refused(a) || a.status === 405))
                failures.push(`${role} was not refused: ${shown(a)}`);
              if (a.body.includes(SECRET_NAME)) failures.push(`${role} received driver A's name`);
            }
            expect(failures, `${id} ${cell.side}`).toEqual([]);
            return;
          }

          // Refused first, with the database compared around them; then the allowed.
          const before = await snapshot();
          for (const role of MATRIX_ROLES.filter((r) => !allowed.includes(r))) {
            const a = await call(cell, role);
            if (role === "anonymous" ? !toSignIn(a) : !refused(a))
              failures.push(`${role} must be refused, got ${shown(a)}`);
            if (a.body.includes(SECRET_NAME)) failures.push(`${role} received driver A's name`);
          }
          const changed = changes(before, await snapshot());
          if (changed.length) failures.push(`refused calls changed the database: ${changed.join("; ")}`);
          for (const role of allowed) {
            const a = await call(cell, role);
            const expected =
              cell.side === "loader" ? a.status < 400 && !toSignIn(a) : a.status < 500 && !toSignIn(a) && !refused(a);
            if (!expected) failures.push(`${role} must get past authorization, got ${shown(a)}`);
          }
          expect(failures, `${id} ${cell.side}`).toEqual([]);
        },
      );
    });
  });
}
