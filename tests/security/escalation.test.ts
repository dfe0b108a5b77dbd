// Role escalation by form fields (issue #13's suite): the actions that create or change accounts,
// team members, applications and company data are posted, as the browser would, with the fields
// an attacker adds (role, municipalityId, operatorId, userId, personId, status, isPlatformAdmin…).
// Each test reads the database afterwards: nothing beyond what the user may do was granted or
// changed. (There is no profile-editing route: a driver's data changes only through the
// application's "dados" step, tested here.)
import { beforeAll, describe, expect, it } from "vitest";
import { startApplication } from "~/models/application.server";
import { acceptTeamInvitation } from "~/models/operator-team.server";
import * as cadastro from "~/routes/cadastro/route";
import * as municipalTeam from "~/routes/m.$municipio.equipe/route";
import * as operatorData from "~/routes/operadora.$id.dados/route";
import * as operatorTeam from "~/routes/operadora.$id.equipe/route";
import * as newOperator from "~/routes/operadora.nova/route";
import * as applicationData from "~/routes/requerimentos.$id.dados/route";
import * as applicationVehicle from "~/routes/requerimentos.$id.veiculo/route";
import * as newApplication from "~/routes/requerimentos.novo/route";
import { answeredWorkDone } from "~/utils/after-answer.server";
import { db } from "~/utils/db.server";
import { randomCnpj } from "../e2e/fixtures/operator-support";
import { createUser, randomCpf, testActor, uniqueEmail } from "../support/factories";
import { buildWorld, postTo, type RouteModule, staffOf, type World } from "./access-world";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);

/** What an attacker adds to any form, pointing at someone else's records. */
const hostile = (x: World) => ({
  role: "GESTOR",
  isPlatformAdmin: "true",
  municipalityId: x.mB.id,
  operatorId: x.Y.operator.id,
  operatorOwner: "true",
  userId: x.victim.user.id,
  personId: x.victim.person.id,
  ownerUserId: x.victim.user.id,
  status: "APPROVED",
  emailVerifiedAt: new Date().toISOString(),
});

const grantsOf = (userId: string) =>
  db.roleAssignment.findMany({
    where: { userId },
    select: { role: true, municipalityId: true, operatorId: true, operatorOwner: true, disabledAt: true },
  });

describe("sign-up", () => {
  it("creates a plain, unverified account whatever role, admin or verification fields come with it", async () => {
    const cpf = randomCpf();
    const email = uniqueEmail("escalada");
    const a = await postTo(
      cadastro as RouteModule,
      "/cadastro",
      null,
      {},
      {
        ...hostile(w),
        cpf,
        name: "Pessoa Escaladora",
        email,
        password: "girassol-trombone-pedregulho-7319",
        confirm: "girassol-trombone-pedregulho-7319",
      },
    );
    // The same answer whatever exists (issue #35); the account is created after it.
    expect(a.status, a.body).toBe(200);
    await answeredWorkDone();
    const user = await db.user.findUniqueOrThrow({ where: { cpf } });
    expect(user).toMatchObject({ isPlatformAdmin: false, emailVerifiedAt: null, email });
    expect(await grantsOf(user.id)).toEqual([]);
  });
});

describe("the municipality's team (m.$municipio.equipe)", () => {
  const add = (x: World, extra: Record<string, string> = {}) => ({
    ...hostile(x),
    intent: "add",
    cpf: randomCpf(),
    name: "Servidora Nova Teste",
    email: uniqueEmail("servidora"),
    role: "ANALISTA",
    ...extra,
  });

  it("is managed by the GESTOR only: an ANALISTA or FISCAL of the municipality cannot add anyone", async () => {
    const analyst = await staffOf(w.mA, ["ANALISTA", "FISCAL"]);
    const fields = add(w, { role: "GESTOR" });
    const a = await postTo(
      municipalTeam as RouteModule,
      `/m/${w.mA.slug}/equipe`,
      analyst,
      { municipio: w.mA.slug },
      fields,
    );
    expect(a.status).toBe(403);
    expect(await db.user.findUnique({ where: { cpf: fields.cpf } })).toBeNull();
    expect((await grantsOf(analyst.id)).map((g) => g.role).sort()).toEqual(["ANALISTA", "FISCAL"]);
  });

  it("adds a member to the URL's municipality only, never to the one in the form, nor to a company", async () => {
    const fields = add(w);
    const a = await postTo(
      municipalTeam as RouteModule,
      `/m/${w.mA.slug}/equipe`,
      w.staffA,
      { municipio: w.mA.slug },
      fields,
    );
    expect(a.status, a.body).toBe(302);
    const member = await db.user.findUniqueOrThrow({ where: { cpf: fields.cpf } });
    expect(member.isPlatformAdmin).toBe(false);
    expect(await grantsOf(member.id)).toEqual([
      { role: "ANALISTA", municipalityId: w.mA.id, operatorId: null, operatorOwner: false, disabledAt: null },
    ]);
  });

  it("refuses a role that is not a staff role (ADMIN, OPERADOR)", async () => {
    for (const role of ["ADMIN", "OPERADOR"]) {
      const fields = add(w, { role });
      const a = await postTo(
        municipalTeam as RouteModule,
        `/m/${w.mA.slug}/equipe`,
        w.staffA,
        { municipio: w.mA.slug },
        fields,
      );
      expect(a.status, role).toBe(400);
      expect(await db.user.findUnique({ where: { cpf: fields.cpf } })).toBeNull();
    }
  });

  it("cannot disable another municipality's staff by naming its role id", async () => {
    const [target] = await db.roleAssignment.findMany({ where: { userId: w.staffB.id, role: "GESTOR" } });
    const a = await postTo(
      municipalTeam as RouteModule,
      `/m/${w.mA.slug}/equipe`,
      w.staffA,
      { municipio: w.mA.slug },
      {
        intent: "disable",
        roleId: target.id,
        municipalityId: w.mB.id,
      },
    );
    expect(a.status).toBe(404);
    expect((await db.roleAssignment.findUniqueOrThrow({ where: { id: target.id } })).disabledAt).toBeNull();
  });
});

