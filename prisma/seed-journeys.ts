// Demo drivers in different states, built through the same models the pages use: a draft, an
// application waiting for review, and one already issued (with its crachá, certificate and
// seal), plus credentialed companies with their owners' accounts: a motofrete company in Itaúna,
// a mototáxi concessionária in Jardim and an app platform in Lavras.
import { Readable } from "node:stream";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import type { VehicleDraft } from "../app/domain/applications/draft";
import { cnpjWithCheckDigits } from "../app/domain/br/cnpj";
import { cpfWithCheckDigits } from "../app/domain/br/cpf";
import {
  applyAction,
  evaluateFor,
  getApplication,
  saveVehicleDraft,
  startApplication,
  submitApplication,
} from "../app/models/application.server";
import { approveAndIssue } from "../app/models/approval.server";
import { attachDocument, decideDocument } from "../app/models/document.server";
import { acceptLink, inviteDriver } from "../app/models/driver-invitation.server";
import { addVehicle } from "../app/models/fleet.server";
import { type NewOperator, registerOperator } from "../app/models/operator.server";
import { evaluateOperatorApplication, submitOperatorApplication } from "../app/models/operator-application.server";
import { approveOperatorAndIssue } from "../app/models/operator-approval.server";
import { recordVistoria, scheduleVistoria } from "../app/models/vistoria.server";
import { type Actor, systemActor } from "../app/utils/audit.server";
import { db } from "../app/utils/db.server";
import { hashPassword } from "../app/utils/password.server";
import { getStorage, newStorageKey } from "../app/utils/storage.server";

/** A valid CNPJ from twelve base characters. */
export const cnpjFrom = cnpjWithCheckDigits;

async function demoPdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("DOCUMENTO DE DEMONSTRAÇÃO", { x: 60, y: 760, size: 20, font });
  page.drawText(title, { x: 60, y: 720, size: 14, font });
  doc.setCreationDate(new Date("2026-01-01T00:00:00Z"));
  return Buffer.from(await doc.save());
}

async function demoPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#c9d6e8"/><circle cx="150" cy="150" r="80" fill="#6b7a8f"/><rect x="50" y="250" width="200" height="170" rx="90" fill="#6b7a8f"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

async function upload(bytes: Buffer, mime: "application/pdf" | "image/jpeg", name: string) {
  const stored = await getStorage().put(newStorageKey(), Readable.from([bytes]));
  return { key: stored.key, sha256: stored.sha256, size: stored.size, mime, originalName: name };
}

const recent = () => new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);

async function fillApplication(
  applicationId: string,
  userId: string,
  actor: Actor,
  person: Record<string, unknown>,
  vehicle: VehicleDraft,
) {
  const app = (await getApplication(applicationId))!;
  await db.person.update({ where: { id: app.personId! }, data: person });
  await saveVehicleDraft(app, vehicle);
  const { result } = await evaluateFor((await getApplication(applicationId))!);
  const photo = await demoPhoto();
  for (const d of result.requiredDocuments.filter((d) => d.submittedBy === "REQUERENTE")) {
    const file =
      d.type === "FOTO_3X4"
        ? await upload(photo, "image/jpeg", "foto.jpg")
        : await upload(await demoPdf(d.label), "application/pdf", `${d.type.toLowerCase()}.pdf`);
    await attachDocument(
      app,
      { userId },
      file,
      {
        type: d.type,
        issueDate: recent(),
        expiryDate: d.validity !== null || d.expiryOnDocument ? "2030-12-31" : null,
      },
      actor,
    );
  }
}

