import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectAccessible, signIn, signOut } from "./support";
import { addStaff, createTown, setPasswordFromMail } from "./town-steps";

// A new text of the rules without a deploy (issue #30, ADR 069): in a new town, one gestor writes
// it in the portal and checks it (a broken text keeps what was typed and names the problem);
// another gestor reads the changes in words and publishes it; the rules page then applies it.
// The author cannot publish alone.

const PASSWORD = "uma frase comprida para a senha da gestão";
const FICTIONAL_LAW = readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1234-2025.txt", "utf8");

test("one gestor writes a new text of the rules, another reads the changes and publishes it", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@credencia.demo");
  const town = await createTown(page, "lavras-mg");
  const author = await addStaff(page, town, "Ana Gestora Redatora", "Gestor");
  const publisher = await addStaff(page, town, "Bruno Gestor Revisor", "Gestor");
  await signOut(page);
  await setPasswordFromMail(page, author, PASSWORD);
  await setPasswordFromMail(page, publisher, PASSWORD);

  // The author: from the rules page to a draft of the version in force.
  await signIn(page, author, PASSWORD);
  await page.goto(`/m/${town.slug}/regras`);
  await page.getByRole("link", { name: "Escrever um novo texto das regras" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Novo texto das regras — ${town.name}`);
  await page.getByRole("button", { name: "Começar um rascunho" }).click();
  const editor = page.getByLabel("Documento do pacote (JSON)");
  const original = await editor.inputValue();
  expect(JSON.parse(original).id).toBe("lavras-mg");

  // A comma missing: saved as typed, the problem named with its line.
  const broken = original.replace('"id": "lavras-mg",', '"id": "lavras-mg"');
  await editor.fill(broken);
  await page.getByRole("button", { name: "Salvar e conferir" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "1 problema no texto" })).toContainText(
    /não é JSON válido na linha \d+, coluna \d+/,
  );
  await expect(editor).toHaveValue(broken);

  // The rules' values as fields need a text that reads: while it does not, they are not offered.
  const values = page.getByRole("region", { name: "Valores das regras" });
  await expect(values).toHaveCount(0);

  // The text mended; the vehicle's maximum age from 8 to 6 years in its field (a 0 is refused, named,
  // nothing written): no problem, sent for publication.
  await editor.fill(original);
  await page.getByRole("button", { name: "Salvar e conferir" }).click();
  await expect(page.getByRole("status").filter({ hasText: "O texto não tem problemas" })).toBeVisible();
  const vehicleAge = values.getByLabel("Idade máxima do veículo (anos)");
  await expect(vehicleAge).toHaveValue("8");
  await vehicleAge.fill("0");
  await values.getByRole("button", { name: "Salvar os valores" }).click();
  await expect(values.getByRole("alert")).toContainText("Idade máxima do veículo: use de 1 a 40 anos.");
  await expect(vehicleAge).toHaveValue("0"); // as typed
  await vehicleAge.fill("6");
  await values.getByRole("button", { name: "Salvar os valores" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Valores salvos no rascunho (1 regra mudou)" }),
  ).toBeVisible();
  expect(
    JSON.parse(await editor.inputValue()).vehicleRules.find((r: { id: string }) => r.id === "vehicle_age").years,
  ).toBe(6);
  await expect(page.getByRole("status").filter({ hasText: "O texto não tem problemas" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "docs/previews/gestor-regras-rascunho.png" });
  await page.getByRole("button", { name: "Enviar para publicação" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rascunho enviado" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publicar a nova versão" })).toHaveCount(0);
  await signOut(page);

  // The publisher reads the change in words and publishes it from today.
  await signIn(page, publisher, PASSWORD);
  await page.goto(`/m/${town.slug}/regras/rascunho`);
  const change = page.getByRole("row").filter({ hasText: "vehicle_age" });
  await expect(change).toContainText("Requisitos do veículo");
  await expect(change).toContainText("years: 8 → 6");
  await expect(page.getByRole("table")).toContainText("1 mudança em relação à versão 1.0.0");
  // A town with no application yet: none in flight, and none would change rules midway.
  await expect(page.getByText("Nenhum requerimento em andamento")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "docs/previews/gestor-regras-publicar.png", fullPage: true });
  await page.getByRole("button", { name: "Publicar a nova versão" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Versão 2.0.0 publicada" })).toBeVisible();
  await expect(page.getByText("Veículo com no máximo 6 anos de fabricação.")).toBeVisible();
  await expect(page.getByText(/versão\s*2\.0\.0/)).toBeVisible();
});

test("a town with no pack of its own: the gestor's draft starts from its law, and a proposal of the law becomes a rule", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@credencia.demo");
  const town = await createTown(page, "novo");
  await expect(page.getByRole("row").filter({ hasText: town.name })).toContainText("em preparação");
  await page.goto(`/admin/municipios/${town.slug}/lei`);
  await page.getByLabel("Lei", { exact: true }).fill("Lei 1.234/2025");
  await page.getByLabel("Ementa").fill("Serviço de mototáxi e de motofrete");
  await page.getByLabel("Data de publicação").fill("2025-02-28");
  await page.getByLabel("Texto da lei").fill(FICTIONAL_LAW);
  await page.getByRole("button", { name: "Salvar o texto" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Texto salvo." })).toBeVisible();
  const author = await addStaff(page, town, "Carla Gestora Redatora", "Gestor");
  await signOut(page);
  await setPasswordFromMail(page, author, PASSWORD);

  await signIn(page, author, PASSWORD);
  await page.goto(`/m/${town.slug}/regras`); // nothing published yet: the rules page leads to the draft
  await expect(page.getByText("Nenhuma versão publicada")).toBeVisible();
  await page.getByRole("button", { name: "Começar um rascunho" }).click();
  const editor = page.getByLabel("Documento do pacote (JSON)");
  expect(JSON.parse(await editor.inputValue())).toMatchObject({ law: { label: "Lei 1.234/2025" }, categories: [] });
  const proposals = page.getByRole("region", { name: "Regras que a Lei 1.234/2025 propõe" });
  const age = proposals.getByRole("row").filter({ hasText: "Idade mínima de 21 anos" });
  await expect(age).toContainText("ter, no mínimo, 21 (vinte e um) anos de idade;");
  await expectAccessible(page);
  await age.getByRole("button", { name: /^Incluir/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Regra min_age incluída no rascunho" })).toBeVisible();
  await expect(age).toContainText("Já citada no texto");
  const rule = JSON.parse(await editor.inputValue()).personRules[0];
  expect(rule).toMatchObject({ id: "min_age", kind: "MIN_AGE", years: 21, citation: "Lei 1.234/2025, art. 3º, I" });
  // Still no category: the problems say what is left to write, in Portuguese.
  await expect(page.getByRole("alert").filter({ hasText: "no texto" })).toContainText("categories");
  await expect(page.getByRole("alert").filter({ hasText: "no texto" })).toContainText("Pequeno demais");
});
