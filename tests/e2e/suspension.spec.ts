// Suspension, reinstatement and cassação through the staff page, seen on two servers on the same
// database (issue #29): what one server's analyst decides, the QR opened on the other says at
// once — no server keeps a verdict (ADR 046), and the signed status list is dropped on every
// server (ADR 035: LISTEN/NOTIFY on PostgreSQL; SQLite runs one server in production, so the
// list is checked across servers on PostgreSQL only). The driver, signed in, sees on "Minhas
// credenciais", the home and "Meu crachá" why, until when and how to appeal (Jardim: 8 days, Lei
// 904/1997, art. 30); a cassação is final, and no page offers to reinstate or renew it.
import { inflateRawSync } from "node:zlib";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { addDays } from "../../app/domain/eligibility/calendar";
import { type SecondServer, startSecondServer } from "./second-server";
import { expectAccessible, runFixture, signIn } from "./support";

const ANALYST = "analista.jardim@credencia.demo";
const JARDIM_IBGE = "5005004";
const PASSWORD = "senha-do-condutor-suspenso";
const onPostgres = /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "");
const dateBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

type Holder = { id: string; serial: string; token: string; today: string; email: string; cpf: string };
const seedHolder = (name: string): Holder => {
  const out = runFixture("tests/e2e/fixtures/holder-credential.ts", "jardim", name, PASSWORD).trim().split("\n");
  return JSON.parse(out[out.length - 1]) as Holder;
};

let second: SecondServer;
test.beforeAll(async () => {
  second = await startSecondServer();
});
test.afterAll(async () => {
  await second?.stop();
});

/** The QR's page, its JSON verdict and the status by serial, on one server; nothing personal beyond api.md. */
async function expectVerdict(
  request: APIRequestContext,
  page: Page,
  base: string,
  h: Holder,
  verdict: { label: string; api: string },
  secret: string[],
) {
  await page.goto(`${base}/v/${h.token}`);
  await expect(page.getByRole("status")).toContainText(verdict.label);
  const json = await (await request.get(`${base}/api/v1/verify/${h.token}`)).json();
  expect(json).toMatchObject({ verdict: verdict.api, credential: { serial: h.serial } });
  const status = await (await request.get(`${base}/api/v1/credentials/${h.serial}/status`)).json();
  expect(status).toMatchObject({ verdict: verdict.api });
  const shown = [await page.content(), JSON.stringify(json), JSON.stringify(status)].join("\n");
  for (const s of [h.cpf, h.email, ...secret]) expect(shown).not.toContain(s);
}

/** The serials Jardim's signed status list names, as `base` serves it. */
async function listed(request: APIRequestContext, base: string) {
  const jws = await (await request.get(`${base}/api/v1/status-list/${JARDIM_IBGE}`)).text();
  const payload = JSON.parse(Buffer.from(jws.split(".")[1], "base64url").toString());
  const lists = JSON.parse(inflateRawSync(Buffer.from(payload.s, "base64url")).toString());
  return { suspended: lists.suspended as string[], revoked: lists.revoked as string[] };
}

async function driverPage(browser: Browser, h: Holder) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, h.email, PASSWORD);
  return page;
}

