// The steps a person takes through the pages in the end-to-end journeys (journeys.spec.ts,
// driver-journey.spec.ts): a driver signs up, is invited by a company and accepts, answers the
// wizard and submits; the analyst reviews, inspects and approves; anyone verifies the QR.
// Each step acts only through what the page shows (roles and labels), never on the database.
import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream } from "pdf-lib";
import { civilDay } from "../support/dates";
import { decodeQr, readPdf } from "../unit/credentials/pdf-reader";
import { confirmAndSignIn, DEMO_PASSWORD, newCpf, settled, signIn, signOut, uploadAllDocuments } from "./support";

// Each step waits for the page the server sends back; on a loaded machine that can take longer
// than the default five seconds (a wait, not a timed assertion).
export const expect = baseExpect.configure({ timeout: 20_000 });

export type Driver = { name: string; cpf: string; email: string; password: string };

/** A new driver account through /cadastro (fresh CPF), confirmed by its e-mail; ends signed in on /painel. */
export async function signUp(page: Page, name: string): Promise<Driver> {
  const cpf = newCpf();
  const email = `condutor.${cpf}@exemplo.com.br`;
  const password = "minha senha de condutor bem longa";
  await page.goto("/cadastro");
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByLabel("Repita a senha").fill(password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { name: "Confira seu e-mail" })).toBeVisible();
  await confirmAndSignIn(page, email, password);
  return { name, cpf, email, password };
}

/** The company's user invites the driver by CPF from its portal (/operadora → the company → Condutores). */
export async function companyInvites(page: Page, company: { login: string; name: RegExp | string }, driver: Driver) {
  await signIn(page, company.login, DEMO_PASSWORD);
  await page.goto("/operadora");
  await page.getByRole("link", { name: company.name }).first().click();
  await expect(page).toHaveURL(/\/operadora\/[^/]+/);
  const base = new URL(page.url()).pathname.match(/^\/operadora\/[^/]+/)![0];
  await page.goto(`${base}/condutores`);
  await page.getByLabel("CPF do condutor").fill(driver.cpf);
  await page.getByLabel("E-mail do condutor").fill(driver.email);
  await page.getByRole("button", { name: "Convidar" }).click();
  await expect(page.getByRole("status")).toContainText("Convite enviado");
  await signOut(page);
  return base;
}

/** The driver accepts the company's invitation in /vinculos. */
export async function driverAccepts(page: Page, driver: Driver, company: string) {
  await signIn(page, driver.email, driver.password);
  await page.goto("/vinculos");
  await page.getByRole("button", { name: `Aceitar o vínculo com ${company}` }).click();
  await expect(page.getByRole("status")).toContainText("Vínculo aceito");
  await expect(page.getByRole("table")).toContainText(company);
}

/** /requerimentos/novo: municipality → category → mode → what the law asks (→ the company the driver is linked to). */
export async function startApplication(
  page: Page,
  choice: { municipality: string; category: string; mode: RegExp; company?: string },
) {
  await page.goto("/requerimentos/novo");
  await page.getByLabel("Onde você vai trabalhar?").selectOption({ label: choice.municipality });
  await page.getByRole("button", { name: "Escolher município" }).click();
  await page.getByLabel(choice.category, { exact: true }).check();
  await page.getByRole("radio", { name: choice.mode }).check();
  // Before the wizard: what the law asks of this category and mode, and the documents to gather.
  await expect(page.getByRole("heading", { name: "4. O que a lei pede" })).toBeVisible();
  if (choice.company)
    await page.getByLabel(/^Empresa a que você está vinculado/).selectOption({ label: choice.company });
  await page.getByRole("button", { name: "Começar o requerimento" }).click();
  await expect(page.getByRole("heading", { name: "Dados pessoais" })).toBeVisible();
  return new URL(page.url()).pathname.match(/\/requerimentos\/([^/]+)/)![1];
}

/**
 * One answer per question a page may ask: a text/date field or a select by its label, or a yes/no
 * group by its legend. The wizard asks only what the city's law reads (the questions come from the
 * rules), so an answer whose question is not on the page is skipped; a question left unanswered
 * that the law needs shows up as a validation error or as an open item at review.
 */