/** The invited person signs up with the invited CPF and e-mail and accepts the e-mailed invitation. */
async function acceptedInvitation(invited: { cpf: string; name: string; email: string }) {
  const user = await db.user.create({
    data: { cpf: invited.cpf, name: invited.name, email: invited.email, emailVerifiedAt: new Date() },
  });
  const mail = await db.outboxMessage.findFirstOrThrow({ where: { to: invited.email } });
  const token = mail.text.match(/\/equipe\/convite\/([A-Za-z0-9_-]+)/)![1];
  await acceptTeamInvitation(token, user, { ...testActor, userId: user.id });
  return user;
}

describe("a company's team (operadora.$id.equipe)", () => {
  const member = (x: World) => ({
    ...hostile(x),
    cpf: randomCpf(),
    name: "Funcionária da Empresa",
    email: uniqueEmail("funcionaria"),
  });

  it("adds an OPERADOR of the URL's company, never its owner, never of another company or a municipality", async () => {
    const fields = member(w);
    const path = `/operadora/${w.X.operator.id}/equipe`;
    const a = await postTo(operatorTeam as RouteModule, path, w.X.owner, { id: w.X.operator.id }, fields);
    expect(a.status, a.body).toBe(302);
    // An invitation (issue #35): the role begins when the invited account accepts.
    const added = await acceptedInvitation(fields);
    expect(await grantsOf(added.id)).toEqual([
      { role: "OPERADOR", municipalityId: null, operatorId: w.X.operator.id, operatorOwner: false, disabledAt: null },
    ]);
    expect(added.isPlatformAdmin).toBe(false);
  });

  it("is managed by the owner only: a member cannot add anyone, not even with operatorOwner in the form", async () => {
    const first = member(w);
    await postTo(
      operatorTeam as RouteModule,
      `/operadora/${w.X.operator.id}/equipe`,
      w.X.owner,
      { id: w.X.operator.id },
      first,
    );
    const staffer = await acceptedInvitation(first);
    const second = member(w);
    const a = await postTo(
      operatorTeam as RouteModule,
      `/operadora/${w.X.operator.id}/equipe`,
      staffer,
      { id: w.X.operator.id },
      second,
    );
    expect(a.status).toBe(403);
    expect(await db.outboxMessage.count({ where: { to: second.email } })).toBe(0);
  });

  it("cannot remove another company's owner by naming its role id", async () => {
    const [target] = await db.roleAssignment.findMany({ where: { userId: w.Y.owner.id, operatorId: w.Y.operator.id } });
    const a = await postTo(
      operatorTeam as RouteModule,
      `/operadora/${w.X.operator.id}/equipe`,
      w.X.owner,
      { id: w.X.operator.id },
      {
        intent: "remover",
        roleId: target.id,
        operatorId: w.Y.operator.id,
      },
    );
    expect(a.status).toBe(404);
    expect((await db.roleAssignment.findUniqueOrThrow({ where: { id: target.id } })).disabledAt).toBeNull();
  });
});

