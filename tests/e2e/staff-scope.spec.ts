import { expect, test } from "@playwright/test";
import { expectAccessible, newCpf, signIn, signOut } from "./support";

const ROLES = [
  { login: "gestor.itauna@credencia.demo", label: "Gestor" },
  { login: "analista.itauna@credencia.demo", label: "Analista" },
  { login: "fiscal.itauna@credencia.demo", label: "Fiscal" },
];

for (const role of ROLES) {
  test(`the ${role.label.toLowerCase()} of Itaúna sees Itaúna and cannot read anything of Lavras`, async ({ page }) => {
    await signIn(page, role.login);
    const header = page.getByRole("banner");
    await expect(header.getByText(role.label, { exact: true })).toBeVisible();
    await expect(header.getByText("Itaúna (MG)", { exact: true })).toBeVisible();

    await page.goto("/m/itauna");
    await expect(page.getByRole("heading", { name: "Itaúna (MG)" })).toBeVisible();
    await expectAccessible(page);

    for (const path of ["/m/lavras", "/m/lavras/equipe", "/m/lavras/auditoria"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
      await expect(page.getByText("Lavras")).toHaveCount(0);
    }
    await signOut(page);
  });
}

test("only the gestor manages staff; a new analyst gets an account and an e-mail", async ({ page }) => {
  await signIn(page, "analista.itauna@credencia.demo");
  expect((await page.goto("/m/itauna/equipe"))?.status()).toBe(403);
  await signOut(page);

  await signIn(page, "gestor.itauna@credencia.demo");
  await page.getByRole("link", { name: "Equipe" }).click();
  await expect(page.getByRole("heading", { name: "Equipe — Itaúna" })).toBeVisible();
  await expectAccessible(page);

  const cpf = newCpf();
  const email = `nova.analista.${cpf}@itauna.exemplo.gov.br`;
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill("Beatriz Analista Nova");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Perfil").selectOption({ label: "Analista" });
  await page.getByRole("button", { name: "Criar acesso" }).click();
  await expect(page.getByRole("status")).toContainText("Acesso criado");
  const row = page.getByRole("row").filter({ hasText: "Beatriz Analista Nova" });
  await expect(row).toContainText("Ativo");

  await row.getByRole("button", { name: /Desativar acesso de Beatriz/ }).click();
  await expect(page.getByRole("row").filter({ hasText: "Beatriz Analista Nova" })).toContainText("Desativado");

  await page.goto("/m/itauna/auditoria");
  await expect(page.getByRole("cell", { name: "staff.disable" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "staff.add" }).first()).toBeVisible();
});

test("a page that does not exist explains itself in Portuguese", async ({ page }) => {
  const response = await page.goto("/nao-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
});

test("the staff pages fit a 360 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, "gestor.patrocinio@credencia.demo");
  for (const path of ["/painel", "/m/patrocinio", "/m/patrocinio/equipe", "/m/patrocinio/auditoria"]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});

test("the platform administrator creates a municipality; bad input is explained", async ({ page }) => {
  await signIn(page, "admin@credencia.demo");
  await page.getByRole("navigation").getByRole("link", { name: "Municípios" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Jardim (MS)" })).toBeVisible();
  await page.getByLabel("Código IBGE").fill("12345");
  await page.getByLabel("Nome", { exact: true }).fill("Araxá");
  await page.getByRole("button", { name: "Criar município" }).click();
  await expect(page.locator("#campo-ibgeCode-erro")).toHaveText("O código IBGE tem 7 dígitos.");
  await expect(page.getByRole("alert").getByRole("link", { name: "O código IBGE tem 7 dígitos." })).toBeVisible();
  await expect(page.getByLabel("UF")).toHaveAttribute("maxlength", "2");
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Araxá");

  await page.getByLabel("Código IBGE").fill("3104007");
  await page.getByLabel("UF").fill("MG");
  await page.getByLabel("Endereço (slug)").fill("araxa");
  await page.getByLabel("População (IBGE)").fill("111691");
  await page.getByLabel("Unidade fiscal").fill("UFM");
  await page.getByLabel("Prefixo dos números de série").fill("ARX");
  await page.getByLabel("Pacote de regras (lei municipal)").selectOption("patrocinio-mg");
  await page.getByRole("button", { name: "Criar município" }).click();
  await expect(page.getByRole("row").filter({ hasText: "Araxá (MG)" })).toBeVisible();
  await expectAccessible(page);
});