export type Answer =
  { field: RegExp; value: string } | { select: RegExp; value: string } | { yesNo: RegExp; value: "Sim" | "Não" };

export async function answer(page: Page, answers: Answer[], next: string) {
  const form = page
    .locator("main form[method=post]")
    .filter({ has: page.getByRole("button", { name: "Salvar e continuar" }) });
  for (const a of answers) {
    if ("yesNo" in a) {
      const group = form.getByRole("group", { name: a.yesNo });
      if ((await group.count()) > 0) await group.first().getByLabel(a.value, { exact: true }).check();
    } else if ("select" in a) {
      const select = form.getByLabel(a.select);
      if ((await select.count()) > 0) await select.first().selectOption(a.value);
    } else {
      const input = form.getByLabel(a.field);
      if ((await input.count()) > 0) await input.first().fill(a.value);
    }
  }
  await form.getByRole("button", { name: "Salvar e continuar" }).click();
  const heading = page.getByRole("heading", { name: next, exact: true });
  await expect(heading.or(page.getByRole("alert").first())).toBeVisible();
  // A refusal names the fields: show them rather than time out waiting for the next step.
  expect(await page.locator(".erro-campo, [role=alert]").allTextContents()).toEqual([]);
  await expect(heading).toBeVisible();
}

/** Personal data valid in every city (born 1990, CNH since 2012 with EAR, living there). */
export const personalAnswers = (o: {
  cnh: string;
  cep: string;
  city: string;
  uf: string;
  bloodType?: string;
}): Answer[] => [
  { field: /^Data de nascimento/, value: "1990-03-15" },
  { field: /^Telefone/, value: "(34) 99876-5432" },
  { select: /^Categoria da CNH/, value: o.cnh },
  { field: /^Data da primeira habilitação/, value: "2012-01-10" },
  { yesNo: /EAR/, value: "Sim" },
  { field: /^CEP/, value: o.cep },
  { field: /^Cidade/, value: o.city },
  { field: /^UF/, value: o.uf },
  { field: /^Logradouro/, value: "Rua das Flores" },
  { field: /^Número$/, value: "120" },
  { field: /^Bairro/, value: "Centro" },
  { yesNo: /^Você mora em/, value: "Sim" },
  { select: /^Tipo sanguíneo/, value: o.bloodType ?? "O+" },
  // The federal baseline (Lei 12.009/2009, art. 2º) may ask these of motoboys and mototaxistas.
  { yesNo: /curso especializado/i, value: "Sim" },
  { yesNo: /colete/i, value: "Sim" },
];

/** A motorcycle a year old, licensed in the city, owned by the driver. */
export const motorcycleAnswers = (o: {
  plate: string;
  city: string;
  passengers: boolean;
  cargo: boolean;
  controlNumber?: string;
}): Answer[] => [
  { field: /^Placa/, value: o.plate },
  { field: /^Marca/, value: "Honda" },
  { field: /^Modelo/, value: "CG 160" },
  { field: /^Cor$/, value: "Vermelha" },
  { field: /^Ano de fabricação/, value: String(new Date().getFullYear() - 1) },
  { field: /^Data do primeiro emplacamento/, value: `${new Date().getFullYear() - 1}-03-10` },
  { field: /^Cilindrada/, value: "160" },
  { select: /^Categoria do registro/, value: "ALUGUEL" },
  { yesNo: new RegExp(`licenciado em ${o.city}`), value: "Sim" },
  { yesNo: /licenciamento está em dia/, value: "Sim" },
  { select: /^Quem é o proprietário/, value: "HOLDER" },
  { yesNo: /alugado/, value: "Não" },
  { yesNo: /transportar? cargas/, value: o.cargo ? "Sim" : "Não" },
  { yesNo: /transportar? passageiros/, value: o.passengers ? "Sim" : "Não" },
  { field: /^Lugares para passageiros/, value: o.passengers ? "1" : "0" },
  ...(o.controlNumber ? [{ field: /[Nn]úmero de controle/, value: o.controlNumber }] : []),
];

