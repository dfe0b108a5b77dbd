// Journey: a passenger checks a badge — by the QR's link, by the typed code — and reports a
// problem, all on static pages without JavaScript; the municipality's staff see the report.
import { expect, test } from "@playwright/test";
import { createCredential, setCredentialStatus } from "./fixtures/run";
import { expectAccessible, signIn } from "./support";

test.describe("public verification", () => {
  test("the QR's page says VÁLIDO, then SUSPENSO once the credential is suspended, with no scripts", async ({
    page,
  }) => {
    const c = createCredential("lavras");
    const response = await page.goto(`/v/${c.token}`);
    const html = await response!.text();
    expect(html).not.toContain("<script");
    expect(Buffer.byteLength(html)).toBeLessThan(20_000);
    await expect(page.getByRole("status")).toContainText("VÁLIDO");
    const card = page.getByRole("region", { name: "Dados da credencial" });
    await expect(card).toContainText("Rosa Helena Prado");
    await expect(card).toContainText(c.plate);
    await expect(card).toContainText(c.serial);
    await expectAccessible(page);

    setCredentialStatus(c.serial, "SUSPENDED");
    await page.goto(`/v/${c.token}`);
    await expect(page.getByRole("status")).toContainText("SUSPENSO");
    await expectAccessible(page);
  });

  test("a tampered token says NÃO RECONHECIDO and shows no name", async ({ page }) => {
    const c = createCredential("lavras");
    const [header, payload, signature] = c.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, n: "Outra Pessoa" })).toString("base64url")}.${signature}`;
    const response = await page.goto(`/v/${forged}`);
    expect(await response!.text()).not.toContain("<script");
    await expect(page.getByRole("status")).toContainText("NÃO RECONHECIDO");
    await expect(page.getByText("Outra Pessoa")).toHaveCount(0);
    await expect(page.getByText("Rosa Helena Prado")).toHaveCount(0);
    await expect(page.getByText(c.plate)).toHaveCount(0);
    await expectAccessible(page);
  });

  test("the typed code gives the verdict without the photo, and the JSON API agrees", async ({ page, request }) => {
    const c = createCredential("jardim");
    await page.goto("/verificar");
    // Typed as a passenger would: lower case, spaces for dashes (issue #12).
    await page.getByLabel("Código da credencial").fill(c.code.toLowerCase().replace(/-/g, " "));
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByRole("status")).toContainText("VÁLIDO");
    await expect(page.getByText("a foto só aparece lendo o QR code")).toBeVisible();
    const api = await request.get(`/api/v1/verify/${c.token}`);
    expect(await api.json()).toMatchObject({
      verdict: "VALID",
      credential: { serial: c.serial, holderName: "Rosa Helena Prado" },
    });

    // Without its check part the code is incomplete — never "não embarque".
    await page.goto(`/v?codigo=${encodeURIComponent(c.serial)}`);
    await expect(page.getByRole("status")).toContainText("CÓDIGO INCOMPLETO");
    await expect(page.getByText("Não embarque")).toHaveCount(0);
    await expect(page.getByText("Rosa Helena Prado")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("the status list is public, signed and cacheable; an unknown municipality is a 404 error", async ({
    request,
  }) => {
    const list = await request.get("/api/v1/status-list/3138203");
    expect(list.status()).toBe(200);
    expect(list.headers()["access-control-allow-origin"]).toBe("*");
    expect(list.headers()["cache-control"]).toBe("public, max-age=60");
    const [header] = (await list.text()).split(".");
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({
      alg: "ES256",
      typ: "statuslist+jws",
    });
    const missing = await request.get("/api/v1/status-list/9999999");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "unknown_municipality" } });
  });
});

test("the report form is accessible and has no scripts", async ({ page }) => {
  const c = createCredential("patrocinio");
  const response = await page.goto(`/v/relato?codigo=${c.serial}`);
  expect(await response!.text()).not.toContain("<script");
  await expectAccessible(page);
});

// axe needs JavaScript in the page, so these pages are checked above with it on.
test.describe("passenger report, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a passenger reports a problem from the verification page and the municipality's staff see it", async ({
    page,
  }) => {
    const c = createCredential("patrocinio");
    await page.goto(`/v/${c.token}`);
    await page.getByRole("link", { name: "Relatar um problema com este condutor" }).click();
    await expect(page).toHaveURL(new RegExp(`/v/relato\\?codigo=${c.serial}`));
    await expect(page.getByRole("heading", { name: "Relatar um problema" })).toBeVisible();
    await page.getByRole("button", { name: "Enviar relato" }).click(); // nothing chosen yet
    await expect(page.getByText("Escolha o que aconteceu.")).toBeVisible();
    await page.getByLabel("O condutor não era a pessoa da foto").check();
    await page.getByLabel(/Conte o que aconteceu/).fill("O rosto era de outra pessoa, e a moto tinha outra placa.");
    await page.getByLabel("Seu telefone ou e-mail (opcional)").fill("passageira@example.com");
    await page.getByRole("button", { name: "Enviar relato" }).click();
    await expect(page.getByRole("heading", { name: "Relato recebido" })).toBeVisible();
  });

  test("a report reaches the staff of the credential's municipality, not another's", async ({ browser, baseURL }) => {
    const c = createCredential("patrocinio");
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const passenger = await context.newPage();
    await passenger.goto(`/v/relato?codigo=${c.serial}`);
    await passenger.getByLabel("Cobrança abusiva").check();
    await passenger.getByRole("button", { name: "Enviar relato" }).click();
    await expect(passenger.getByRole("heading", { name: "Relato recebido" })).toBeVisible();
    await context.close();

    const staff = await browser.newContext({ baseURL, locale: "pt-BR", javaScriptEnabled: true });
    const page = await staff.newPage();
    await signIn(page, "analista.patrocinio@credencia.demo");
    await page.getByRole("link", { name: "Relatos de passageiros" }).click();
    await expect(page).toHaveURL(/\/m\/patrocinio\/relatos/);
    const row = page.getByRole("row").filter({ hasText: c.serial });
    await expect(row).toContainText("Cobrança abusiva");
    await expect(row).toContainText("Rosa Helena Prado");
    await expectAccessible(page);
    const other = await page.goto("/m/lavras/relatos");
    expect(other!.status()).toBe(403);
    await staff.close();
  });
});