describe("applications", () => {
  it("starts a driver's application for the driver's own person, as a draft, bound to no company they are not linked to", async () => {
    const refused = await postTo(
      newApplication as RouteModule,
      "/requerimentos/novo",
      w.driver,
      {},
      {
        ...hostile(w),
        municipio: w.mB.slug,
        categoria: "MOTOFRETE",
        modo: "VINCULADO",
        operadora: w.Y.operator.id,
        linkedOperatorId: w.Y.operator.id,
      },
    );
    expect(refused.status).toBe(400);
    expect(await db.application.count({ where: { person: { userId: w.driver.id } } })).toBe(0);

    const a = await postTo(
      newApplication as RouteModule,
      "/requerimentos/novo",
      w.driver,
      {},
      {
        ...hostile(w),
        municipio: w.mB.slug,
        categoria: "MOTOFRETE",
        modo: "AUTONOMO",
        linkedOperatorId: w.Y.operator.id,
      },
    );
    expect(a.status, a.body).toBe(302);
    const mine = await db.application.findMany({ where: { person: { userId: w.driver.id } } });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: "DRAFT", municipalityId: w.mB.id, linkedOperatorId: null });
    expect(mine[0].personId).not.toBe(w.victim.person.id);
    expect(await db.application.count({ where: { personId: w.victim.person.id } })).toBe(1);
  });

  it("lets no data step change the application's status, municipality, person or the person's account", async () => {
    const driver = await createUser({ name: "Condutora do Rascunho" });
    const { application } = await startApplication(
      driver.id,
      { municipalityId: w.mB.id, category: "MOTOFRETE", mode: "AUTONOMO" },
      { ...testActor, userId: driver.id },
    );
    const appId = application.id;
    const before = await db.application.findUniqueOrThrow({ where: { id: appId }, include: { person: true } });
    const fields = {
      ...hostile(w),
      municipalityId: w.mA.id,
      cpf: w.victim.user.cpf,
      number: "REQ-FORJADO",
      fullName: "Condutora do Rascunho",
    };
    for (const [mod, step] of [
      [applicationData, "dados"],
      [applicationVehicle, "veiculo"],
    ] as const) {
      const saved = await postTo(mod as RouteModule, `/requerimentos/${appId}/${step}`, driver, { id: appId }, fields);
      expect(saved.status, `${step}: ${saved.body}`).toBe(302);
    }
    const after = await db.application.findUniqueOrThrow({ where: { id: appId }, include: { person: true } });
    expect(after).toMatchObject({
      status: before.status,
      municipalityId: before.municipalityId,
      personId: before.personId,
      number: before.number,
      linkedOperatorId: null,
    });
    expect(after.person).toMatchObject({
      fullName: "Condutora do Rascunho",
      userId: driver.id,
      cpf: before.person!.cpf,
    });
    expect(await db.person.findUniqueOrThrow({ where: { id: w.victim.person.id } })).toMatchObject({
      userId: w.victim.user.id,
      cpf: w.victim.person.cpf,
    });
  });
});

describe("company data (operadora.$id.dados)", () => {
  it("changes the names it offers and nothing else: not the status, municipality, CNPJ, nor another company", async () => {
    const before = await db.operator.findUniqueOrThrow({ where: { id: w.X.operator.id } });
    const otherBefore = await db.operator.findUniqueOrThrow({ where: { id: w.Y.operator.id } });
    const a = await postTo(
      operatorData as RouteModule,
      `/operadora/${w.X.operator.id}/dados`,
      w.X.owner,
      { id: w.X.operator.id },
      {
        ...hostile(w),
        id: w.Y.operator.id,
        status: "SUSPENDED",
        cnpj: otherBefore.cnpj,
        intent: "dados",
        legalName: "Empresa X Renomeada Ltda",
        legalRepName: "Dono da X",
        legalRepCpf: w.X.owner.cpf,
      },
    );
    expect(a.status, a.body).toBe(302);
    const after = await db.operator.findUniqueOrThrow({ where: { id: w.X.operator.id } });
    expect(after.legalName).toBe("Empresa X Renomeada Ltda");
    expect(after).toMatchObject({ status: before.status, municipalityId: before.municipalityId, cnpj: before.cnpj });
    expect(await db.operator.findUniqueOrThrow({ where: { id: w.Y.operator.id } })).toEqual(otherBefore);
    expect(await grantsOf(w.X.owner.id)).toEqual([
      { role: "OPERADOR", municipalityId: null, operatorId: w.X.operator.id, operatorOwner: true, disabledAt: null },
    ]);
  });
});

describe("company registration (operadora.nova)", () => {
  it("makes the signed-in user the owner of a new, uncredentialed company and of nothing else", async () => {
    const founder = await createUser({ name: "Fundadora de Empresa" });
    const cnpj = randomCnpj();
    const yBefore = await db.operator.findUniqueOrThrow({ where: { id: w.Y.operator.id } });
    const a = await postTo(
      newOperator as RouteModule,
      "/operadora/nova",
      founder,
      {},
      {
        ...hostile(w),
        id: w.Y.operator.id,
        municipio: w.mB.slug,
        categoria: "MOTOFRETE",
        kind: "EMPRESA",
        cnpj,
        legalName: "Empresa Nova de Teste Ltda",
        legalRepName: "Fundadora de Empresa",
        legalRepCpf: w.victim.user.cpf,
        cep: "35680000",
        street: "Rua das Flores",
        addressNumber: "10",
        district: "Centro",
        city: "Itaúna",
        uf: "MG",
        sede: "sim",
        status: "ACTIVE",
      },
    );
    expect(a.status, a.body).toBe(302);
    const created = await db.operator.findFirstOrThrow({ where: { cnpj } });
    expect(created.status).not.toBe("ACTIVE");
    expect(created.municipalityId).toBe(w.mB.id);
    expect(await grantsOf(founder.id)).toEqual([
      { role: "OPERADOR", municipalityId: null, operatorId: created.id, operatorOwner: true, disabledAt: null },
    ]);
    expect(await grantsOf(w.victim.user.id)).toEqual([]);
    expect(await db.operator.findUniqueOrThrow({ where: { id: w.Y.operator.id } })).toEqual(yBefore);
  });
});
