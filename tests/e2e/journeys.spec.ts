import { type Page, test } from "@playwright/test";
import { civilDay } from "../support/dates";
import {
  analystOpens,
  answer,
  applicationNumber,
  approve,
  aYearFromToday,
  carAnswers,
  companyInvites,
  downloadPdf,
  driverAccepts,
  expect,
  expectPrinted,
  expectValid,
  issuedSerial,
  motorcycleAnswers,
  openDriverInPortal,
  passVistoria,
  pdfImages,
  personalAnswers,
  qrPath,
  signIn,
  signOut,
  signUp,
  startApplication,
  startReviewAndAcceptDocuments,
  uploadAndSubmit,
} from "./journey-steps";

// One journey per municipality, from sign-up to a QR that opens VÁLIDO, everything done through
// the pages by the people who do it (issues #12 and #20). Each test makes its own driver (fresh
// CPF); the staff and company accounts are the demo ones of the seed.

/** A plate no other test uses: three letters, a digit, a letter, two digits (Mercosul). */
const plate = (prefix: string) => {
  const n = Date.now() % 100_000;
  return `${prefix}${n % 10}${String.fromCharCode(65 + (Math.floor(n / 10) % 26))}${String(Math.floor(n / 260) % 100).padStart(2, "0")}`;
};

/** The driver's own copy of a credential: /credenciais → "Baixar … (PDF)" under its heading. */
async function driverDownloads(page: Page, heading: RegExp) {
  await page.goto("/credenciais");
  const card = page.getByRole("region", { name: heading });
  await expect(card.getByText("VÁLIDO", { exact: true })).toBeVisible();
  const href = await card.getByRole("link", { name: /^Baixar .* \(PDF\)$/ }).getAttribute("href");
  return downloadPdf(page, href!);
}

test("Itaúna: a motoboy (autônomo) signs up, applies, is approved, and his certificate's QR opens VÁLIDO", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const driver = await signUp(page, "Igor Motoboy de Itaúna");
  const id = await startApplication(page, { municipality: "Itaúna (MG)", category: "Motoboy", mode: /Autônomo/ });
  await answer(page, personalAnswers({ cnh: "A", cep: "35680-000", city: "Itaúna", uf: "MG" }), "Veículo");
  const itaunaPlate = plate("ITB");
  await answer(
    page,
    motorcycleAnswers({ plate: itaunaPlate, city: "Itaúna", passengers: false, cargo: true }),
    "Documentos",
  );
  await uploadAndSubmit(page);
  const number = await applicationNumber(page, id);
  await signOut(page);

  await analystOpens(page, "analista.itauna@credencia.demo", driver, number);
  await startReviewAndAcceptDocuments(page);
  await passVistoria(page);
  // Used to answer HTTP 500: the pack's vistoria seal and the vistoria's own were issued twice.
  const issued = await approve(page);
  const serial = await issuedSerial(issued, "Certificado");
  await issuedSerial(issued, "Selo de vistoria");
  await issuedSerial(issued, "Autorização de trânsito");
  await signOut(page);

  await signIn(page, driver.email, driver.password);
  const certificate = await driverDownloads(page, /^Certificado —/);
  // The Certificado de Credenciamento de Condutor the driver carries (Lei 4.785/2013, art. 19, III);
  // the law sets no validity, so it runs for the prefeitura's 12 months.
  await expectPrinted(certificate, {
    titular: "Igor Motoboy de Itaúna",
    registro: serial,
    placa: itaunaPlate,
    "base legal": "Lei 4.785/2013, art. 19, III",
    validade: aYearFromToday("America/Sao_Paulo"),
  });
  const verification = await qrPath(certificate);
  await signOut(page);
  await expectValid(page, verification);
  await expect(page.getByText("Igor Motoboy de Itaúna")).toBeVisible();
});