/** A four-door car two years old, licensed in the city, owned by the driver. */
export const carAnswers = (o: { plate: string; city: string }): Answer[] => [
  { field: /^Placa/, value: o.plate },
  { field: /^Marca/, value: "Chevrolet" },
  { field: /^Modelo/, value: "Onix" },
  { field: /^Cor$/, value: "Prata" },
  { field: /^Ano de fabricação/, value: String(new Date().getFullYear() - 2) },
  { field: /^Data do primeiro emplacamento/, value: `${new Date().getFullYear() - 2}-03-10` },
  { field: /^Número de portas/, value: "4" },
  { field: /^Lugares para passageiros/, value: "4" },
  { select: /^Categoria do registro/, value: "PARTICULAR" },
  { yesNo: new RegExp(`licenciado em ${o.city}`), value: "Sim" },
  { yesNo: /licenciamento está em dia/, value: "Sim" },
  { select: /^Quem é o proprietário/, value: "HOLDER" },
  { yesNo: /alugado/, value: "Não" },
  { yesNo: /transportar? passageiros/, value: "Sim" },
];

/** Documents step: every file the checklist asks of the driver, then the review and the declaration. */
export async function uploadAndSubmit(page: Page, issueDate?: string) {
  await expect(page.getByRole("heading", { name: "Documentos", exact: true })).toBeVisible();
  await uploadAllDocuments(page, issueDate);
  await page.getByRole("link", { name: "Continuar para a revisão" }).click();
  await expect(page.getByText("Ainda não dá para enviar")).toHaveCount(0);
  await page.getByLabel(/Declaro que as informações/).check();
  await page.getByRole("button", { name: /Enviar para análise/ }).click();
  await expect(page.getByRole("status")).toContainText("Requerimento enviado");
  await page.goto("/requerimentos");
}

/** The company's page of one of its drivers, found by CPF in /operadora/<id>/condutores. */
export async function openDriverInPortal(page: Page, portal: string, driver: Driver) {
  await page.goto(`${portal}/condutores`);
  const cpf = driver.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
  await page
    .getByRole("row")
    .filter({ hasText: `CPF ${cpf}` })
    .getByRole("link", { name: `Detalhes de ${driver.name}` })
    .click();
  await expect(page.getByRole("heading", { name: driver.name, level: 1 })).toBeVisible();
}

/** The number the portal gave the application (REQ-…), read from the driver's page. */
export async function applicationNumber(page: Page, applicationId: string) {
  await page.goto(`/requerimentos/${applicationId}`);
  const heading = await page.getByRole("heading", { level: 1 }).textContent();
  return heading!.match(/REQ-[\w-]+/)![0];
}

/** The analyst finds the application in the queue by the driver's name and opens it (a seeded analyst: the demo password). */
export async function analystOpens(
  page: Page,
  analyst: string,
  driver: Driver,
  number: string,
  password = DEMO_PASSWORD,
) {
  await signIn(page, analyst, password);
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Fila de análise" }).click();
  await page.getByRole("searchbox", { name: "Buscar" }).fill(driver.name);
  await page.getByRole("button", { name: "Filtrar" }).click();
  // The filtered list has arrived: a click on the old one's link was overtaken by it (a PostgreSQL
  // CI run stayed on the queue).
  await settled(page);
  await page.getByRole("link", { name: number }).click();
  await expect(page.getByRole("heading", { name: `Requerimento ${number}` })).toBeVisible();
}

export async function startReviewAndAcceptDocuments(page: Page) {
  await page.getByRole("button", { name: "Iniciar análise" }).click();
  await expect(page.getByRole("status")).toContainText("Análise iniciada");
  const pending = page.locator("article.bo-documento.pendente");
  for (let left = await pending.count(); left > 0; left--) {
    await settled(page); // the list re-drawn by the last decision's revalidation, not mid-way
    await pending
      .first()
      .getByRole("button", { name: /^Aceitar/ })
      .click();
    await expect(pending).toHaveCount(left - 1);
  }
}

