// TEMPORARY (not committed): counts the questions of two driver journeys.
import { expect, test, type Page } from "@playwright/test";
import { newCpf } from "./support";

async function signUp(page: Page) {
  const cpf = newCpf();
  await page.goto("/cadastro");
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill("Contagem de Campos");
  await page.getByLabel("E-mail").fill(`conta.${cpf}@exemplo.com.br`);
  await page.getByLabel("Senha", { exact: true }).fill("minha senha de condutor bem longa");
  await page.getByLabel("Repita a senha").fill("minha senha de condutor bem longa");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/painel/);
}
async function count(page: Page) {
  return page.evaluate(() => {
    const form = document.querySelector("main form.cartao") ?? document.querySelector("main form");
    const els = [...(form?.querySelectorAll("input, select, textarea") ?? [])] as HTMLInputElement[];
    const names = new Set(els.filter((e) => e.type !== "hidden" && e.type !== "submit" && e.name && e.name !== "depois").map((e) => e.name));
    const boxes = els.filter((e) => e.type === "checkbox").length;
    return { names: [...names], questions: names.size, checkboxes: boxes };
  });
}
for (const [town, cat, mode, op] of [["Patrocínio (MG)", "Mototáxi", /Autônomo/, undefined], ["Lavras (MG)", "Transporte", /Vinculado/, "Leva e Traz"]] as const) {
  test(`count ${town}`, async ({ page }) => {
    await signUp(page);
    await page.goto("/requerimentos/novo");
    await page.getByLabel("Onde você vai trabalhar?").selectOption({ label: town });
    await page.getByRole("button", { name: "Escolher município" }).click();
    await page.getByLabel(cat).check();
    await page.getByRole("button", { name: "Escolher categoria" }).click();
    await page.getByRole("radio", { name: mode }).check();
    if (op) await page.getByLabel("Empresa (se vinculado)").selectOption({ label: op });
    await page.getByRole("button", { name: "Começar o requerimento" }).click();
    await expect(page.getByRole("heading", { name: "Dados pessoais" })).toBeVisible();
    const dados = await count(page);
    const base = page.url().replace(/\/dados$/, "");
    await page.goto(base + "/veiculo");
    const veiculo = await count(page);
    await page.goto(base + "/documentos");
    const uploads = await page.locator("form[enctype='multipart/form-data']").count();
    console.log(`COUNT ${town}: dados=${dados.questions} (${dados.checkboxes} checkboxes) [${dados.names.join(",")}] veiculo=${veiculo.questions} [${veiculo.names.join(",")}] uploads=${uploads}`);
  });
}
