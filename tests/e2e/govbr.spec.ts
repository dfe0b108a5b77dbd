// "Entrar com gov.br" (issue #18, ADR 038) in Chromium against a local OpenID provider
// (tests/e2e/govbr-provider.ts, on loopback) whose accounts' subject is a CPF. The forged-token
// cases (another key, wrong iss/aud, expired, nonce mismatch) and a provider that is down or
// slow are integration tests against a fake provider: tests/unit/utils/oidc.test.ts.
import { expect, type Page, test } from "@playwright/test";
import { E2E_PORT, e2ePorts } from "./database-url";
import { fixture } from "./fixtures/run";
import { GOVBR_E2E_ISSUER } from "./govbr-env";
import { type ProviderAccount, startGovbrProvider } from "./govbr-provider";
import { confirmAndSignIn, cpfFrom, DEMO_PASSWORD, expectAccessible, newCpf, signIn, signOut } from "./support";

let provider: Awaited<ReturnType<typeof startGovbrProvider>>;

test.beforeAll(async () => {
  provider = await startGovbrProvider(e2ePorts());
});
test.afterAll(async () => {
  await provider?.close();
});

const formatted = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, "$1.$2.$3-$4");

/** On the provider's sign-in page: signs in as the CPF and consents; the browser returns to the portal. */
async function atProvider(page: Page, cpf: string) {
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\//);
  await page.locator('input[name="login"]').fill(cpf);
  await page.locator('input[name="password"]').fill("qualquer");
  await page.locator('button[type="submit"]').click();
  // oidc-provider's development consent page, when it asks.
  const consent = page.getByRole("button", { name: "Continue" });
  if (await consent.isVisible().catch(() => false)) await consent.click();
  // Past the callback, which answers with a redirect to where the person was going.
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/(?!entrar\/govbr\/retorno\?code=)/);
}

function account(cpf: string, name: string, level: ProviderAccount["level"] = "bronze") {
  provider.accounts.set(cpf, { name, email: `govbr.${cpf}@exemplo.com.br`, level });
}

test("a new driver signs in with gov.br, lands on the home with the CPF confirmed, and signs out of both", async ({
  page,
}) => {
  const cpf = newCpf();
  account(cpf, "Joana Prado");
  await page.goto("/entrar");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, cpf);

  await expect(page).toHaveURL(/\/painel$/);
  await expect(page.getByRole("heading", { name: "Olá, Joana" })).toBeVisible();
  await page.goto("/conta");
  await expect(page.getByText(`${formatted(cpf)} — confirmado pelo gov.br em`)).toBeVisible();
  await expect(page.getByText("Com gov.br, conta nível Bronze")).toBeVisible();
  await expect(page.getByText(`govbr.${cpf}@exemplo.com.br (confirmado)`)).toBeVisible();

  // Sign-out ends the portal session, then the provider's (its end-session page asks to confirm),
  // with the ID token kept server-side as id_token_hint (ADR 044) and the way back to the portal.
  const endSession = page.waitForRequest((r) => /\/session\/end\?/.test(r.url()));
  await page.getByRole("button", { name: "Sair" }).click();
  const hint = new URL((await endSession).url()).searchParams;
  expect(hint.get("id_token_hint")).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(hint.get("post_logout_redirect_uri")).toMatch(/^http:\/\/localhost:\d+\/$/);
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/session\/end/);
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await page.goto("/conta");
  await expect(page).toHaveURL(/\/entrar\?voltar=%2Fconta/);
});

test("leaving gov.br ends the portal session through the back-channel logout", async ({ page }) => {
  test.skip(
    E2E_PORT !== e2ePorts()[0],
    "the provider has one back-channel address, the first server's; another worker's server never hears it",
  );
  const cpf = newCpf();
  account(cpf, "Lia Campos");
  await page.goto("/entrar");
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, cpf);
  await expect(page).toHaveURL(/\/painel$/);

  // The person leaves gov.br elsewhere (here: the provider's own end-session page, no portal involved).
  await page.goto(`${GOVBR_E2E_ISSUER}/session/end`);
  const before = provider.backchannel.length;
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await expect(page).toHaveURL(new RegExp(`^${GOVBR_E2E_ISSUER}/session/end/success`));
  // The provider told the portal, which accepted the logout token.
  expect(provider.backchannel.slice(before)).toEqual(["ok"]);
  await page.goto("/conta");
  await expect(page).toHaveURL(/\/entrar\?voltar=%2Fconta/);
});

