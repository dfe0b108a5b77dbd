import { expect, type Page, test } from "@playwright/test";
import { confirmAndSignIn, expectAccessible, newCpf, runFixture, signIn, uploadAllDocuments } from "./support";

async function signUp(page: Page, name: string) {
  const cpf = newCpf();
  const email = `condutor.${cpf}@exemplo.com.br`;
  await page.goto("/cadastro");
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("minha senha de condutor bem longa");
  await page.getByLabel("Repita a senha").fill("minha senha de condutor bem longa");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { name: "Confira seu e-mail" })).toBeVisible();
  await confirmAndSignIn(page, email, "minha senha de condutor bem longa");
  return email;
}

// A driver linked to a company (Lavras's platforms, Jardim's concessionária) goes through the
// company's invitation first: those journeys are in journeys.spec.ts.
async function choose(page: Page, municipality: string, category: string, mode: RegExp) {
  await page.goto("/requerimentos/novo");
  await page.getByLabel("Onde você vai trabalhar?").selectOption({ label: municipality });
  await page.getByRole("button", { name: "Escolher município" }).click();
  await page.getByLabel(category).check();
  await page.getByRole("radio", { name: mode }).check();
  await expect(page.getByRole("heading", { name: "4. O que a lei pede" })).toBeVisible();
  await page.getByRole("button", { name: "Começar o requerimento" }).click();
  await expect(page.getByRole("heading", { name: "Dados pessoais" })).toBeVisible();
}

/** Fills a field if the step asks it: each city's rules decide which questions there are. */
async function fillIfAsked(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  if (await field.count()) await field.fill(value);
}

/** The personal-data step asks only what the city's rules read: EAR and residence where the law has them. */
async function personalData(page: Page, opts: { cnh: string; first: string; ear?: boolean; livesHere?: boolean }) {
  await fillIfAsked(page, "Data de nascimento", "1990-03-15");
  await page.getByLabel("Telefone (com DDD)").fill("(34) 99876-5432");
  await page.getByLabel("Categoria da CNH").selectOption(opts.cnh);
  await fillIfAsked(page, "Data da primeira habilitação nesta categoria", opts.first);
  if (opts.ear) await page.getByRole("group", { name: /EAR/ }).getByLabel("Sim").check();
  if (opts.livesHere)
    await page
      .getByRole("group", { name: /Você mora em/ })
      .getByLabel("Sim")
      .check();
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page.getByRole("heading", { name: "Veículo" })).toBeVisible();
}

async function submit(page: Page, { untickedFirst = false } = {}) {
  await page.getByRole("link", { name: "Continuar para a revisão" }).click();
  await expect(page.getByText("Ainda não dá para enviar")).toHaveCount(0);
  if (untickedFirst) {
    // Sent without the declaration: the error summary says so, beside the box too (issue #34),
    // not the browser's bubble alone.
    await page.getByRole("button", { name: /Enviar para análise|Reenviar para análise/ }).click();
    const said = "Confirme a declaração de que as informações são verdadeiras.";
    await expect(page.getByRole("alert").filter({ hasText: said })).toBeVisible();
    await expect(page.getByLabel(/Declaro que as informações/)).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  }
  await page.getByLabel(/Declaro que as informações/).check();
  await page.getByRole("button", { name: /Enviar para análise|Reenviar para análise/ }).click();
  await expect(page.getByRole("status")).toContainText("Requerimento enviado");
}

