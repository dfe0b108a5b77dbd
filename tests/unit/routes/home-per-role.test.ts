// Each person lands on their own work (issue #34, items 4 and 6): a company's staff see their
// company and "Convidar condutor", not the driver's "Pedir credenciamento"; a driver sees a
// company's invitation waiting for an answer, and "Meu crachá" one tap from home.
import { describe, expect, it } from "vitest";
import * as home from "~/routes/painel/route.server";
import { db } from "~/utils/db.server";
import { answerOf, cookieOf, ORIGIN } from "../../security/access-world";
import { createMunicipality, createSignedCredential, createUser, randomCpf } from "../../support/factories";

const context = { clientIp: "127.0.0.1", requestId: "painel" };

async function homeOf(user: { id: string }) {
  const request = new Request(`${ORIGIN}/painel`, { headers: { cookie: await cookieOf(user) } });
  const answer = await answerOf(() => home.loader({ request, params: {}, context }));
  expect(answer.status).toBe(200);
  return JSON.parse(answer.body);
}

async function company(municipalityId: string, status: string, name: string) {
  return db.operator.create({
    data: {
      municipalityId,
      cnpj: randomCpf() + "000",
      legalName: `${name} Ltda`,
      tradeName: name,
      kind: "EMPRESA",
      status,
    },
  });
}

describe("the home of each person", () => {
  it("a company's staff see their companies, inviting only for the one in force, and no driver's first step", async () => {
    const m = await createMunicipality("Vila das Empresas");
    const staff = await createUser({ name: "Gerente da Empresa" });
    const working = await company(m.id, "ACTIVE", "Entrega Rápida");
    const draft = await company(m.id, "DRAFT", "Nova Entrega");
    for (const o of [working, draft])
      await db.roleAssignment.create({
        data: { userId: staff.id, role: "OPERADOR", operatorId: o.id, operatorOwner: true },
      });
    const data = await homeOf(staff);
    expect(data.companies).toEqual([
      { id: working.id, name: "Entrega Rápida", municipality: "Vila das Empresas (MG)", active: true },
      { id: draft.id, name: "Nova Entrega", municipality: "Vila das Empresas (MG)", active: false },
    ]);
    expect(data.next).toEqual([]);

    const driver = await createUser({ name: "Condutor Sem Nada" });
    const first = await homeOf(driver);
    expect(first.companies).toEqual([]);
    expect(first.next.map((n: { key: string }) => n.key)).toContain("novo");
  });

  it("a driver sees the invitation waiting for an answer, and no longer once answered", async () => {
    const m = await createMunicipality();
    const driver = await createUser({ name: "Condutor Convidado" });
    const inviter = await company(m.id, "ACTIVE", "Moto Táxi Central");
    const link = await db.driverLink.create({
      data: { operatorId: inviter.id, invitedCpf: driver.cpf, invitedEmail: driver.email, status: "INVITED" },
    });
    expect((await homeOf(driver)).invitations).toEqual(["Moto Táxi Central"]);
    await db.driverLink.update({ where: { id: link.id }, data: { status: "DECLINED" } });
    expect((await homeOf(driver)).invitations).toEqual([]);
  });

  it("a driver with a crachá has it one tap from home", async () => {
    const m = await createMunicipality();
    const driver = await createUser({ name: "Condutora Com Crachá" });
    const person = await db.person.create({ data: { userId: driver.id, fullName: driver.name, cpf: driver.cpf } });
    const { credential } = await createSignedCredential(m, { holderPersonId: person.id });
    const data = await homeOf(driver);
    expect(data.badges).toEqual([{ id: credential.id, label: "Crachá — Mototáxi", valid: true }]);
  });
});