test("an existing driver links gov.br only after proving the portal password", async ({ page }) => {
  const cpf = newCpf();
  const password = "minha moto azul de entregas";
  await page.goto("/cadastro");
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill("Rafael Lima");
  await page.getByLabel("E-mail").fill(`rafael.${cpf}@exemplo.com.br`);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByLabel("Repita a senha").fill(password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { name: "Confira seu e-mail" })).toBeVisible();
  await confirmAndSignIn(page, `rafael.${cpf}@exemplo.com.br`, password);
  await signOut(page);

  account(cpf, "Rafael Lima");
  await page.goto("/entrar");
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, cpf);
  await expect(page).toHaveURL(/\/entrar\/govbr\/vincular$/);
  await expect(page.getByRole("heading", { name: "Vincular sua conta gov.br" })).toBeVisible();
  await expectAccessible(page);

  // A wrong password links nothing and signs nobody in.
  await page.getByLabel("Senha do portal").fill("nao-e-esta-senha");
  await page.getByRole("button", { name: "Vincular e entrar" }).click();
  await expect(page.getByRole("alert")).toContainText("Senha incorreta. Nada foi vinculado.");
  const before = await page.request.get("/conta", { maxRedirects: 0 });
  expect(before.status()).toBe(302);

  await page.getByLabel("Senha do portal").fill(password);
  await page.getByRole("button", { name: "Vincular e entrar" }).click();
  await expect(page).toHaveURL(/\/painel/);
  await page.goto("/conta");
  await expect(page.getByText(`${formatted(cpf)} — confirmado pelo gov.br em`)).toBeVisible();
  await expect(page.getByText(`rafael.${cpf}@exemplo.com.br`)).toBeVisible();
});

// Issue #35 finding 6 (ADR 054): someone signed up with her CPF first. gov.br proves it hers.
test("a holder whose CPF someone else took opens her own account with gov.br, seeing nothing of theirs", async ({
  page,
}) => {
  const cpf = newCpf();
  const password = "senha do impostor que ela nao sabe";
  await page.goto("/cadastro");
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill("Impostor Aproveitador");
  await page.getByLabel("E-mail").fill(`impostor.${cpf}@exemplo.com.br`);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByLabel("Repita a senha").fill(password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { name: "Confira seu e-mail" })).toBeVisible();
  await page.context().clearCookies();

  account(cpf, "Helena Titular");
  await page.goto("/entrar");
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, cpf);
  await expect(page).toHaveURL(/\/entrar\/govbr\/vincular$/);
  await expect(page.getByRole("heading", { name: "Vincular sua conta gov.br" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText("Impostor");
  await expect(page.locator("body")).not.toContainText("•••");
  await expectAccessible(page);

  await page.getByRole("button", { name: "Não criei essa conta: abrir a minha" }).click();
  await expect(page).toHaveURL(/\/painel/);
  await expect(page.getByRole("heading", { name: "Olá, Helena" })).toBeVisible();
  await page.goto("/conta");
  await expect(page.getByText(`${formatted(cpf)} — confirmado pelo gov.br em`)).toBeVisible();
  await expect(page.getByText(`govbr.${cpf}@exemplo.com.br (confirmado)`)).toBeVisible();

  // The other account lost the CPF and is frozen: its password opens nothing.
  await page.context().clearCookies();
  await page.goto("/entrar");
  await page.getByLabel("CPF ou e-mail").fill(`impostor.${cpf}@exemplo.com.br`);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/entrar/);
});

