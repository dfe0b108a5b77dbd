// Issue #35 finding 5, "gov.br trust levels and sessions" (ADR 053) — the acts behind the staff
// level: with a municipality's staff level set, a gestor signed in with a password (or below the
// level) neither changes the policy nor rotates or revokes a signing key; the model refuses too.
// Through the route actions a browser posts to, with real session cookies and gov.br switched on
// (no provider is contacted: the guard only reads the session's level). The sessions a change
// ends: trust-levels-sessions.test.ts.
import { describe, expect, it, vi } from "vitest";
import { TrustLevelRequired } from "~/domain/auth/trust-level";
import { setGovbrPolicy } from "~/models/govbr-policy.server";
import { rotateKey, signerFor } from "~/models/signing-key.server";
import * as chaves from "~/routes/m.$municipio.chaves/route";
import { db } from "~/utils/db.server";
import { testActor } from "../support/factories";
import { type RouteModule, staffOf } from "./access-world";
import { browserOf, policyOf, post, savePolicy, toLevelPage, townWith } from "./trust-levels-world";

vi.hoisted(() => {
  // gov.br configured, before any module reads the settings: the guard sends a person below the
  // level to /entrar/govbr/nivel, and the policy page accepts levels.
  process.env.GOVBR_ISSUER = "http://127.0.0.1:1";
  process.env.GOVBR_CLIENT_ID = "portal-teste";
  process.env.GOVBR_CLIENT_SECRET = "segredo-teste";
});

describe("gov.br trust levels and sessions (issue #35 finding 5): the policy and the keys need the staff level", () => {
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
});
