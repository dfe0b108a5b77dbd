import { describe, expect, it } from "vitest";
import { can, type Grant } from "~/domain/auth/permissions";

const itauna = "mun-itauna";
const lavras = "mun-lavras";
const analistaItauna: Grant = { role: "ANALISTA", municipalityId: itauna, operatorId: null };
const condutor: Grant = { role: "CONDUTOR", municipalityId: null, operatorId: null };

describe("permissions", () => {
  it("lets an analyst review applications of their own municipality only", () => {
    expect(can("u1", [analistaItauna], "review:application", { municipalityId: itauna })).toBe(true);
    expect(can("u1", [analistaItauna], "review:application", { municipalityId: lavras })).toBe(false);
  });

  it("lets a driver read their own application but not someone else's", () => {
    expect(can("u1", [condutor], "read:application", { ownerUserId: "u1" })).toBe(true);
    expect(can("u1", [condutor], "read:application", { ownerUserId: "u2" })).toBe(false);
  });

  it("does not let a fiscal approve or review", () => {
    const fiscal: Grant = { role: "FISCAL", municipalityId: itauna, operatorId: null };
    expect(can("u1", [fiscal], "review:application", { municipalityId: itauna })).toBe(false);
    expect(can("u1", [fiscal], "create:infraction", { municipalityId: itauna })).toBe(true);
  });

  it("lets a gestor manage staff of their municipality and not of another", () => {
    const gestor: Grant = { role: "GESTOR", municipalityId: lavras, operatorId: null };
    expect(can("u1", [gestor], "manage:staff", { municipalityId: lavras })).toBe(true);
    expect(can("u1", [gestor], "manage:staff", { municipalityId: itauna })).toBe(false);
  });

  it("scopes an operator's permissions to its own operator", () => {
    const op: Grant = { role: "OPERADOR", municipalityId: null, operatorId: "op-a" };
    expect(can("u1", [op], "read:driver-link", { operatorId: "op-a" })).toBe(true);
    expect(can("u1", [op], "read:driver-link", { operatorId: "op-b" })).toBe(false);
  });

  it("gives the platform admin municipality creation everywhere but no review rights", () => {
    const admin: Grant = { role: "ADMIN", municipalityId: null, operatorId: null };
    expect(can("u1", [admin], "create:municipality", { municipalityId: "any" })).toBe(true);
    expect(can("u1", [admin], "review:application", { municipalityId: itauna })).toBe(false);
  });

  it("answers 'somewhere' questions without a target (menus)", () => {
    expect(can("u1", [analistaItauna], "review:application")).toBe(true);
    expect(can("u1", [condutor], "review:application")).toBe(false);
  });
});
