// Issue #35 finding 5, "gov.br trust levels and sessions" (ADR 053): with a municipality's staff
// level set, a gestor signed in with a password (or below the level) neither changes the policy
// nor rotates or revokes a signing key; a policy change ends the staff sessions it no longer
// allows; a staff role granted ends the grantee's sessions its municipality's policy would not
// allow. Through the route actions a browser posts to, with real session cookies and gov.br
// switched on (no provider is contacted: the guard only reads the session's level).
import { describe, expect, it, vi } from "vitest";
import { db } from "~/utils/db.server";
import { getUser } from "~/http/auth.server";
import { startSession } from "~/http/session.server";
import { setGovbrPolicy } from "~/models/govbr-policy.server";
import { rotateKey, signerFor } from "~/models/signing-key.server";
import { TrustLevelRequired, type TrustLevel } from "~/domain/auth/trust-level";
import type { StaffRole } from "~/domain/auth/permissions";
import * as govbr from "~/routes/m.$municipio.govbr";
import * as chaves from "~/routes/m.$municipio.chaves";
import * as equipe from "~/routes/m.$municipio.equipe";
import { createMunicipality, createUser, testActor } from "../support/factories";
import { answerOf, CSRF, ORIGIN, staffOf, type RouteModule } from "./access-world";

vi.hoisted(() => {
  // gov.br configured, before any module reads the settings: the guard sends a person below the
  // level to /entrar/govbr/nivel, and the policy page accepts levels.
  process.env.GOVBR_ISSUER = "http://127.0.0.1:1";
  process.env.GOVBR_CLIENT_ID = "portal-teste";
  process.env.GOVBR_CLIENT_SECRET = "segredo-teste";
});

type Level = TrustLevel | null;
type Town = Awaited<ReturnType<typeof createMunicipality>>;

/** A browser signed in as the user, with a password (null) or gov.br at a level: its cookie header. */
async function browserOf(user: { id: string }, level: Level) {
  const govbrSignIn = level ? { level, idToken: null, sid: null } : null;
  const setCookie = await startSession(new Request(`${ORIGIN}/entrar`), user.id, new Date(), govbrSignIn);
  return `${setCookie.split(";")[0]}; csrf=${CSRF}`;
}

/** Whether the browser's session still signs anyone in. */
const signedIn = async (cookie: string) =>
  (await getUser(new Request(`${ORIGIN}/painel`, { headers: { cookie } }))) !== null;

