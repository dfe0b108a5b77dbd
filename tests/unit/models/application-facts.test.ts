// The facts the engine reads that come from records the portal holds: vehicles already in
// service, quota counts and the operator's side of a linked driver — each counted as the law
// means it, in the city that applies it.
import { describe, expect, it } from "vitest";
import { cnpjWithCheckDigits } from "~/domain/br/cnpj";
import type { Category, Mode } from "~/domain/rule-packs";
import { evaluateFor, getApplication, saveVehicleDraft, startApplication } from "~/models/application.server";
import { evaluationInput } from "~/models/application-facts.server";
import { declareDriverDataSent } from "~/models/driver-link.server";
import { activePack } from "~/models/rule-pack.server";
import { scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser, randomCpf, testActor } from "../../support/factories";

async function cityOf(pack: string, name: string) {
  const m = await createMunicipality(name);
  return db.municipality.update({ where: { id: m.id }, data: { rulePackId: pack } });
}

async function applicant(
  municipalityId: string,
  category: Category,
  mode: Mode,
  plate?: string,
  linkedOperatorId?: string,
) {
  const user = await createUser();
  const actor = { ...testActor, userId: user.id };
  const { application } = await startApplication(user.id, { municipalityId, category, mode, linkedOperatorId }, actor);
  if (plate) await saveVehicleDraft(application, { plate });
  return { user, app: (await getApplication(application.id))! };
}

let serialCounter = 0;
async function credentialInForce(c: {
  municipalityId: string;
  personId: string;
  applicationId?: string;
  type: string;
  category: string;
  plate?: string | null;
}) {
  serialCounter++;
  return db.credential.create({
    data: {
      serial: `TST-${Date.now().toString(36)}-${serialCounter}`,
      municipalityId: c.municipalityId,
      type: c.type,
      category: c.category,
      holderPersonId: c.personId,
      applicationId: c.applicationId ?? null,
      holderDisplayName: "Titular",
      plate: c.plate ?? null,
      validFrom: "2026-01-01",
      validUntil: "2027-12-31",
      status: "ACTIVE",
      kid: "k",
      token: "t",
      renderDataJson: "{}",
    },
  });
}

async function factsOf(app: NonNullable<Awaited<ReturnType<typeof getApplication>>>) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: app.municipalityId } });
  return evaluationInput(app, await activePack(municipality), "2026-06-01");
}

describe("one vehicle per holder", () => {
  it("counts the vehicles of the holder's credentials in force in that city, whatever the city issues (Itaúna issues no crachá)", async () => {
    const itauna = await cityOf("itauna-mg", "Itaúna de Teste");
    const { app } = await applicant(itauna.id, "MOTOBOY", "AUTONOMO", "NEW1A11");
    // A motofrete certificate and its seal for another motorcycle, both in force in Itaúna.
    await credentialInForce({
      municipalityId: itauna.id,
      personId: app.personId!,
      type: "CERTIFICADO",
      category: "MOTOFRETE",
      plate: "OLD2B22",
    });
    await credentialInForce({
      municipalityId: itauna.id,
      personId: app.personId!,
      type: "SELO_VISTORIA",
      category: "MOTOFRETE",
      plate: "OLD2B22",
    });
    expect((await factsOf(app)).person?.otherRegisteredVehicles).toBe(1);
    const check = (await evaluateFor(app, "2026-06-01")).result.checks.find((c) => c.id === "one_vehicle");
    expect(check).toMatchObject({ status: "FAIL", citation: "Lei 4.785/2013, art. 5º, parágrafo único" });
  });

  it("ignores a crachá held in another city, the same vehicle and the credentials this application replaces", async () => {
    const itauna = await cityOf("itauna-mg", "Itaúna de Teste");
    const patrocinio = await cityOf("patrocinio-mg", "Patrocínio de Teste");
    const { app } = await applicant(patrocinio.id, "MOTOBOY", "AUTONOMO", "SAM1A11");
    await credentialInForce({
      municipalityId: itauna.id,
      personId: app.personId!,
      type: "CRACHA",
      category: "MOTOBOY",
      plate: "OTH2E22",
    });
    await credentialInForce({
      municipalityId: patrocinio.id,
      personId: app.personId!,
      type: "CRACHA",
      category: "MOTOFRETE",
      plate: "SAM1A11",
    });
    await credentialInForce({
      municipalityId: patrocinio.id,
      personId: app.personId!,
      type: "CRACHA",
      category: "MOTOBOY",
      plate: "REN1W11",
    });
    expect((await factsOf(app)).person?.otherRegisteredVehicles).toBe(0);
  });
});