test("suspended on one server, SUSPENSO on the other at once; the driver sees why, until when and how to appeal; reinstated, VÁLIDO on both", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const h = seedHolder("Valdir Suspenso Arruda");
  const until = addDays(h.today, 10);
  const reason = "Transporte de passageiro sem capacete, auto 12/2026.";
  const valid = { label: "VÁLIDO", api: "VALID" };
  // Both servers have seen the credential (and server 2 its status list) before the decision.
  for (const base of ["", second.url]) await expectVerdict(request, page, base, h, valid, []);
  expect((await listed(request, second.url)).suspended).not.toContain(h.serial);

  await signIn(page, ANALYST);
  await page.goto(`/m/jardim/credenciais/${h.id}`);
  await page.getByLabel("Suspensa até (inclusive)").fill(until);
  await page.getByLabel("Motivo da suspensão").fill(reason);
  await page.locator("#suspend-citacao").fill("Lei 904/1997, art. 28, d");
  await page.getByRole("button", { name: "Suspender credencial" }).click();
  await expect(page.getByRole("status")).toContainText("Credencial suspensa");

  const suspended = { label: "SUSPENSO", api: "SUSPENDED" };
  await expectVerdict(request, page, second.url, h, suspended, [reason]);
  await expectVerdict(request, page, "", h, suspended, [reason]);
  if (onPostgres) await expect.poll(async () => (await listed(request, second.url)).suspended).toContain(h.serial);

  // The driver's own pages, on either server (the session lives in the database).
  const driver = await driverPage(browser, h);
  const why = `Motivo: ${reason.replace(/\.$/, "")} (Lei 904/1997, art. 28, d).`;
  const appeal = `no prazo de 8 dias, até ${dateBr(addDays(h.today, 8))} (Lei 904/1997, art. 30)`;
  await driver.goto(`${second.url}/painel`);
  const card = driver.locator("article", { hasText: `Credencial suspensa até ${dateBr(until)}` });
  await expect(card).toContainText(why);
  await expect(driver.getByRole("heading", { name: "Pedir credenciamento" })).toHaveCount(0);
  await card.getByRole("link", { name: "Ver o motivo e como recorrer" }).click();
  await expect(driver).toHaveURL(/\/credenciais$/);
  const notice = driver.getByRole("region", { name: `Suspensa até ${dateBr(until)}` });
  await expect(notice).toContainText(why);
  await expect(notice).toContainText(`Em ${dateBr(addDays(until, 1))} ela volta a valer`);
  await expect(notice).toContainText(appeal);
  await expect(driver.getByText("SUSPENSO", { exact: true })).toBeVisible();
  await expect(driver.getByRole("button", { name: "Renovar" })).toHaveCount(0);
  await expectAccessible(driver);
  await driver.getByRole("link", { name: "Abrir no celular" }).click();
  await expect(driver.locator("#carteira-veredito")).toContainText("SUSPENSO");
  await expect(driver.getByText(`Suspensa pela prefeitura até ${dateBr(until)}`)).toBeVisible();
  await expect(driver.getByRole("region", { name: `Suspensa até ${dateBr(until)}` })).toContainText(appeal);
  await expectAccessible(driver);

  // Reinstated on the second server: VÁLIDO on both, and the driver's notice is gone.
  await page.goto(`${second.url}/m/jardim/credenciais/${h.id}`);
  await page.getByLabel("Motivo da reativação").fill("Recurso deferido pela Secretaria.");
  await page.getByRole("button", { name: "Reativar credencial" }).click();
  await expect(page.getByRole("status")).toContainText("Credencial reativada");
  for (const base of ["", second.url]) await expectVerdict(request, page, base, h, valid, []);
  if (onPostgres) await expect.poll(async () => (await listed(request, "")).suspended).not.toContain(h.serial);
  await driver.goto("/credenciais");
  await expect(driver.getByText("VÁLIDO", { exact: true })).toBeVisible();
  await expect(driver.getByRole("region", { name: /^Suspensa/ })).toHaveCount(0);
  await driver.context().close();
});

test("a cassação on one server is CASSADO on the other, final on the driver's pages, and nothing offers to undo or renew it", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const h = seedHolder("Geraldo Cassado Lemos");
  await expectVerdict(request, page, "", h, { label: "VÁLIDO", api: "VALID" }, []);
  expect((await listed(request, "")).revoked).not.toContain(h.serial);

  await signIn(page, ANALYST);
  await page.goto(`${second.url}/m/jardim/credenciais/${h.id}`);
  await page.getByText("Cassar…").click();
  await page.getByLabel("Motivo da cassação").fill("Condenação criminal transitada em julgado.");
  await page.locator("#revoke-citacao").fill("Lei 904/1997, art. 28, d");
  await page.getByLabel(/Confirmo a cassação/).check();
  await page.getByRole("button", { name: "Cassar credencial" }).click();
  await expect(page.getByRole("status")).toContainText("Credencial cassada");
  // The staff page offers nothing more: no reinstatement, no new suspension.
  await expect(page.getByRole("heading", { name: "Alterar a situação" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Reativar|Suspender|Cassar/ })).toHaveCount(0);

  const revoked = { label: "CASSADO", api: "REVOKED" };
  await expectVerdict(request, page, "", h, revoked, ["Condenação criminal"]);
  await expectVerdict(request, page, second.url, h, revoked, ["Condenação criminal"]);
  if (onPostgres) await expect.poll(async () => (await listed(request, "")).revoked).toContain(h.serial);

  const driver = await driverPage(browser, h);
  await driver.goto("/painel");
  await expect(driver.locator("article", { hasText: "Credencial cassada: a cassação é definitiva" })).toContainText(
    "A Lei 904/1997 não fixa prazo de espera para um novo requerimento",
  );
  await driver.goto("/credenciais");
  const notice = driver.getByRole("region", { name: "Cassada: a cassação é definitiva" });
  await expect(notice).toContainText("Motivo: Condenação criminal transitada em julgado (Lei 904/1997, art. 28, d).");
  await expect(notice).toContainText("não pode ser reativada nem renovada");
  await expect(notice).toContainText("Lei 904/1997, art. 30");
  await expect(driver.getByText("CASSADO", { exact: true })).toBeVisible();
  await expect(driver.getByRole("button", { name: "Renovar" })).toHaveCount(0);
  await expect(driver.getByRole("link", { name: "Abrir no celular" })).toHaveCount(0);
  await expectAccessible(driver);
  // The phone's card, opened from a saved link, says the same.
  await driver.goto(`${second.url}/credenciais/${h.id}/carteira`);
  await expect(driver.locator("#carteira-veredito")).toContainText("CASSADO");
  await expect(driver.getByRole("region", { name: "Cassada: a cassação é definitiva" })).toContainText(
    "não pode ser reativada nem renovada",
  );
  await expectVerdict(request, page, second.url, h, revoked, []);
  await driver.context().close();
});
