import { expect, type Page, test } from "@playwright/test";
import { expectFocusOn, expectNoSidewaysScroll, phoneUse } from "./phone";
import { expectAccessible, newCpf, signIn, signOut } from "./support";

// The gov.br shell on a 360×740 phone (issue #16, ADR 024): header and closed menu take at most
// 120 px, no page scrolls sideways at 320 px, the menu is a drawer reached by keyboard, axe is
// clean, and each page is photographed into docs/previews/phone-*.png.

test.use(phoneUse);

/** Header + menu as they stand on the first screen (the drawer, closed, takes nothing). */
async function shellHeight(page: Page) {
  const header = await page.getByRole("banner").boundingBox();
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  const menuBox = (await menu.isVisible()) ? await menu.boundingBox() : null;
  return (header?.height ?? 0) + (menuBox?.height ?? 0);
}

async function checkPage(page: Page, name: string) {
  await expect(page.getByRole("main")).toBeVisible();
  expect(await shellHeight(page), `cabeçalho e menu em ${name}`).toBeLessThanOrEqual(120);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: `docs/previews/phone-${name}.png`, fullPage: true });
}

test("the public pages fit a phone: home, sign-in and sign-up", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Entrar" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Criar conta" })).toBeVisible();
  await checkPage(page, "inicio");
  await page.goto("/entrar");
  await checkPage(page, "entrar");
  await page.goto("/cadastro");
  await checkPage(page, "cadastro");
});

test("a driver's menu is a drawer: opened by its button, walked by keyboard, closed by Escape", async ({ page }) => {
  await signIn(page, "condutor.joao@credencia.demo");
  await checkPage(page, "painel");

  const button = page.getByRole("button", { name: "Menu", exact: true });
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // By keyboard: focus the button, Enter opens the drawer with focus inside it.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  await expectFocusOn(menu.getByRole("button", { name: "Fechar o menu" }));
  const links = menu.getByRole("link");
  const names = await links.allTextContents();
  expect(names).toEqual(["Início", "Requerimentos", "Credenciais", "Vínculos", "Empresas", "Minha conta"]);
  for (const label of names) {
    await page.keyboard.press("Tab");
    await expectFocusOn(menu.getByRole("link", { name: label, exact: true }));
  }
  await expectAccessible(page);
  await page.screenshot({ path: "docs/previews/phone-menu.png" });
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // By touch: a link in the drawer navigates and closes it.
  await button.tap();
  await menu.getByRole("link", { name: "Requerimentos" }).tap();
  await expect(page).toHaveURL(/\/requerimentos$/);
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // The scrim closes it too.
  await button.tap();
  await expect(menu).toBeVisible();
  await page.mouse.click(350, 400);
  await expect(menu).toBeHidden();
  await signOut(page);
});

test("a staff page fits a phone", async ({ page }) => {
  await signIn(page, "gestor.patrocinio@credencia.demo");
  await page.goto("/m/patrocinio");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // One <title>: the page's own (handle.title) with the portal's name (app/components/page-title.ts).
  await expect(page).toHaveTitle("Patrocínio — Portal de Credenciamento");
  await checkPage(page, "gestor");
  await page.getByRole("button", { name: "Menu", exact: true }).tap();
  await expect(
    page.getByRole("navigation", { name: "Menu principal" }).getByText(/^Gestor · Patrocínio \(MG\)$/),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/m/patrocinio/cotas");
  await expect(page).toHaveTitle("Cotas — Portal de Credenciamento");
  expect(await page.locator("head title").count()).toBe(1);
  await signOut(page);
});

test("the operator's drivers and API pages list their rows as cards on a phone", async ({ page }) => {
  await signIn(page, "operador.jardim@credencia.demo");
  await page.goto("/operadora");
  await page.getByRole("link", { name: "Abrir Moto Táxi Pantanal" }).click();
  await expect(page).toHaveURL(/\/operadora\/[^/]+$/);
  const base = new URL(page.url()).pathname;

  await page.goto(`${base}/condutores`);
  if ((await page.getByRole("table").count()) === 0) {
    await page.getByLabel("CPF do condutor").fill(newCpf());
    await page.getByLabel("E-mail do condutor").fill("convidado.celular@example.com");
    await page.getByRole("button", { name: "Convidar" }).click();
  }
  const drivers = page.getByRole("table");
  await expect(drivers).toBeVisible();
  // The column's name travels with each value: the header row is hidden, the cells say what they are.
  await expect(drivers.locator("td[data-label='Vínculo']").first()).toBeVisible();
  await checkPage(page, "operadora-condutores");

  await page.goto(`${base}/api`);
  if ((await page.getByRole("table").count()) === 0) {
    await page.getByLabel("Nome da nova chave").fill("servidor de despacho");
    await page.getByRole("button", { name: "Criar chave" }).click();
    await expect(page.getByRole("status")).toContainText("criada");
  }
  await expect(page.getByRole("table").locator("td[data-label='Situação']").first()).toBeVisible();
  await checkPage(page, "operadora-api");
  await signOut(page);
});
