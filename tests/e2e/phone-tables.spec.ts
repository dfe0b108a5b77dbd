import { expect, type Page, test } from "@playwright/test";
import { makePng } from "../fixtures/files/make";
import { expectNoSidewaysScroll, phoneUse } from "./phone";
import { expectAccessible, signIn, signOut } from "./support";

// Tables on a 360×740 phone (issue #16, ADR 032): every list of the back office, the admin and
// the driver's links is one card-table pattern (`tabela-responsiva`): each row a card, each value
// under its column's name, no sideways scroll at 320 px, axe clean; each page is photographed
// into docs/previews/phone-*.png. And the municipality's coat of arms and secretaria, set by the
// gestor on the identidade page, appear in a small band of the header where the municipality is
// in context.

test.use(phoneUse);

/** Header + closed menu, as on the first screen. */
async function shellHeight(page: Page) {
  const header = await page.getByRole("banner").boundingBox();
  return header?.height ?? 0;
}

/**
 * The page lists its rows as cards: every table of the page is a `tabela-responsiva`, every data
 * cell names its column, and the name is drawn before the value (the header row is out of sight).
 */
async function expectCardTables(page: Page, path: string, name: string, firstLabel?: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const tables = page.locator("main table");
  if (firstLabel) {
    await expect(tables.first()).toBeVisible();
    const cell = tables.locator(`td[data-label="${firstLabel}"]`).first();
    await expect(cell).toBeVisible();
    expect(await cell.evaluate((el) => getComputedStyle(el, "::before").content)).toBe(`"${firstLabel}"`);
    expect((await tables.first().locator("thead").boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
  }
  await expect(page.locator("main table:not(.tabela-responsiva)")).toHaveCount(0);
  await expect(page.locator("main table.tabela-responsiva td:not([data-label])")).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  // The top of the page, with the first cards (the longest pages would make megabyte pictures).
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: `docs/previews/phone-${name}.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width: 360, height: Math.min(height, 2000) },
  });
}

test("the gestor's lists are cards on a phone", async ({ page }) => {
  // Seven pages, each measured at two widths and checked by axe (the rules page is long).
  test.slow();
  await signIn(page, "gestor.patrocinio@credencia.demo");
  const m = "/m/patrocinio";
  await expectCardTables(page, `${m}/credenciais`, "credenciais", "Titular");
  await expectCardTables(page, `${m}/autos`, "autos");
  await expectCardTables(page, `${m}/regras`, "regras");
  await expectCardTables(page, `${m}/chaves`, "chaves");
  await expectCardTables(page, `${m}/cotas`, "cotas");
  await expectCardTables(page, `${m}/relatorios`, "relatorios");
  await expectCardTables(page, `${m}/operadoras`, "operadoras");
  await signOut(page);
});

test("the analyst's queue, audit and passenger reports are cards on a phone", async ({ page }) => {
  test.slow(); // three pages, the audit log long, each checked by axe
  await signIn(page, "analista.patrocinio@credencia.demo");
  const m = "/m/patrocinio";
  await expectCardTables(page, `${m}/fila`, "fila", "Requerimento");
  await expectCardTables(page, `${m}/auditoria`, "auditoria");
  await expectCardTables(page, `${m}/relatos`, "relatos");
  await signOut(page);
});

test("the platform's municipalities, a driver's links and a driver's applications are cards on a phone", async ({
  page,
}) => {
  await signIn(page, "admin@credencia.demo");
  await expectCardTables(page, "/admin/municipios", "admin-municipios");
  await signOut(page);
  await signIn(page, "condutor.joao@credencia.demo");
  await expectCardTables(page, "/vinculos", "vinculos");
  await expectCardTables(page, "/requerimentos", "requerimentos", "Número");
  await signOut(page);
});

test("the gestor's identity shows in the header band: back office, company and driver pages", async ({ page }) => {
  test.slow(); // three accounts, two uploads
  const secretaria = "Secretaria Municipal de Mobilidade Urbana e Trânsito de Lavras";
  await signIn(page, "gestor.lavras@credencia.demo");
  await page.goto("/m/lavras/identidade");
  await page.getByLabel("Secretaria ou órgão que emite").fill(secretaria);
  await page.getByRole("button", { name: "Salvar dados" }).click();
  await expect(page).toHaveURL(/ok=dados/);
  await page.getByLabel("Trocar o brasão").setInputFiles({
    name: "brasao.png",
    mimeType: "image/png",
    buffer: Buffer.from(await makePng({ width: 300, height: 360 })),
  });
  await page.getByRole("button", { name: "Enviar brasão" }).click();
  await expect(page).toHaveURL(/ok=brasao/);

  const band = page.getByRole("banner").locator(".faixa-municipio");
  const expectBand = async (place: string, line: string | RegExp) => {
    await expect(band).toContainText(place);
    await expect(band).toContainText(line);
    const arms = band.getByRole("img", { name: /^Brasão de / });
    await expect(arms).toBeVisible();
    expect(await arms.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 0)).toBe(true);
    expect((await band.boundingBox())?.height ?? 99).toBeLessThanOrEqual(48);
    expect(await shellHeight(page)).toBeLessThanOrEqual(120);
    await expectNoSidewaysScroll(page);
  };

  await page.goto("/m/lavras");
  await expectBand("Prefeitura de Lavras (MG)", secretaria);
  await expectAccessible(page);
  await page.screenshot({ path: "docs/previews/phone-faixa-municipio.png" });
  // The small image is served to a signed-in user only, and may be cached for good.
  const src = (await band.getByRole("img").getAttribute("src")) ?? "";
  const image = await page.request.get(src);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toContain("immutable");
  await signOut(page);
  expect((await page.request.get(src, { maxRedirects: 0 })).status()).toBe(302);

  // The company's member sees the municipality of the company.
  await signIn(page, "operador.lavras@credencia.demo");
  await page.goto("/operadora");
  await page
    .getByRole("link", { name: /^Abrir / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/operadora\/[^/]+$/);
  await expectBand("Prefeitura de Lavras (MG)", secretaria);
  await signOut(page);

  // A driver sees the municipality of their applications on their home page; not on the public verdict.
  await signIn(page, "condutor.itauna@credencia.demo");
  await expectBand("Prefeitura de Itaúna (MG)", /\S/);
  await page.goto("/verificar");
  await expect(page.locator(".faixa-municipio")).toHaveCount(0);
});
