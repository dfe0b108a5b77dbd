// The world of the trust-level tests (issue #35 finding 5, ADR 053): browsers signed in with a
// password or with gov.br at a level, the route actions they post to, municipalities with a
// policy already set. The test files turn gov.br on (vi.hoisted) before any module reads settings.
import { expect } from "vitest";
import type { TrustLevel } from "~/domain/auth/trust-level";
import { getUser } from "~/http/auth.server";
import { startSession } from "~/http/session.server";
import { setGovbrPolicy } from "~/models/govbr-policy.server";
import * as govbr from "~/routes/m.$municipio.govbr/route";
import { db } from "~/utils/db.server";
import { createMunicipality, testActor } from "../support/factories";
import { answerOf, CSRF, ORIGIN, type RouteModule } from "./access-world";

export type Level = TrustLevel | null;
export type Town = Awaited<ReturnType<typeof createMunicipality>>;

/** A browser signed in as the user, with a password (null) or gov.br at a level: its cookie header. */
export async function browserOf(user: { id: string }, level: Level) {
  const govbrSignIn = level ? { level, idToken: null, sid: null } : null;
  const setCookie = await startSession(new Request(`${ORIGIN}/entrar`), user.id, new Date(), govbrSignIn);
  return `${setCookie.split(";")[0]}; csrf=${CSRF}`;
}

/** Whether the browser's session still signs anyone in. */
export const signedIn = async (cookie: string) =>
  (await getUser(new Request(`${ORIGIN}/painel`, { headers: { cookie } }))) !== null;

export function post(
  mod: RouteModule,
  path: string,
  cookie: string,
  params: Record<string, string>,
  fields: Record<string, string>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("csrf", CSRF);
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie, origin: ORIGIN }, body: form });
  return answerOf(() => mod.action!({ request, params, context: { clientIp: "127.0.0.1", requestId: "teste" } }));
}

export type Policy = { staffLevel: "" | TrustLevel; staffPasswordDisabled?: boolean; driverLevel?: "" | TrustLevel };
export const savePolicy = (m: Town, cookie: string, p: Policy) =>
  post(
    govbr as RouteModule,
    `/m/${m.slug}/govbr`,
    cookie,
    { municipio: m.slug },
    {
      driverLevel: p.driverLevel ?? "",
      staffLevel: p.staffLevel,
      staffPasswordDisabled: p.staffPasswordDisabled ? "sim" : "nao",
    },
  );

export const policyOf = (m: Town) =>
  db.municipality.findUniqueOrThrow({
    where: { id: m.id },
    select: { govbrDriverLevel: true, govbrStaffLevel: true, staffPasswordDisabled: true },
  });

/** A municipality whose policy is already set (by the system, as a seed would). */
export async function townWith(staffLevel: TrustLevel | null, staffPasswordDisabled = false) {
  const m = await createMunicipality();
  await setGovbrPolicy(m.id, { govbrDriverLevel: null, govbrStaffLevel: staffLevel, staffPasswordDisabled }, testActor);
  return m;
}

export const toLevelPage = (answer: { status: number; location: string | null }, level: TrustLevel) => {
  expect(answer.status).toBe(302);
  expect(answer.location).toMatch(new RegExp(`^/entrar/govbr/nivel\\?exigido=${level}&`));
};

export const endedEvents = (userId: string, reason: string) =>
  db.auditEvent.count({ where: { action: "session.end", subjectId: userId, afterJson: { contains: reason } } });
