// Issue #35 finding 5, "gov.br trust levels and sessions" (ADR 053) — sessions: a policy change
// ends the staff sessions it no longer allows (passwords turned off; a raised staff level), and a
// staff role granted ends the grantee's sessions its municipality's policy would not allow;
// audited. Through the route actions, with real session cookies and gov.br switched on.
import { describe, expect, it, vi } from "vitest";
import type { StaffRole } from "~/domain/auth/permissions";
import type { TrustLevel } from "~/domain/auth/trust-level";
import * as equipe from "~/routes/m.$municipio.equipe/route";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser } from "../support/factories";
import { type RouteModule, staffOf } from "./access-world";
import { browserOf, endedEvents, post, savePolicy, signedIn, type Town, townWith } from "./trust-levels-world";

vi.hoisted(() => {
  // gov.br configured, before any module reads the settings: the guard sends a person below the
  // level to /entrar/govbr/nivel, and the policy page accepts levels.
  process.env.GOVBR_ISSUER = "http://127.0.0.1:1";
  process.env.GOVBR_CLIENT_ID = "portal-teste";
  process.env.GOVBR_CLIENT_SECRET = "segredo-teste";
});

describe("gov.br trust levels and sessions (issue #35 finding 5): sessions end when the rules tighten", () => {
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