/** Schedules the vistoria for tomorrow (or `day`) and records it with every item conforming. */
export async function passVistoria(page: Page, day = civilDay(1)) {
  await page.getByLabel("Data e hora").fill(`${day}T09:00`);
  await page.getByLabel("Local", { exact: true }).fill("Pátio da Secretaria de Trânsito");
  await page.getByRole("button", { name: "Agendar vistoria" }).click();
  await expect(page.getByRole("status")).toContainText("Vistoria agendada");
  const items = page.getByRole("radio", { name: "Conforme", exact: true });
  for (let i = 0; i < (await items.count()); i++) await items.nth(i).check();
  await page.getByRole("button", { name: "Registrar vistoria" }).click();
  await expect(page.getByRole("status")).toContainText("Resultado da vistoria registrado");
  await expect(page.getByRole("list", { name: "Vistorias deste requerimento" })).toContainText("Aprovada");
}

/**
 * "Aprovar e emitir credenciais", then the confirmation page's "Confirmar e emitir": the
 * application is issued; returns the list of credentials on the review screen.
 */
export async function approve(page: Page) {
  await page.getByRole("link", { name: "Aprovar e emitir credenciais" }).click();
  await expect(page.getByRole("heading", { name: /^Confirmar a aprovação/ })).toBeVisible();
  await page.getByRole("button", { name: "Confirmar e emitir" }).click();
  const issuedMessage = page.getByRole("status").filter({ hasText: "credenciais emitidas" });
  const refusal = page.getByRole("alert");
  await expect(issuedMessage.or(refusal).first()).toBeVisible();
  // A refusal names the rule: show it rather than time out.
  expect(await refusal.allTextContents()).toEqual([]);
  await expect(issuedMessage).toBeVisible();
  const issued = page.locator("#credenciais");
  await expect(issued.getByRole("heading", { name: "Credenciais emitidas" })).toBeVisible();
  return issued;
}

/** Downloads a credential PDF through the page's link (the request carries the session). */
export async function downloadPdf(page: Page, href: string) {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  return new Uint8Array(await response.body());
}

/** The QR of page 1 of a credential PDF, decoded from the rendered page: the verification path /v/<token>. */
export async function qrPath(pdf: Uint8Array) {
  let qr: string | null = null;
  for (const scale of [6, 4, 8]) if (!qr) qr = await decodeQr(pdf, 1, scale);
  expect(qr, "QR no PDF").toMatch(/\/v\/[\w-]+\.[\w-]+\.[\w-]+$/);
  return new URL(qr!).pathname;
}

export const pdfText = async (pdf: Uint8Array) => (await readPdf(pdf)).pages.map((p) => p.text).join(" ");

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** Every value is printed on the PDF (whitespace and line breaks aside): what the law asks on that document. */
export async function expectPrinted(pdf: Uint8Array, values: Record<string, string>) {
  const text = squash(await pdfText(pdf));
  for (const [what, value] of Object.entries(values)) expect(text, `${what} no PDF`).toContain(squash(value));
}

/** The serial of the one issued credential whose line starts with this label ("Crachá", "Selo de vistoria"…). */
export async function issuedSerial(issued: Locator, label: string) {
  const line = issued.getByRole("listitem").filter({ hasText: new RegExp(`^${label} [A-Z]{3}-`) });
  await expect(line).toHaveCount(1);
  return /[A-Z]{3,5}-[A-Z]{2}-\d{4}-\d{6}/.exec(await line.innerText())![0];
}

/** "dd/mm/yyyy" a year from today in the municipality's zone: the validity of P1Y (or the 12-month default). */
export function aYearFromToday(timeZone: string) {
  const [y, m, d] = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date()).split("-");
  return `${d}/${m}/${Number(y) + 1}`;
}

/** Width × height of every raster image drawn in the PDF (the QR is vector art, not an image). */
export async function pdfImages(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const sizes: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict?.get(PDFName.of("Subtype")) !== PDFName.of("Image")) continue;
    const n = (key: string) => (dict.get(PDFName.of(key)) as PDFNumber | undefined)?.asNumber();
    sizes.push(`${n("Width")}x${n("Height")}`);
  }
  return sizes;
}

/** Opens the verification page of a QR as a passenger would (signed out) and expects VÁLIDO. */
export async function expectValid(page: Page, verificationPath: string) {
  await page.goto(verificationPath);
  await expect(page.getByText("VÁLIDO", { exact: true })).toBeVisible();
}

export { signIn, signOut };
