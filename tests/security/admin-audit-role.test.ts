// Issue #35, low finding "the audit records the platform admin's actions under another role"
// (ADR 053): the platform administrator acting in a municipality's back office — staff (equipe)
// and the gov.br policy, the pages ADMIN's manage:staff:any opens — is audited as ADMIN, not as
// the GESTOR the staff page assumed nor the CONDUTOR the staff guard fell back to; and not as a
// role she holds in another municipality. A role held in the municipality itself stays the one
// recorded there.
import { describe, expect, it } from "vitest";
import * as equipe from "~/routes/m.$municipio.equipe/route";
import * as govbr from "~/routes/m.$municipio.govbr/route";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser, randomCpf, uniqueEmail } from "../support/factories";
import { postTo, type RouteModule } from "./access-world";

async function platformAdmin(gestorOf?: { id: string }) {
  const admin = await createUser({ name: "Administradora da Plataforma" });
  await db.user.update({ where: { id: admin.id }, data: { isPlatformAdmin: true } });
  if (gestorOf)
    await db.roleAssignment.create({ data: { userId: admin.id, role: "GESTOR", municipalityId: gestorOf.id } });
  return admin;
}

const addStaff = (m: { slug: string }, as: { id: string }) =>
  postTo(
    equipe as RouteModule,
    `/m/${m.slug}/equipe`,
    as,
    { municipio: m.slug },
    { intent: "add", cpf: randomCpf(), name: "Nova Fiscal da Silva", email: uniqueEmail("fiscal"), role: "FISCAL" },
  );

const savePolicy = (m: { slug: string }, as: { id: string }) =>
  postTo(
    govbr as RouteModule,
    `/m/${m.slug}/govbr`,
    as,
    { municipio: m.slug },
    { driverLevel: "", staffLevel: "", staffPasswordDisabled: "nao" },
  );

/** The roles the audit trail recorded for what the user did in the municipality. */
async function rolesRecorded(userId: string, municipalityId: string) {
  const events = await db.auditEvent.findMany({
    where: { actorUserId: userId, municipalityId, action: { in: ["staff.add", "municipality.govbr_policy"] } },
    select: { action: true, actorRole: true },
    orderBy: { seq: "asc" },
  });
  return events.map((e) => `${e.action}:${e.actorRole}`);
}

describe("the platform admin's acts are audited as ADMIN (issue #35)", () => {
  it("adding staff and saving the gov.br policy of a municipality", async () => {
    const m = await createMunicipality();
    const admin = await platformAdmin();
    expect((await addStaff(m, admin)).status).toBe(302);
    expect((await savePolicy(m, admin)).status).toBe(302);
    expect(await rolesRecorded(admin.id, m.id)).toEqual(["staff.add:ADMIN", "municipality.govbr_policy:ADMIN"]);
  });

  it("not under the GESTOR role she holds in another municipality", async () => {
    const m = await createMunicipality();
    const elsewhere = await createMunicipality();
    const admin = await platformAdmin(elsewhere);
    expect((await addStaff(m, admin)).status).toBe(302);
    expect((await savePolicy(m, admin)).status).toBe(302);
    expect(await rolesRecorded(admin.id, m.id)).toEqual(["staff.add:ADMIN", "municipality.govbr_policy:ADMIN"]);
  });

  it("a gestor of the municipality is still audited as GESTOR there", async () => {
    const m = await createMunicipality();
    const gestor = await createUser();
    await db.roleAssignment.create({ data: { userId: gestor.id, role: "GESTOR", municipalityId: m.id } });
    expect((await addStaff(m, gestor)).status).toBe(302);
    expect((await savePolicy(m, gestor)).status).toBe(302);
    expect(await rolesRecorded(gestor.id, m.id)).toEqual(["staff.add:GESTOR", "municipality.govbr_policy:GESTOR"]);
  });
});
