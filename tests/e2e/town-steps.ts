// Steps of a new town's life through the pages (issue #30): the platform admin creates it and gives
// it staff; each staff member sets a password from the e-mail. Each step acts only through what the
// page shows, never on the database.
import { expect, type Page } from "@playwright/test";
import { linkFromOutbox, newCpf } from "./support";

export type Town = { n: string; slug: string; name: string };

/** The platform admin (signed in) creates "Vale do Ipê <n>" on the shipped pack `packId`. */
export async function createTown(page: Page, packId: string): Promise<Town> {
  const n = String(Date.now() % 100_000).padStart(5, "0");
  const town = { n, slug: `vale-do-ipe-${n}`, name: `Vale do Ipê ${n}` };
  await page.goto("/admin/municipios");
  await page.getByLabel("Código IBGE").fill(`39${n}`);
  await page.getByLabel("Nome", { exact: true }).fill(town.name);
  await page.getByLabel("UF").fill("MG");
  await page.getByLabel("Endereço (slug)").fill(town.slug);
  await page.getByLabel("População (IBGE)").fill("23418");
  await page.getByLabel("Unidade fiscal").fill("UFVI");
  // From n, beginning V–Z (no demo town's does): towns created ms apart in one run rarely share one.
  const letter = (k: number, of = 26, from = 65) => String.fromCharCode(from + (Math.floor(Number(n) / 26 ** k) % of));
  await page.getByLabel("Prefixo dos números de série").fill(`${letter(2, 5, 86)}${letter(1)}${letter(0)}`);
  await page.getByLabel("Pacote de regras (lei municipal)").selectOption(packId);
  await page.getByRole("button", { name: "Criar município" }).click();
  await expect(page.getByRole("row").filter({ hasText: town.name })).toBeVisible();
  return town;
}

/** Someone with the power to manage the town's staff (signed in) gives a new person a role. */
export async function addStaff(page: Page, town: Town, name: string, role: "Gestor" | "Analista" | "Fiscal") {
  const cpf = newCpf();
  const email = `${role.toLowerCase()}.${cpf}@${town.slug}.exemplo.gov.br`;
  await page.goto(`/m/${town.slug}/equipe`);
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Perfil").selectOption({ label: role });
  await page.getByRole("button", { name: "Criar acesso" }).click();
  await expect(page.getByRole("status")).toContainText("Acesso criado");
  return email;
}

/** The new staff member sets a password from the welcome e-mail's link. */
export async function setPasswordFromMail(page: Page, email: string, password: string) {
  let path = "";
  await expect(async () => {
    path = await linkFromOutbox(page, email, "/senha/redefinir/");
  }).toPass({ timeout: 20_000 });
  await page.goto(path);
  await page.getByLabel("Nova senha", { exact: true }).fill(password);
  await page.getByLabel("Repita a nova senha").fill(password);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senha redefinida. Entre com a nova senha.")).toBeVisible();
}
