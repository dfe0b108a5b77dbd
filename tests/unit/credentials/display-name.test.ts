import { describe, expect, it } from "vitest";
import { credentialClaimsSchema, HOLDER_NAME_MAX } from "~/credentials/claims";
import { holderDisplayName } from "~/credentials/display-name";

describe("holder display name", () => {
  it("keeps a name that fits, tidying spaces", () => {
    expect(holderDisplayName("  Maria   Aparecida dos Santos ")).toBe("Maria Aparecida dos Santos");
  });

  it("abbreviates middle names from the right until it fits", () => {
    const full = "Maria Aparecida Conceição de Jesus dos Santos Oliveira Souza";
    const short = holderDisplayName(full);
    expect([...short].length).toBeLessThanOrEqual(HOLDER_NAME_MAX);
    expect(short.startsWith("Maria ")).toBe(true);
    expect(short.endsWith(" Souza")).toBe(true);
    expect(short).toBe("Maria Aparecida Conceição de J. dos S. O. Souza");
  });

  it("drops particles when initials are not enough", () => {
    expect(holderDisplayName("Ana Beatriz Carolina da Silva de Souza dos Santos Pereira", 24)).toBe(
      "Ana B. C. S. S. S. Pereira".slice(0, 24).trimEnd(),
    );
  });

  it("always yields something the token schema accepts", () => {
    for (const name of ["Nguyễn Thị Minh Khai", "Łukasz Żółć", "D'Ávila", "José  (Zé) 2º", "N\u0303guyen"]) {
      const display = holderDisplayName(name);
      expect(credentialClaimsSchema.shape.holderName.safeParse(display).success, display).toBe(true);
    }
  });
});