export async function seedJourneys(ids: { patrocinio: string; lavras: string; drivers: Record<string, string> }) {
  const staff = systemActor("seed");

  const person = {
    birthDate: "1988-04-12",
    cnhCategory: "A",
    cnhFirstLicenseDate: "2012-06-01",
    cnhEar: true,
    residenceMunicipalityIbge: "3148103",
    heldPermissionsJson: "[]",
    phone: "34999991234",
    cep: "38740000",
    street: "Rua Presidente Vargas",
    addressNumber: "100",
    district: "Centro",
    city: "Patrocínio",
    uf: "MG",
  };
  const moto = (plate: string, cargo: boolean): VehicleDraft => ({
    plate,
    make: "Honda",
    model: "CG 160 Fan",
    colour: cargo ? "Preta" : "Amarela",
    manufactureYear: 2024,
    firstRegistrationDate: "2024-03-10",
    displacementCc: 160,
    registrationCategory: "ALUGUEL",
    licensedInMunicipality: true,
    ownerKind: "HOLDER",
    leased: false,
    usedForCargo: cargo,
    usedForPassengers: !cargo,
    licensingUpToDate: true,
  });

  // João: a draft, started but not finished.
  const joao = ids.drivers["condutor.joao"];
  if (!(await db.application.findFirst({ where: { person: { userId: joao } } }))) {
    const actor = { ...systemActor("seed"), userId: joao, role: "CONDUTOR" };
    await startApplication(joao, { municipalityId: ids.patrocinio, category: "MOTOTAXI", mode: "AUTONOMO" }, actor);
  }

  // Maria: everything sent, waiting in the analysts' queue.
  const maria = ids.drivers["condutora.maria"];
  if (!(await db.application.findFirst({ where: { person: { userId: maria } } }))) {
    const actor = { ...systemActor("seed"), userId: maria, role: "CONDUTOR" };
    const { application } = await startApplication(
      maria,
      { municipalityId: ids.patrocinio, category: "MOTOTAXI", mode: "AUTONOMO" },
      actor,
    );
    await fillApplication(
      application.id,
      maria,
      actor,
      { ...person, fullName: "Maria Aparecida Souza", bloodType: "A+" },
      moto("PTC2B34", false),
    );
    const submitted = await submitApplication((await getApplication(application.id))!, actor);
    if (!submitted.ok)
      throw new Error(`Demonstração: requerimento de Maria não pôde ser enviado:\n${submitted.blockers.join("\n")}`);
  }

  // Łukasz: motoboy in Patrocínio, reviewed, inspected and issued — a name outside WinAnsi on the badge.
  const lukasz = ids.drivers["condutor.lukasz"];
  if (!(await db.application.findFirst({ where: { person: { userId: lukasz } } }))) {
    const actor = { ...systemActor("seed"), userId: lukasz, role: "CONDUTOR" };
    const { application } = await startApplication(
      lukasz,
      { municipalityId: ids.patrocinio, category: "MOTOBOY", mode: "AUTONOMO" },
      actor,
    );
    await fillApplication(
      application.id,
      lukasz,
      actor,
      { ...person, fullName: "Łukasz Nguyễn Kowalski" },
      moto("PTC3C45", true),
    );
    const submitted = await submitApplication((await getApplication(application.id))!, actor);
    if (!submitted.ok)
      throw new Error(`Demonstração: requerimento de Łukasz não pôde ser enviado:\n${submitted.blockers.join("\n")}`);
    await applyAction(application.id, "start_review", staff);
    for (const d of await db.document.findMany({ where: { applicationId: application.id, replacedById: null } })) {
      await decideDocument(d.id, ids.patrocinio, { accept: true }, staff);
    }
    const v = await scheduleVistoria(
      application.id,
      ids.patrocinio,
      new Date(),
      "Pátio do Departamento de Trânsito",
      staff,
    );
    await recordVistoria(v.id, ids.patrocinio, { failedItems: [] }, staff);
    await approveAndIssue(application.id, ids.patrocinio, staff);
  }

  await seedOperators();
}

// ---- operators: a motofrete company in Itaúna and a mototáxi concessionária in Jardim, each
// registered, reviewed and credentialed through the operator models, with its owner's account.

async function demoAccount(cpf: string, name: string, email: string) {
  const existing = await db.user.findUnique({ where: { cpf } });
  if (existing) return existing;
  const hash = await hashPassword("demonstracao-credencia");
  return db.user.create({
    data: { cpf, name, email, demo: true, emailVerifiedAt: new Date(), password: { create: { hash } } },
  });
}

async function credentialedOperator(
  owner: { id: string },
  input: Omit<NewOperator, "municipalityId">,
  municipalityId: string,
) {
  const actor = { ...systemActor("seed"), userId: owner.id, role: "OPERADOR" };
  const staff = systemActor("seed");
  const registered = await registerOperator(owner.id, { ...input, municipalityId }, actor);
  if (!registered.ok) throw new Error(`Demonstração: empresa não cadastrada: ${JSON.stringify(registered.errors)}`);
  const app = await db.application.findUniqueOrThrow({ where: { id: registered.applicationId } });
  const { result } = await evaluateOperatorApplication(app);
  for (const d of result.requiredDocuments.filter((d) => d.submittedBy === "REQUERENTE")) {
    const file = await upload(await demoPdf(d.label), "application/pdf", `${d.type.toLowerCase()}.pdf`);
    await attachDocument(
      app,
      { userId: owner.id },
      file,
      {
        type: d.type,
        issueDate: recent(),
        expiryDate: d.validity !== null || d.expiryOnDocument ? "2030-12-31" : null,
      },
      actor,
    );
  }
  const sent = await submitOperatorApplication(
    await db.application.findUniqueOrThrow({ where: { id: app.id } }),
    actor,
  );
  if (!sent.ok) throw new Error(`Demonstração: empresa não enviada:\n${sent.blockers.join("\n")}`);
  await applyAction(app.id, "start_review", staff);
  for (const d of await db.document.findMany({ where: { applicationId: app.id, replacedById: null } }))
    await decideDocument(d.id, municipalityId, { accept: true }, staff);
  await approveOperatorAndIssue(app.id, municipalityId, staff);
  return db.operator.findUniqueOrThrow({ where: { id: registered.operatorId } });
}

