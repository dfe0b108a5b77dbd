// The steps of tests/e2e/renewal.spec.ts: each city's first issuance exactly as journeys.spec.ts
// walks it (same category, mode and answers), then the renewal on a server whose clock lives 20
// days before the credential's last day, through the pages of the driver and the analyst.
import type { Browser, Page } from "@playwright/test";
import { addDays } from "../../app/domain/eligibility/calendar";
import { civilDay } from "../support/dates";
import {
  analystOpens,
  answer,
  applicationNumber,
  approve,
  carAnswers,
  companyInvites,
  downloadPdf,
  type Driver,
  driverAccepts,
  expect,
  expectPrinted,
  issuedSerial,
  motorcycleAnswers,
  openDriverInPortal,
  passVistoria,
  personalAnswers,
  qrPath,
  signIn,
  signOut,
  signUp,
  startApplication,
  startReviewAndAcceptDocuments,
  uploadAndSubmit,
} from "./journey-steps";
import type { SecondServer } from "./second-server";

export const dateBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
export const isoOf = (br: string) => `${br.slice(6, 10)}-${br.slice(3, 5)}-${br.slice(0, 2)}`;
/** Whole months from one civil day to another with the same day of the month (a term as first issued). */
export const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
/** The same day of the month `months` later: a term as Código Civil art. 132 counts it. */
export const monthsAfter = (iso: string, months: number) => {
  const m = Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1 + months;
  return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}${iso.slice(7)}`;
};

/** A plate no other test uses (Mercosul). */
export const plate = (prefix: string) => {
  const n = Date.now() % 100_000;
  return `${prefix}${n % 10}${String.fromCharCode(65 + (Math.floor(n / 10) % 26))}${String(Math.floor(n / 260) % 100).padStart(2, "0")}`;
};

/** How the law of ADR 057 / docs/renovacao.md counts a renewed credential of this kind. */
export type Counts = "FOLLOWS_PREVIOUS" | "FROM_APPROVAL";

export type City = {
  name: string;
  zone: string;
  municipality: string;
  category: string;
  mode: RegExp;
  analyst: string;
  company?: { login: string; name: string };
  /** Lavras: the platform declares in its portal the day it sent the driver's data (art. 10, § 4º). */
  platformDeclares?: boolean;
  platePrefix: string;
  answers: (plate: string) => {
    personal: Parameters<typeof personalAnswers>[0];
    vehicle: ReturnType<typeof carAnswers>;
  };
  /** The credential the driver renews by: its card heading on "Minhas credenciais". */
  principal: string;
  /** Checked after the renewal: issued label ("Crachá", "Selo de vistoria"…) and how it counts. */
  checks: Array<{ label: string; counts: Counts }>;
};

export const motorcycle =
  (o: {
    cep: string;
    city: string;
    uf: string;
    passengers: boolean;
    cargo: boolean;
    controlNumber?: string;
    bloodType?: string;
  }) =>
  (p: string) => ({
    personal: { cnh: "A", cep: o.cep, city: o.city, uf: o.uf, bloodType: o.bloodType },
    vehicle: motorcycleAnswers({
      plate: p,
      city: o.city,
      passengers: o.passengers,
      cargo: o.cargo,
      controlNumber: o.controlNumber,
    }),
  });

export const car = (o: { cep: string; city: string; uf: string }) => (p: string) => ({
  personal: { cnh: "B", cep: o.cep, city: o.city, uf: o.uf },
  vehicle: carAnswers({ plate: p, city: o.city }),
});

export type Issued = {
  driver: Driver;
  plate: string;
  qr: Record<string, string>;
  serial: Record<string, string>;
};

/** The PDF links of the approval's list: serial and QR path of every checked credential. */
async function readIssued(page: Page, issued: Awaited<ReturnType<typeof approve>>, city: City) {
  const qr: Record<string, string> = {};
  const serial: Record<string, string> = {};
  const pdf: Record<string, Uint8Array> = {};
  for (const { label } of city.checks) {
    serial[label] = await issuedSerial(issued, label);
    const href = await issued.getByRole("link", { name: new RegExp(`^PDF do ${label}`) }).getAttribute("href");
    pdf[label] = await downloadPdf(page, href!);
    qr[label] = await qrPath(pdf[label]);
  }
  return { qr, serial, pdf };
}

/** The platform's user declares, on `day`, that it sent the driver's data to the city. */
async function platformDeclares(page: Page, city: City, portal: string, driver: Driver, day: string) {
  await signIn(page, city.company!.login);
  await openDriverInPortal(page, portal, driver);
  await page.getByLabel("Data do envio à Prefeitura").fill(day);
  await page.getByRole("button", { name: "Informar envio dos dados" }).click();
  await expect(page.getByRole("status")).toContainText("Envio dos dados à prefeitura registrado");
  await signOut(page);
}

/** A fresh driver applies and is approved, through the pages, as journeys.spec.ts does for the city. */
export async function issueThroughPages(page: Page, city: City, holder: string): Promise<Issued> {
  const driver = await signUp(page, holder);
  let portal = "";
  if (city.company) {
    await signOut(page);
    portal = await companyInvites(page, city.company, driver);
    await driverAccepts(page, driver, city.company.name);
  }
  const id = await startApplication(page, {
    municipality: city.municipality,
    category: city.category,
    mode: city.mode,
    company: city.company?.name,
  });
  const p = plate(city.platePrefix);
  const answers = city.answers(p);
  await answer(page, personalAnswers(answers.personal), "Veículo");
  await answer(page, answers.vehicle, "Documentos");
  await uploadAndSubmit(page);
  const number = await applicationNumber(page, id);
  await signOut(page);
  if (city.platformDeclares) await platformDeclares(page, city, portal, driver, civilDay(0, city.zone));
  await analystOpens(page, city.analyst, driver, number);
  await startReviewAndAcceptDocuments(page);
  await passVistoria(page);
  const { qr, serial } = await readIssued(page, await approve(page), city);
  await signOut(page);
  return { driver, plate: p, qr, serial };
}

/**
 * On `later` (its clock on `renewalDay`): the driver renews from "Minhas credenciais", sends what
 * is asked, the analyst approves; every checked credential's PDF prints the validity the law gives
 * it (`expected`) and its QR is returned. `summary` checks the renewal's summary before sending.
 */
export async function renewOnLater(
  browser: Browser,
  later: SecondServer,
  city: City,
  first: Issued,
  days: { renewalDay: string; expected: Record<string, string> },
  summary: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL: later.url });
  const page = await context.newPage();
  const { driver } = first;
  await signIn(page, driver.email, driver.password);
  await page.goto("/credenciais");
  await page.getByRole("button", { name: "Renovar" }).click();
  await expect(page.getByRole("heading", { name: "Documentos", exact: true })).toBeVisible();
  const id = new URL(page.url()).pathname.split("/")[2];
  await summary(page);
  const number = await applicationNumber(page, id);
  // A second "Renovar" while this one is open points to it; nothing else is started.
  await page.goto("/credenciais");
  await page.getByRole("button", { name: "Renovar" }).click();
  await expect(
    page.getByText(`A renovação desta credencial já foi iniciada: é o requerimento ${number}`),
  ).toBeVisible();
  await page.goto(`/requerimentos/${id}/documentos`);
  await uploadAndSubmit(page, addDays(days.renewalDay, -1));
  await signOut(page);
  await analystOpens(page, city.analyst, driver, number);
  await expect(page.getByRole("region", { name: "Renovação" })).toBeVisible();
  await startReviewAndAcceptDocuments(page);
  await passVistoria(page, addDays(days.renewalDay, 1));
  const { qr, serial, pdf } = await readIssued(page, await approve(page), city);
  for (const { label } of city.checks) {
    expect(serial[label]).not.toBe(first.serial[label]);
    await expectPrinted(pdf[label], {
      registro: serial[label],
      placa: first.plate,
      validade: dateBr(days.expected[label]),
    });
  }
  await signOut(page);
  return { page, qr, number, id };
}
