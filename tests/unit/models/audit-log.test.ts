import { describe, expect, it } from "vitest";
import { listAuditEvents } from "~/models/audit-log.server";
import { updatePopulation } from "~/models/population.server";
import { rotateKey } from "~/models/signing-key.server";
import { createMunicipality, createUser, testActor } from "../../support/factories";

describe("the audit trail", () => {
  it("lists one kind of subject of one municipality, newest first, with who acted (the keys page)", async () => {
    const m = await createMunicipality();
    const other = await createMunicipality("Outra de Teste");
    const gestor = await createUser({ name: "Gestora das Chaves" });
    const actor = { ...testActor, userId: gestor.id, role: "GESTOR" };
    await rotateKey(m.id, actor);
    await rotateKey(m.id, testActor);
    await rotateKey(other.id, actor);
    await updatePopulation(m.id, { population: 12345, source: "IBGE", date: "2025-07-01" }, actor);

    const events = await listAuditEvents({ municipalityId: m.id, subjectType: "SigningKey" }, 30);
    expect(events.map((e) => [e.action, e.actorName])).toEqual([
      ["signing_key.rotate", "Sistema"],
      ["signing_key.retire", "Sistema"],
      ["signing_key.rotate", "Gestora das Chaves"],
    ]);
    expect(events.every((e) => e.municipalityId === m.id)).toBe(true);
    expect((await listAuditEvents({ municipalityId: m.id, subjectType: "SigningKey" }, 1)).map((e) => e.seq)).toEqual([
      events[0].seq,
    ]);
  });

  it("narrows to one action of one subject (the quotas page's population history)", async () => {
    const m = await createMunicipality();
    const actor = { ...testActor, userId: (await createUser({ name: "Gestor da População" })).id };
    await updatePopulation(m.id, { population: 20000, source: "IBGE", date: "2025-07-01" }, actor);
    await rotateKey(m.id, actor);
    const events = await listAuditEvents({
      subjectType: "Municipality",
      subjectId: m.id,
      action: "municipality.population",
    });
    expect(events.map((e) => [e.action, e.actorName])).toEqual([["municipality.population", "Gestor da População"]]);
    expect(
      await listAuditEvents({ subjectType: "Municipality", subjectId: m.id, action: "municipality.other" }),
    ).toEqual([]);
  });
});
