import { describe, expect, it } from "vitest";
import { landingFor } from "~/domain/auth/landing";

const grant = (role: "CONDUTOR" | "FISCAL" | "ANALISTA" | "GESTOR" | "OPERADOR" | "ADMIN") => ({ role });

describe("landingFor", () => {
  it("sends someone who is only a fiscal (besides the driver everyone is) to the scanner", () => {
    expect(landingFor({ grants: [grant("CONDUTOR"), grant("FISCAL")] })).toBe("/fiscal");
  });

  it("sends a fiscal of two municipalities to the scanner too", () => {
    expect(landingFor({ grants: [grant("CONDUTOR"), grant("FISCAL"), grant("FISCAL")] })).toBe("/fiscal");
  });

  it("sends a driver, an analyst or a gestor to the panel", () => {
    expect(landingFor({ grants: [grant("CONDUTOR")] })).toBe("/painel");
    expect(landingFor({ grants: [grant("CONDUTOR"), grant("ANALISTA")] })).toBe("/painel");
    expect(landingFor({ grants: [grant("CONDUTOR"), grant("GESTOR")] })).toBe("/painel");
  });

  it("sends a fiscal who holds another staff role to the panel, where both are offered", () => {
    expect(landingFor({ grants: [grant("CONDUTOR"), grant("FISCAL"), grant("GESTOR")] })).toBe("/painel");
    expect(landingFor({ grants: [grant("CONDUTOR"), grant("FISCAL"), grant("OPERADOR")] })).toBe("/painel");
  });

  it("sends a platform administrator to the panel even with a fiscal grant", () => {
    expect(landingFor({ isPlatformAdmin: true, grants: [grant("CONDUTOR"), grant("FISCAL")] })).toBe("/painel");
  });
});