describe("the mototáxi permission quota (Patrocínio art. 10)", () => {
  it("counts titulars' permissions, not the certificates of their prepostos", async () => {
    const patrocinio = await cityOf("patrocinio-mg", "Patrocínio de Teste");
    const titular = await applicant(patrocinio.id, "MOTOTAXI", "AUTONOMO");
    const preposto = await applicant(patrocinio.id, "MOTOTAXI", "PREPOSTO");
    for (const type of ["CERTIFICADO", "CRACHA"]) {
      await credentialInForce({
        municipalityId: patrocinio.id,
        personId: titular.app.personId!,
        applicationId: titular.app.id,
        type,
        category: "MOTOTAXI",
      });
      await credentialInForce({
        municipalityId: patrocinio.id,
        personId: preposto.app.personId!,
        applicationId: preposto.app.id,
        type,
        category: "MOTOTAXI",
      });
    }
    const newcomer = await applicant(patrocinio.id, "MOTOTAXI", "AUTONOMO");
    expect((await factsOf(newcomer.app)).quota?.inForce?.PERMISSAO).toBe(1);
  });
});

async function platform(municipalityId: string) {
  return db.operator.create({
    data: {
      municipalityId,
      cnpj: cnpjWithCheckDigits(String(100000000000 + Math.floor(Math.random() * 8e11)).slice(0, 12)),
      legalName: "Plataforma de Teste Ltda",
      kind: "PLATAFORMA",
      status: "ACTIVE",
      city: "Lavras",
      uf: "MG",
      legalRepName: "Responsável",
    },
  });
}

describe("a driver linked to a platform (Lavras art. 9º and art. 10, § 4º)", () => {
  it("has operator facts only through a bond the operator gave and the driver accepted", async () => {
    const lavras = await cityOf("lavras-mg", "Lavras de Teste");
    const company = await platform(lavras.id);
    const { app } = await applicant(lavras.id, "APLICATIVO", "VINCULADO", "LAV1A11", company.id);
    // The driver named the company, but it never invited him: nothing is known of the operator.
    expect((await factsOf(app)).operator).toBeNull();
    const pending = (await evaluateFor(app, "2026-06-01")).result.checks.find((c) => c.id === "operator_credentialed");
    expect(pending?.status).toBe("PENDING");
    await db.driverLink.create({
      data: {
        operatorId: company.id,
        personId: app.personId,
        invitedCpf: randomCpf(),
        invitedEmail: "x@teste.com.br",
        status: "ACTIVE",
        acceptedAt: new Date("2026-05-01T12:00:00Z"),
      },
    });
    expect((await factsOf(app)).operator).toMatchObject({ credentialed: true, reportedDriverData: null });
  });

  it("waits for the platform to declare the driver's data sent: the vistoria cannot be scheduled before", async () => {
    const lavras = await cityOf("lavras-mg", "Lavras de Teste");
    const company = await platform(lavras.id);
    const { app } = await applicant(lavras.id, "APLICATIVO", "VINCULADO", "LAV2B22", company.id);
    const link = await db.driverLink.create({
      data: {
        operatorId: company.id,
        personId: app.personId,
        invitedCpf: randomCpf(),
        invitedEmail: "y@teste.com.br",
        status: "ACTIVE",
        acceptedAt: new Date("2026-05-01T12:00:00Z"),
      },
    });
    const check = async () =>
      (await evaluateFor((await getApplication(app.id))!, "2026-06-01")).result.checks.find(
        (c) => c.id === "operator_reported_driver",
      );
    expect(await check()).toMatchObject({
      status: "PENDING",
      message: expect.stringMatching(/Aguardando a operadora/),
    });
    await expect(scheduleVistoria(app.id, lavras.id, new Date(), "Pátio", testActor)).rejects.toMatchObject({
      kind: "conflict",
    });

    await expect(declareDriverDataSent(company, link.id, "2099-01-01", testActor)).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(declareDriverDataSent(company, link.id, "2026-05-32", testActor)).rejects.toMatchObject({
      kind: "invalid",
    });
    await expect(declareDriverDataSent(company, link.id, "2026-04-01", testActor)).rejects.toMatchObject({
      kind: "invalid",
    });
    await declareDriverDataSent(company, link.id, "2026-05-20", testActor, new Date("2026-06-01T15:00:00Z"));
    await expect(
      declareDriverDataSent(company, link.id, "2026-05-21", testActor, new Date("2026-06-01T15:00:00Z")),
    ).rejects.toMatchObject({ kind: "conflict" });
    expect(await check()).toMatchObject({ status: "PASS" });
    await expect(scheduleVistoria(app.id, lavras.id, new Date(), "Pátio", testActor)).resolves.toMatchObject({
      applicationId: app.id,
    });
    const events = await db.auditEvent.findMany({ where: { subjectId: link.id, action: "driver_link.data_sent" } });
    expect(events).toHaveLength(1);
  });
});
