import { expect, test } from "@playwright/test";
import { confirmAndSignIn, cpfFrom, expectAccessible, linkFromOutbox, newCpf, signIn, signOut } from "./support";

test("a driver signs up, signs out, signs in and resets the password through the outbox", async ({ page }) => {
  const cpf = newCpf();
  const email = `motorista.${cpf}@exemplo.com.br`;
  const password = "minha moto vermelha de entregas";

  await page.goto("/cadastro");
  await expectAccessible(page);

  // Bad input first: a malformed CPF and a common password are refused with field messages.
  await page.getByLabel("CPF").fill("123.456.789-00");
  await page.getByLabel("Nome completo").fill("Rafael dos Santos");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("senha123456");
  await page.getByLabel("Repita a senha").fill("senha123456");
  await page.getByRole("button", { name: "Criar conta" }).click();
  // The error summary takes focus and links each message to its field; each field shows its own.
  const summary = page.getByRole("alert");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Corrija os campos indicados abaixo.");
  const cpfLink = summary.getByRole("link", { name: "CPF inválido: confira os dígitos." });
  await expect(cpfLink).toHaveAttribute("href", "#campo-cpf");
  await expect(summary.getByRole("link", { name: /Senha fácil de adivinhar/ })).toHaveAttribute(
    "href",
    "#campo-password",
  );
  await expect(summary.getByRole("link")).toHaveCount(2);
  await expect(page.locator("#campo-cpf-erro")).toHaveText("CPF inválido: confira os dígitos.");
  await expect(page.locator("#campo-password-erro")).toContainText("Senha fácil de adivinhar");
  await expect(page.getByLabel("CPF")).toHaveAttribute("aria-invalid", "true");
  await cpfLink.click();
  await expect(page.getByLabel("CPF")).toBeFocused();
  // Nothing typed is lost; the limits come from the schema.
  await expect(page.getByLabel("Nome completo")).toHaveValue("Rafael dos Santos");
  await expect(page.getByLabel("CPF")).toHaveValue("123.456.789-00");
  await expect(page.getByLabel("Nome completo")).toHaveAttribute("maxlength", "120");
  await expectAccessible(page);

  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByLabel("Repita a senha").fill(password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  // The same answer whether or not the CPF or the e-mail had an account (issue #35): no session yet.
  await expect(page.getByRole("heading", { name: "Confira seu e-mail" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(email);
  await expectAccessible(page);

  // Before the e-mail is confirmed the password does not sign in (the wrong password's answer).
  await page.goto("/entrar");
  await page.getByLabel("CPF ou e-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toHaveText("CPF/e-mail ou senha incorretos.");

  // The refused sign-in mailed a new confirmation link (the first stops working): once it is in
  // the outbox, the newest link confirms, and then the password signs in.
  await expect(async () => {
    await page.goto("/dev/caixa-de-saida");
    await expect(
      page
        .locator("article")
        .filter({ hasText: email })
        .filter({ has: page.locator('a[href*="/email/confirmar/"]') }),
    ).toHaveCount(2);
  }).toPass({ timeout: 20_000 });
  await confirmAndSignIn(page, email, password);
  await expect(page.getByRole("heading", { name: "Olá, Rafael" })).toBeVisible();
  await expectAccessible(page);

  await signOut(page);
  await signIn(page, cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, "$1.$2.$3-$4"), password);
  await signOut(page);

  // A wrong password gets the same message as an unknown account.
  await page.goto("/entrar");
  await page.getByLabel("CPF ou e-mail").fill(email);
  await page.getByLabel("Senha").fill("nao-e-esta");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toHaveText("CPF/e-mail ou senha incorretos.");

  await page.getByRole("link", { name: "Esqueci minha senha" }).click();
  await expect(page.getByRole("heading", { name: "Esqueci minha senha" })).toBeVisible();
  await page.getByLabel("CPF ou e-mail").fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  await expect(page.getByText(/enviamos um link para redefinir a senha/)).toBeVisible();

  // The link is written just after the answer (issue #35): wait for it in the outbox.
  let resetPath = "";
  await expect(async () => {
    resetPath = await linkFromOutbox(page, email, "/senha/redefinir/");
  }).toPass({ timeout: 20_000 });
  await page.goto(resetPath);
  const newPassword = "outra frase comprida para a senha";
  await page.getByLabel("Nova senha", { exact: true }).fill(newPassword);
  await page.getByLabel("Repita a nova senha").fill(newPassword);
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senha redefinida. Entre com a nova senha.")).toBeVisible();
  await signIn(page, email, newPassword);

  // The link works once.
  await page.goto(resetPath);
  await expect(page.getByRole("heading", { name: "Link expirado ou já usado" })).toBeVisible();
});

test("a sign-up with a CPF or an e-mail that has an account gets the same answer, and that account is told", async ({
  page,
}) => {
  await page.goto("/cadastro");
  await page.getByLabel("CPF").fill(cpfFrom("300000001")); // the demo driver João
  await page.getByLabel("Nome completo").fill("Outra Pessoa");
  await page.getByLabel("E-mail").fill("condutora.maria@credencia.demo");
  await page.getByLabel("Senha", { exact: true }).fill("uma frase longa qualquer aqui");
  await page.getByLabel("Repita a senha").fill("uma frase longa qualquer aqui");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { name: "Confira seu e-mail" })).toBeVisible();
  await expect(page.locator(".erro, [aria-invalid=true]")).toHaveCount(0);
  // João's and Maria's addresses are told that someone tried; nothing was created.
  await expect(async () => {
    await page.goto("/dev/caixa-de-saida");
    await expect(
      page.locator("article").filter({ hasText: "Tentativa de cadastro com os seus dados" }).filter({
        hasText: "condutora.maria@credencia.demo",
      }),
    ).not.toHaveCount(0);
  }).toPass({ timeout: 20_000 });
});

test("a cross-site POST without the CSRF token is refused and changes nothing", async ({ page, baseURL }) => {
  const response = await page.request.post(`${baseURL}/cadastro`, {
    form: { cpf: newCpf(), name: "Ataque Externo", email: "ataque@exemplo.com.br", password: "x", confirm: "x" },
    headers: { Origin: "https://site-malicioso.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toMatch(/outro site/);
  expect((await page.request.get(`${baseURL}/entrar`)).status()).toBe(200);
});