test("a new driver in Patrocínio registers as mototaxista and submits with all documents", async ({ page }) => {
  // Eighteen uploads on a loaded shared machine take longer than the default minute (a wait, not an assertion).
  test.setTimeout(180_000);
  await signUp(page, "Paulo Roberto Mototaxista");
  await choose(page, "Patrocínio (MG)", "Mototáxi", /Autônomo/);
  await expectAccessible(page);

  // Only what Lei 4.883/2017 reads is asked: no address, no RG, no EAR, no residence question.
  await expect(page.getByLabel("Logradouro")).toHaveCount(0);
  await expect(page.getByLabel("RG", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("group", { name: /EAR/ })).toHaveCount(0);
  await expect(page.getByRole("group", { name: /permissões no município/ }).getByRole("checkbox")).toHaveCount(3);

  // Bad input is explained and nothing typed is lost.
  await page.getByLabel("Telefone (com DDD)").fill("12345");
  await page.getByLabel("Data de nascimento").fill("1990-03-15");
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page.getByText(/Telefone inválido/).first()).toBeVisible();
  await expect(page.getByLabel("Data de nascimento")).toHaveValue("1990-03-15");

  await personalData(page, { cnh: "A", first: "2015-01-10" });
  await page.getByLabel("Placa", { exact: true }).fill("PTC-4D56");
  await page.getByLabel("Marca", { exact: true }).fill("Honda");
  await page.getByLabel("Modelo", { exact: true }).fill("CG 160");
  await page.getByLabel("Ano de fabricação").fill(String(new Date().getFullYear() - 1));
  await page.getByLabel("Cilindrada (cc)").fill("160");
  await page.getByLabel("Categoria do registro").selectOption("ALUGUEL");
  await page
    .getByRole("group", { name: /licenciado em Patrocínio/ })
    .getByLabel("Sim")
    .check();
  await page.getByLabel("Quem é o proprietário?").selectOption("HOLDER");
  await page
    .getByRole("group", { name: /transportar cargas/ })
    .getByLabel("Não")
    .check();
  await page.getByRole("button", { name: "Salvar e continuar" }).click();
  await expect(page.getByRole("heading", { name: "Documentos" })).toBeVisible();
  // The live checklist names what is missing with its legal citation.
  await expect(page.getByRole("complementary")).toContainText("Lei 4.883/2017");
  await expectAccessible(page);

  await uploadAllDocuments(page);
  await submit(page, { untickedFirst: true });
  await expect(page.getByRole("heading", { name: /Situação: Enviado/ })).toBeVisible();
});

test("a rejected document is replaced, and only it, then the application is resubmitted", async ({ page }) => {
  runFixture("tests/e2e/fixtures/request-changes.ts", "condutora.maria@credencia.demo", "COMPROVANTE_RESIDENCIA");
  await signIn(page, "condutora.maria@credencia.demo");
  await page.goto("/requerimentos");
  await page
    .getByRole("link", { name: /REQ-PTC/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: /Correções solicitadas/ })).toBeVisible();
  await expect(page.getByText(/a foto do documento está tremida/)).toBeVisible();
  await page.getByRole("link", { name: "Corrigir documentos" }).click();
  // Only the rejected document asks for a new file.
  await expect(page.locator("form[enctype='multipart/form-data']:visible")).toHaveCount(1);
  await uploadAllDocuments(page);
  await submit(page);
  await expect(page.getByRole("heading", { name: /Situação: Reenviado/ })).toBeVisible();
});

test("a renewal re-asks only the expired medical certificate", async ({ page }) => {
  runFixture("tests/e2e/fixtures/age-document.ts", "condutor.lukasz@credencia.demo", "ATESTADO_MEDICO", "2020-01-10");
  // Renewal opens 60 days before the last day (ADR 028): the seed issued the badge today.
  runFixture("tests/e2e/fixtures/renewal-window.ts", "condutor.lukasz@credencia.demo");
  await signIn(page, "condutor.lukasz@credencia.demo");
  await page.goto("/credenciais");
  await expect(page.getByRole("heading", { name: /Crachá — Motoboy/ })).toBeVisible();
  await page.getByRole("button", { name: "Renovar" }).click();
  await expect(page.getByRole("heading", { name: "Documentos" })).toBeVisible();
  const forms = page.locator("form[enctype='multipart/form-data']:visible");
  await expect(forms).toHaveCount(1);
  await expect(forms.locator("input[name=type]")).toHaveValue("ATESTADO_MEDICO");
  await uploadAllDocuments(page);
  await submit(page);
});

test("the wizard fits a 360 px phone without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, "condutor.joao@credencia.demo");
  await page.goto("/requerimentos");
  await page
    .getByRole("link", { name: /REQ-PTC/ })
    .first()
    .click();
  const base = page.url().replace(/\/$/, "");
  for (const step of ["", "/dados", "/veiculo", "/documentos", "/revisao"]) {
    await page.goto(base + step);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), step || "overview").toBeLessThanOrEqual(
      360,
    );
  }
  await page.goto("/credenciais");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