async function seedOperators() {
  const itauna = await db.municipality.findUnique({ where: { slug: "itauna" } });
  const jardim = await db.municipality.findUnique({ where: { slug: "jardim" } });
  const lavras = await db.municipality.findUnique({ where: { slug: "lavras" } });
  const address = { cep: "35680000", street: "Rua Silva Jardim", addressNumber: "250", district: "Centro", uf: "MG" };
  // Every demo company has an account, so each can act in its portal (invite, declare, report).
  if (lavras && !(await db.operator.findFirst({ where: { municipalityId: lavras.id } }))) {
    const owner = await demoAccount(cpfWithCheckDigits("400000004"), "Fernanda Lima", "operador.lavras@credencia.demo");
    await credentialedOperator(
      owner,
      {
        category: "APLICATIVO",
        kind: "PLATAFORMA",
        cnpj: cnpjFrom("112223330001"),
        legalName: "Leva e Traz Mobilidade Ltda",
        tradeName: "Leva e Traz",
        address: { ...address, city: "Lavras", cep: "37200000", street: "Praça Dr. Augusto Silva" },
        legalRepName: "Fernanda Lima",
        legalRepCpf: owner.cpf,
        facts: { headOfficeHere: true },
      },
      lavras.id,
    );
  }
  if (itauna && !(await db.operator.findFirst({ where: { municipalityId: itauna.id } }))) {
    const owner = await demoAccount(
      cpfWithCheckDigits("400000001"),
      "Otávio Operador",
      "operador.itauna@credencia.demo",
    );
    const company = await credentialedOperator(
      owner,
      {
        category: "MOTOFRETE",
        kind: "EMPRESA",
        cnpj: cnpjFrom("223334440001"),
        legalName: "Rápido Itaúna Entregas Ltda",
        tradeName: "Rápido Itaúna",
        address: { ...address, city: "Itaúna" },
        legalRepName: "Otávio Operador",
        legalRepCpf: owner.cpf,
        facts: { headOfficeHere: true },
      },
      itauna.id,
    );
    const actor = { ...systemActor("seed"), userId: owner.id, role: "OPERADOR" };
    const driver = await demoAccount(
      cpfWithCheckDigits("400000002"),
      "Diego Motofretista",
      "condutor.itauna@credencia.demo",
    );
    const invite = await inviteDriver(company, { cpf: driver.cpf, email: driver.email }, actor);
    await acceptLink(invite.linkId, driver, { ...systemActor("seed"), userId: driver.id, role: "CONDUTOR" });
    await addVehicle(
      company,
      {
        plate: "ITA1B23",
        make: "Honda",
        model: "CG 160 Cargo",
        manufactureYear: 2023,
        firstRegistrationDate: "2023-05-02",
        displacementCc: 160,
        registrationCategory: "ALUGUEL",
        ownerDocument: company.cnpj,
        ownerName: company.legalName,
        leased: false,
      },
      actor,
    );
  }
  if (jardim && !(await db.operator.findFirst({ where: { municipalityId: jardim.id } }))) {
    const owner = await demoAccount(
      cpfWithCheckDigits("400000003"),
      "Joana Concessionária",
      "operador.jardim@credencia.demo",
    );
    const company = await credentialedOperator(
      owner,
      {
        category: "MOTOTAXI",
        kind: "CONCESSIONARIA",
        cnpj: cnpjFrom("334445550001"),
        legalName: "Moto Táxi Pantanal Ltda",
        tradeName: "Moto Táxi Pantanal",
        address: { ...address, city: "Jardim", uf: "MS", cep: "79240000" },
        legalRepName: "Joana Concessionária",
        legalRepCpf: owner.cpf,
        facts: { declaredAssetsBrl: 25000 },
      },
      jardim.id,
    );
    const actor = { ...systemActor("seed"), userId: owner.id, role: "OPERADOR" };
    for (const [n, plate] of ["JAR1A01", "JAR1A02", "JAR1A03"].entries()) {
      await addVehicle(
        company,
        {
          plate,
          make: "Honda",
          model: "CG 160 Titan",
          manufactureYear: 2024,
          firstRegistrationDate: "2024-02-01",
          displacementCc: 160,
          passengerSeats: 1,
          ownerDocument: company.cnpj,
          ownerName: company.legalName,
          leased: false,
          controlNumber: String(n + 1).padStart(2, "0"),
        },
        actor,
      );
    }
  }
}