test("Jardim: a mototaxista invited by the concessionária applies linked to it; the crachá has the photo, blood type and control number, and verifies VÁLIDO", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const company = "Moto Táxi Pantanal";
  const driver = await signUp(page, "Jonas Mototaxista de Jardim");
  await signOut(page);
  await companyInvites(page, { login: "operador.jardim@credencia.demo", name: company }, driver);
  await driverAccepts(page, driver, company);

  // Only the company he is linked to is offered.
  const id = await startApplication(page, {
    municipality: "Jardim (MS)",
    category: "Mototáxi",
    mode: /Vinculado/,
    company,
  });
  await answer(
    page,
    personalAnswers({ cnh: "A", cep: "79240-000", city: "Jardim", uf: "MS", bloodType: "AB-" }),
    "Veículo",
  );
  const jardimPlate = plate("JDM");
  await answer(
    page,
    motorcycleAnswers({ plate: jardimPlate, city: "Jardim", passengers: true, cargo: false, controlNumber: "27" }),
    "Documentos",
  );
  await uploadAndSubmit(page);
  const number = await applicationNumber(page, id);
  // Art. 16 (Lei 924/1998) asks the concessionária for the "Seguro Obrigatório": the DPVAT, which no
  // insurer issues today (ADR 056) — shown to the driver with the reason, never asked.
  await page.goto(`/requerimentos/${id}/documentos`);
  const notAsked = page.getByRole("region", { name: "Citados pela lei, mas não pedidos" });
  await expect(notAsked).toContainText("Cópia da apólice do seguro obrigatório (DPVAT)");
  await expect(notAsked).toContainText("Lei Complementar 211/2024");
  await signOut(page);

  await analystOpens(page, "analista.jardim@credencia.demo", driver, number);
  await startReviewAndAcceptDocuments(page);
  await passVistoria(page);
  const issued = await approve(page);
  const serial = await issuedSerial(issued, "Crachá");
  const badgeLink = issued.getByRole("link", { name: /^PDF do Crachá/ });
  await expect(badgeLink).toHaveCount(1);
  const badge = await downloadPdf(page, (await badgeLink.getAttribute("href"))!);
  await signOut(page);

  // Lei 904/1997 art. 18 (name, photo stamped by the city, company, personal documents, blood type)
  // and art. 22 (company, the motorcycle's control number, name, registration number, blood type).
  expect(await pdfImages(badge)).toContain("300x400");
  await expectPrinted(badge, {
    nome: "Jonas Mototaxista de Jardim",
    "foto carimbada": "PREFEITURA DE JARDIM",
    empresa: company,
    "tipo sanguíneo": "AB-",
    "nº de controle da moto": "27",
    registro: serial,
    CPF: `.${driver.cpf.slice(3, 6)}.${driver.cpf.slice(6, 9)}-`,
    placa: jardimPlate,
    "base legal": "Lei 904/1997, art. 15, a",
    validade: aYearFromToday("America/Campo_Grande"),
  });
  const verification = await qrPath(badge);
  await expectValid(page, verification);
  const photo = page.getByRole("img", { name: /Foto de Jonas Mototaxista de Jardim/ });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test("Lavras: a platform driver is invited, applies linked, waits for the platform to declare his data sent, is approved, and the windshield seal verifies VÁLIDO", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const company = "Leva e Traz";
  const driver = await signUp(page, "Lara Motorista de Aplicativo");
  await signOut(page);
  const portal = await companyInvites(page, { login: "operador.lavras@credencia.demo", name: company }, driver);
  await driverAccepts(page, driver, company);

  const id = await startApplication(page, {
    municipality: "Lavras (MG)",
    category: "Transporte remunerado privado individual (aplicativo)",
    mode: /Vinculado/,
    company,
  });
  await answer(page, personalAnswers({ cnh: "B", cep: "37200-000", city: "Lavras", uf: "MG" }), "Veículo");
  const lavrasPlate = plate("LVR");
  await answer(page, carAnswers({ plate: lavrasPlate, city: "Lavras" }), "Documentos");
  await uploadAndSubmit(page);
  const number = await applicationNumber(page, id);
  await signOut(page);

  // The analyst sees that the platform must act (Lei 4.544/2019, art. 10, § 4º).
  await analystOpens(page, "analista.lavras@credencia.demo", driver, number);
  await startReviewAndAcceptDocuments(page);
  await expect(page.getByRole("list", { name: "Requisitos da lei" })).toContainText("Aguardando a operadora");
  // …and who must answer, with a link to the company's page (issue #20).
  await expect(
    page
      .getByRole("list", { name: "Requisitos da lei" })
      .getByRole("link", { name: "a empresa, no portal da operadora" }),
  ).toHaveAttribute("href", /\/m\/lavras\/operadoras\//);
  await signOut(page);

  // The platform declares, in its portal, the date it sent the driver's data to the city.
  await signIn(page, "operador.lavras@credencia.demo");
  await openDriverInPortal(page, portal, driver);
  // Today in Lavras: the date may be neither in the future nor before the link began (today there,
  // which is a day after Rio Branco's from 03:00 to 05:00 UTC).
  await page.getByLabel("Data do envio à Prefeitura").fill(civilDay(0, "America/Sao_Paulo"));
  await page.getByRole("button", { name: "Informar envio dos dados" }).click();
  await expect(page.getByRole("status")).toContainText("Envio dos dados à prefeitura registrado");
  await signOut(page);

  await analystOpens(page, "analista.lavras@credencia.demo", driver, number);
  await expect(page.getByRole("list", { name: "Requisitos da lei" })).not.toContainText("Aguardando a operadora");
  await passVistoria(page);
  const issued = await approve(page);
  const serial = await issuedSerial(issued, "Selo de vistoria");
  const sealLink = issued.getByRole("link", { name: /^PDF do Selo de vistoria/ });
  await expect(sealLink).toHaveCount(1);
  const seal = await downloadPdf(page, (await sealLink.getAttribute("href"))!);
  await signOut(page);
  // The windshield seal: registration code and the vistoria's validity, yearly (Lei 4.544/2019, art. 10, §§ 2º-3º).
  await expectPrinted(seal, {
    código: serial,
    placa: lavrasPlate,
    "base legal": "Lei 4.544/2019, art. 10, § 2º",
    validade: aYearFromToday("America/Sao_Paulo"),
  });
  await expectValid(page, await qrPath(seal));
});

test("Patrocínio: a mototaxista (autônomo) signs up, applies, is approved, and the crachá with his photo verifies VÁLIDO", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const driver = await signUp(page, "Otávio Mototaxista de Patrocínio");
  const id = await startApplication(page, { municipality: "Patrocínio (MG)", category: "Mototáxi", mode: /Autônomo/ });
  await answer(page, personalAnswers({ cnh: "A", cep: "38740-000", city: "Patrocínio", uf: "MG" }), "Veículo");
  const patrocinioPlate = plate("PTB");
  await answer(
    page,
    motorcycleAnswers({ plate: patrocinioPlate, city: "Patrocínio", passengers: true, cargo: false }),
    "Documentos",
  );
  await uploadAndSubmit(page);
  const number = await applicationNumber(page, id);
  await signOut(page);

  await analystOpens(page, "analista.patrocinio@credencia.demo", driver, number);
  await startReviewAndAcceptDocuments(page);
  await passVistoria(page);
  // The certificate, the crachá (the registration's form, art. 5º, § 4º) and the autorização de
  // trânsito (art. 5º, § 3º); no vistoria seal, which this law does not name.
  const issued = await approve(page);
  await issuedSerial(issued, "Certificado");
  await issuedSerial(issued, "Autorização de trânsito");
  const serial = await issuedSerial(issued, "Crachá");
  await expect(issued.getByRole("listitem").filter({ hasText: /^Selo de vistoria/ })).toHaveCount(0);
  await signOut(page);

  await signIn(page, driver.email, driver.password);
  const badge = await driverDownloads(page, /^Crachá —/);
  expect(await pdfImages(badge)).toContain("300x400");
  await expectPrinted(badge, {
    nome: "Otávio Mototaxista de Patrocínio",
    registro: serial,
    placa: patrocinioPlate,
    categoria: "MOTOTÁXI",
    "base legal": "Lei 4.883/2017, art. 5º, § 4º",
    validade: aYearFromToday("America/Sao_Paulo"),
  });
  const verification = await qrPath(badge);
  await signOut(page);
  await expectValid(page, verification);
  const photo = page.getByRole("img", { name: /Foto de Otávio Mototaxista de Patrocínio/ });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