function post(
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

type Policy = { staffLevel: "" | TrustLevel; staffPasswordDisabled?: boolean; driverLevel?: "" | TrustLevel };
const savePolicy = (m: Town, cookie: string, p: Policy) =>
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

const policyOf = (m: Town) =>
  db.municipality.findUniqueOrThrow({
    where: { id: m.id },
    select: { govbrDriverLevel: true, govbrStaffLevel: true, staffPasswordDisabled: true },
  });

/** A municipality whose policy is already set (by the system, as a seed would). */
async function townWith(staffLevel: TrustLevel | null, staffPasswordDisabled = false) {
  const m = await createMunicipality();
  await setGovbrPolicy(m.id, { govbrDriverLevel: null, govbrStaffLevel: staffLevel, staffPasswordDisabled }, testActor);
  return m;
}

const toLevelPage = (answer: { status: number; location: string | null }, level: TrustLevel) => {
  expect(answer.status).toBe(302);
  expect(answer.location).toMatch(new RegExp(`^/entrar/govbr/nivel\\?exigido=${level}&`));
};

const endedEvents = (userId: string, reason: string) =>
  db.auditEvent.count({ where: { action: "session.end", subjectId: userId, afterJson: { contains: reason } } });

describe("gov.br trust levels and sessions (issue #35 finding 5)", () => {
  describe("changing the policy needs the staff level in force (the stricter of current and new)", () => {
    it("a gestor signed in with a password, or with gov.br below it, cannot lower prata to none", async () => {
      const m = await townWith("prata");
      const gestor = await staffOf(m, ["GESTOR"]);
      for (const level of [null, "bronze"] as const) {
        toLevelPage(await savePolicy(m, await browserOf(gestor, level), { staffLevel: "" }), "prata");
      }
      expect(await policyOf(m)).toEqual({
        govbrDriverLevel: null,
        govbrStaffLevel: "prata",
        staffPasswordDisabled: false,
      });
      expect(await db.auditEvent.count({ where: { subjectId: m.id, action: "municipality.govbr_policy" } })).toBe(1);
      // At prata she may.
      const ok = await savePolicy(m, await browserOf(gestor, "prata"), { staffLevel: "" });
      expect(ok.status, ok.body).toBe(302);
      expect(ok.location).toBe(`/m/${m.slug}/govbr?ok=salvo`);
      expect((await policyOf(m)).govbrStaffLevel).toBeNull();
      const event = await db.auditEvent.findFirstOrThrow({
        where: { subjectId: m.id, action: "municipality.govbr_policy", actorUserId: gestor.id },
      });
      expect(event.actorRole).toBe("GESTOR");
    });

    it("nor set a level she does not have herself (none → ouro at prata)", async () => {
      const m = await townWith(null);
      const gestor = await staffOf(m, ["GESTOR"]);
      toLevelPage(await savePolicy(m, await browserOf(gestor, null), { staffLevel: "prata" }), "prata");
      toLevelPage(await savePolicy(m, await browserOf(gestor, "prata"), { staffLevel: "ouro" }), "ouro");
      expect((await policyOf(m)).govbrStaffLevel).toBeNull();
      expect((await savePolicy(m, await browserOf(gestor, "ouro"), { staffLevel: "ouro" })).status).toBe(302);
      expect((await policyOf(m)).govbrStaffLevel).toBe("ouro");
    });

    it("the model refuses too, reading the policy inside its transaction (a person below it; the system is not asked)", async () => {
      const m = await townWith("prata");
      const gestor = await staffOf(m, ["GESTOR"]);
      const none = { govbrDriverLevel: null, govbrStaffLevel: null, staffPasswordDisabled: false };
      const actor = { userId: gestor.id, role: "GESTOR", municipalityId: m.id, requestId: null };
      await expect(setGovbrPolicy(m.id, none, { ...actor, govbrLevel: null })).rejects.toBeInstanceOf(
        TrustLevelRequired,
      );
      await expect(setGovbrPolicy(m.id, none, actor)).rejects.toBeInstanceOf(TrustLevelRequired);
      await expect(setGovbrPolicy(m.id, none, { ...actor, govbrLevel: "bronze" })).rejects.toBeInstanceOf(
        TrustLevelRequired,
      );
      expect((await policyOf(m)).govbrStaffLevel).toBe("prata");
      await setGovbrPolicy(m.id, none, { ...actor, govbrLevel: "ouro" });
      expect((await policyOf(m)).govbrStaffLevel).toBeNull();
    });
  });

  describe("signing keys need the staff level in force", () => {
    it("a gestor below prata neither rotates nor revokes; at prata she does", async () => {
      const m = await townWith("prata");
      const gestor = await staffOf(m, ["GESTOR"]);
      const { kid } = await signerFor(m.id, testActor);
      const keys = () =>
        db.signingKey.findMany({ where: { municipalityId: m.id }, select: { kid: true, status: true } });
      const rotate = (cookie: string) =>
        post(
          chaves as RouteModule,
          `/m/${m.slug}/chaves`,
          cookie,
          { municipio: m.slug },
          { intent: "rotate", confirm: "sim" },
        );
      const revoke = (cookie: string) =>
        post(
          chaves as RouteModule,
          `/m/${m.slug}/chaves`,
          cookie,
          { municipio: m.slug },
          {
            intent: "revoke",
            kid,
            reason: "chave exposta num backup",
            typed: "REVOGAR",
            confirm: "sim",
          },
        );
      for (const level of [null, "bronze"] as const) {
        const cookie = await browserOf(gestor, level);
        toLevelPage(await rotate(cookie), "prata");
        toLevelPage(await revoke(cookie), "prata");
      }
      expect(await keys()).toEqual([{ kid, status: "ACTIVE" }]);
      // The model refuses a person below the level on its own (the command line's system actor is not asked).
      const person = { userId: gestor.id, role: "GESTOR", municipalityId: m.id, requestId: null, govbrLevel: null };
      await expect(rotateKey(m.id, person)).rejects.toBeInstanceOf(TrustLevelRequired);
      expect(await keys()).toHaveLength(1);

      const prata = await browserOf(gestor, "prata");
      expect((await rotate(prata)).location).toBe(`/m/${m.slug}/chaves?ok=rotacao`);
      expect((await revoke(prata)).location).toBe(`/m/${m.slug}/chaves?ok=revogada`);
      expect(await keys()).toEqual(
        expect.arrayContaining([
          { kid, status: "REVOKED" },
          { kid: expect.not.stringMatching(kid), status: "ACTIVE" },
        ]),
      );
      const actions = await db.auditEvent.findMany({
        where: { municipalityId: m.id, subjectType: "SigningKey", actorUserId: gestor.id },
        select: { action: true },
      });
      expect(actions.map((a) => a.action).sort()).toEqual([
        "signing_key.retire",
        "signing_key.revoke",
        "signing_key.rotate",
      ]);
    });
  });

  describe("a policy change ends the staff sessions it no longer allows", () => {
    async function world(staffLevel: TrustLevel | null) {
      const m = await townWith(staffLevel);
      const other = await createMunicipality();
      const gestor = await staffOf(m, ["GESTOR"]);
      const people = {
        gestor: await browserOf(gestor, "ouro"),
        analystPassword: await staffOf(m, ["ANALISTA"]),
        analystBronze: await staffOf(m, ["ANALISTA"]),
        analystPrata: await staffOf(m, ["ANALISTA"]),
        fiscalDisabled: await staffOf(m, ["FISCAL"]),
        otherTownStaff: await staffOf(other, ["ANALISTA"]),
        driver: await createUser(),
      };
      await db.roleAssignment.updateMany({
        where: { userId: people.fiscalDisabled.id },
        data: { disabledAt: new Date() },
      });
      const cookies = {
        analystPassword: await browserOf(people.analystPassword, null),
        analystBronze: await browserOf(people.analystBronze, "bronze"),
        analystPrata: await browserOf(people.analystPrata, "prata"),
        fiscalDisabled: await browserOf(people.fiscalDisabled, null),
        otherTownStaff: await browserOf(people.otherTownStaff, null),
        driver: await browserOf(people.driver, null),
      };
      const alive = async () =>
        Object.fromEntries(await Promise.all(Object.entries(cookies).map(async ([k, c]) => [k, await signedIn(c)])));
      return { m, gestor, people, cookies, alive };
    }

    it("passwords turned off for staff: that town's staff password sessions end, nobody else's", async () => {
      const w = await world("prata");
      const saved = await savePolicy(w.m, w.people.gestor, { staffLevel: "prata", staffPasswordDisabled: true });
      expect(saved.status, saved.body).toBe(302);
      expect(await w.alive()).toEqual({
        analystPassword: false,
        analystBronze: true, // below prata, but prata was already the level: the change did not raise it
        analystPrata: true,
        fiscalDisabled: true, // no active staff role here: the policy is not hers
        otherTownStaff: true,
        driver: true,
      });
      expect(await signedIn(w.people.gestor)).toBe(true);
      expect(await endedEvents(w.people.analystPassword.id, "govbr_policy")).toBe(1);
    });

    it("the staff level raised: sessions below it end (passwords too); a change that tightens nothing ends nothing", async () => {
      const w = await world(null);
      // Only the drivers' level changes: nothing about staff tightened.
      expect((await savePolicy(w.m, w.people.gestor, { staffLevel: "", driverLevel: "prata" })).status).toBe(302);
      expect(Object.values(await w.alive()).every(Boolean)).toBe(true);

      expect((await savePolicy(w.m, w.people.gestor, { staffLevel: "prata" })).status).toBe(302);
      expect(await w.alive()).toEqual({
        analystPassword: false,
        analystBronze: false,
        analystPrata: true,
        fiscalDisabled: true,
        otherTownStaff: true,
        driver: true,
      });
      expect(await endedEvents(w.people.analystBronze.id, "govbr_policy")).toBe(1);
      const event = await db.auditEvent.findFirstOrThrow({
        where: { action: "session.end", subjectId: w.people.analystPassword.id },
      });
      expect(event).toMatchObject({ actorUserId: w.gestor.id, actorRole: "GESTOR", municipalityId: w.m.id });
      expect(JSON.parse(event.afterJson!)).toEqual({ sessions: 1, reason: "govbr_policy" });
    });
  });

  describe("a staff role granted ends the grantee's sessions the town's policy would not allow", () => {
    const grant = async (
      m: Town,
      gestorCookie: string,
      person: { cpf: string; name: string; email: string },
      role: StaffRole,
    ) =>
      post(
        equipe as RouteModule,
        `/m/${m.slug}/equipe`,
        gestorCookie,
        { municipio: m.slug },
        {
          intent: "add",
          cpf: person.cpf,
          name: person.name,
          email: person.email,
          role,
        },
      );

    it("where staff passwords are off, the grantee's open password session ends; its gov.br prata session stays", async () => {
      const m = await townWith("prata", true);
      const gestor = await browserOf(await staffOf(m, ["GESTOR"]), "prata");
      const person = await createUser({ name: "Futura Analista" });
      const password = await browserOf(person, null);
      const bronze = await browserOf(person, "bronze");
      const prata = await browserOf(person, "prata");
      const added = await grant(m, gestor, person, "ANALISTA");
      expect(added.status, added.body).toBe(302);
      expect(await db.roleAssignment.count({ where: { userId: person.id, municipalityId: m.id } })).toBe(1);
      expect(await signedIn(password)).toBe(false);
      expect(await signedIn(bronze)).toBe(false);
      expect(await signedIn(prata)).toBe(true);
      const event = await db.auditEvent.findFirstOrThrow({ where: { action: "session.end", subjectId: person.id } });
      expect(JSON.parse(event.afterJson!)).toEqual({ sessions: 2, reason: "staff_grant" });
    });

    it("where the town asks no level and allows passwords, the grant ends nothing", async () => {
      const m = await townWith(null);
      const gestor = await browserOf(await staffOf(m, ["GESTOR"]), null);
      const person = await createUser({ name: "Outra Analista" });
      const password = await browserOf(person, null);
      expect((await grant(m, gestor, person, "FISCAL")).status).toBe(302);
      expect(await signedIn(password)).toBe(true);
      expect(await db.auditEvent.count({ where: { action: "session.end", subjectId: person.id } })).toBe(0);
    });
  });
});