test("a gestor whose municipality requires prata is stopped at bronze and allowed at prata", async ({ page }) => {
  // Four trips through the provider and three policy changes: more than one test's usual time.
  test.slow();
  const credential = fixture<{ id: string }>("create", "itauna");
  // The seed's staff CPFs: 2000000NN from 10, three per municipality, Itaúna first (gestora: 10).
  const gestorCpf = cpfFrom("200000010");
  account(gestorCpf, "Gestora de Itaúna", "bronze");
  const staffLevel = async (level: string) => {
    await page.getByLabel("Nível mínimo para a equipe aprovar, suspender ou cassar").selectOption(level);
    await page.getByRole("button", { name: "Salvar" }).click();
  };

  // Signed in with a password, she cannot set a level she does not have herself (ADR 053).
  await signIn(page, "gestor.itauna@credencia.demo");
  await page.goto("/m/itauna/govbr");
  await expectAccessible(page);
  await staffLevel("prata");
  await expect(page).toHaveURL(/\/entrar\/govbr\/nivel\?exigido=prata/);
  await expect(page.getByRole("status")).toContainText("exige conta gov.br nível Prata");
  await expectAccessible(page);

  // gov.br at bronze (first time: the account is linked with its password): still stopped.
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, gestorCpf);
  await page.getByLabel("Senha do portal").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Vincular e entrar" }).click();
  await expect(page).toHaveURL(/\/entrar\/govbr\/nivel\?.*obtido=bronze/);
  await expect(page.getByRole("alert")).toContainText("Sua conta gov.br está no nível Bronze");

  // The gestora raises her gov.br account to prata and signs in again: back on the policy page, she sets it.
  provider.accounts.get(gestorCpf)!.level = "prata";
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, gestorCpf);
  await expect(page).toHaveURL(/\/m\/itauna\/govbr$/);
  await staffLevel("prata");
  await expect(page.getByRole("status")).toContainText("Política do gov.br salva.");

  // Signed in with a password (still allowed): suspending is stopped before anything changes.
  await page.context().clearCookies();
  await signIn(page, "gestor.itauna@credencia.demo");
  const page1 = `/m/itauna/credenciais/${credential.id}`;
  const suspend = async () => {
    await page.getByLabel("Suspensa até (inclusive)").fill("2099-12-31");
    await page.getByLabel("Motivo da suspensão").fill("Documento vencido apresentado na fiscalização.");
    await page.locator("#suspend-citacao").fill("Lei municipal do serviço, art. 20");
    await page.getByRole("button", { name: "Suspender credencial" }).click();
  };
  await page.goto(page1);
  await suspend();
  await expect(page).toHaveURL(/\/entrar\/govbr\/nivel\?exigido=prata/);

  // gov.br at prata: back on the page, allowed.
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, gestorCpf);
  await expect(page).toHaveURL(new RegExp(`${page1}$`));
  await suspend();
  await expect(page).toHaveURL(new RegExp(`${page1}\\?ok=suspend`));
  await expect(page.getByText("Credencial suspensa.")).toBeVisible();

  // Passwords off for the staff: the password no longer signs her in.
  await page.goto("/m/itauna/govbr");
  await page.getByRole("radio", { name: "Sim" }).check();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("status")).toContainText("Política do gov.br salva.");
  await page.context().clearCookies();
  await page.goto("/entrar");
  await page.getByLabel("CPF ou e-mail").fill("gestor.itauna@credencia.demo");
  await page.getByLabel("Senha").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("alert")).toContainText("A prefeitura exige que a equipe entre com gov.br.");
  // gov.br still does; then she turns the rules back off for the other specs.
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await atProvider(page, gestorCpf);
  await page.goto("/m/itauna/govbr");
  await page.getByLabel("Nível mínimo para a equipe aprovar, suspender ou cassar").selectOption("");
  await page.getByRole("radio", { name: "Não" }).check();
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByRole("status")).toContainText("Política do gov.br salva.");
});

test("forged and replayed callbacks are refused: nothing signed in, nothing created", async ({ page }) => {
  const cpf = newCpf();
  account(cpf, "Bruno Costa");

  // A callback this browser never started (no attempt cookie).
  await page.goto("/entrar/govbr/retorno?code=inventado&state=inventado");
  await expect(page.getByRole("alert")).toContainText("expirou ou já foi usada");

  // A started sign-in answered with another state: refused, and the attempt is used up.
  await page.goto("/entrar");
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\//);
  await page.goto("/entrar/govbr/retorno?code=inventado&state=outro-state");
  await expect(page.getByRole("alert")).toContainText("Não foi possível confirmar sua entrada pelo gov.br");

  // The person cancels at the provider.
  await page.goto("/entrar/govbr");
  const state = new URL(page.url()).searchParams.get("state")!;
  await page.goto(`/entrar/govbr/retorno?error=access_denied&state=${state}`);
  await expect(page.getByRole("alert")).toContainText("foi cancelada");

  // A real answer, then the same callback again (its attempt already used): refused.
  let callback = "";
  page.on("request", (r) => {
    if (r.url().includes("/entrar/govbr/retorno?code=")) callback = r.url();
  });
  await page.goto("/entrar/govbr");
  await atProvider(page, cpf);
  await expect(page).toHaveURL(/\/painel$/);
  expect(callback).not.toBe("");
  await page.context().clearCookies();
  await page.goto(callback);
  await expect(page.getByRole("alert")).toContainText("expirou ou já foi usada");
  expect((await page.request.get("/conta", { maxRedirects: 0 })).status()).toBe(302);

  // The used code inside a fresh attempt (its own state): the provider refuses the code again.
  await page.goto("/entrar/govbr");
  const fresh = new URL(page.url()).searchParams.get("state")!;
  const replay = new URL(callback);
  replay.searchParams.set("state", fresh);
  await page.goto(replay.href);
  await expect(page.getByRole("alert")).toContainText("Não foi possível confirmar sua entrada pelo gov.br");
  expect((await page.request.get("/conta", { maxRedirects: 0 })).status()).toBe(302);
});
