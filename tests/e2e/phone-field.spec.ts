// Journeys on a cheap phone (issue #16), the passenger's and the fiscal's: the camera button on
// /verificar, verdicts that wrap at 320 px and take focus, the fiscal landing on the scanner with
// the camera first, a typed code offline answered by a verdict banner, the infraction found by
// typing, the place from the GPS, and the autos listed as cards.
import { expect, test } from "@playwright/test";
import { expectAccessible, signIn } from "./support";
import { expectFocusOn, expectNoSidewaysScroll, PHONE, phoneUse } from "./phone";
import { createCredential, type CreatedCredential } from "./fixtures/run";
import { browserFilmingQr } from "./fixtures/qr-video";

test.use(phoneUse);

const FISCAL = "fiscal.patrocinio@credencia.demo";

let lavras: CreatedCredential;
let patrocinio: CreatedCredential;
test.beforeAll(() => {
  lavras = createCredential("lavras");
  patrocinio = createCredential("patrocinio");
});

const forged = (token: string) => {
  const [h, p, s] = token.split(".");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString());
  return `${h}.${Buffer.from(JSON.stringify({ ...claims, n: "Outra Pessoa" })).toString("base64url")}.${s}`;
};

test.describe("the passenger", () => {
  test("finds the camera button on /verificar, types a code and gets the verdict, focused", async ({ page }) => {
    await page.goto("/verificar");
    await expect(page.getByRole("button", { name: "Ler QR com a câmera" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await page.getByLabel("Código da credencial").fill(lavras.code.toLowerCase());
    await page.getByRole("button", { name: "Verificar", exact: true }).click();
    const verdict = page.getByRole("status");
    await expect(verdict).toContainText("VÁLIDO");
    await expectFocusOn(verdict);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test("every verdict wraps at 320 px: NÃO RECONHECIDO, VÁLIDO, SUSPENSO, CÓDIGO INCOMPLETO", async ({ page }) => {
    const suspended = createCredential("lavras", "SUSPENDED");
    for (const [url, text] of [
      [`/v/${forged(lavras.token)}`, "NÃO RECONHECIDO"],
      [`/v/${lavras.token}`, "VÁLIDO"],
      [`/v/${suspended.token}`, "SUSPENSO"],
      [`/v?codigo=${encodeURIComponent(lavras.serial)}`, "CÓDIGO INCOMPLETO"],
    ]) {
      await page.goto(url);
      const verdict = page.getByRole("status");
      await expect(verdict, url).toContainText(text);
      await expectFocusOn(verdict);
      await expectNoSidewaysScroll(page);
    }
    await expectAccessible(page);
  });

  test("the camera opens a QR of this portal and refuses any other", async ({ baseURL }) => {
    for (const [name, text] of [
      ["portal", `${baseURL}/v/${lavras.token}`],
      ["outro", `https://verificacao-falsa.example/v/${lavras.token}`],
    ]) {
      const browser = await browserFilmingQr(`passageiro-${name}`, text);
      try {
        const context = await browser.newContext({ baseURL, locale: "pt-BR", permissions: ["camera"], ...phoneUse });
        const page = await context.newPage();
        await page.goto("/verificar");
        await page.getByRole("button", { name: "Ler QR com a câmera" }).click();
        if (name === "portal") {
          await expect(page).toHaveURL(new RegExp(`/v/${lavras.token}$`), { timeout: 20_000 });
          await expect(page.getByRole("status")).toContainText("VÁLIDO");
        } else {
          await expect(page.getByRole("alert")).toContainText("não é de uma credencial deste portal", {
            timeout: 20_000,
          });
          await expect(page).toHaveURL(/\/verificar$/);
        }
      } finally {
        await browser.close();
      }
    }
  });
});

test.describe("the fiscal", () => {
  test("lands on the scanner, works offline, finds the infraction by typing and lists the autos as cards", async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, FISCAL); // asserts the landing on /fiscal
    const start = page.getByRole("button", { name: "Ler QR code com a câmera" });
    await expect(start).toBeVisible();
    const box = (await start.boundingBox())!;
    expect(box.y + box.height, "the camera starts within the first screen").toBeLessThanOrEqual(PHONE.height);
    // Headless Chromium has no camera: the scanner says so, and no torch is offered.
    await start.click();
    await expect(page.getByRole("alert")).toContainText(/câmera/);
    await expect(page.getByRole("button", { name: "Lanterna" })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // Online, a typed code opens the fiscal view with the verdict focused.
    await page.getByLabel("Código impresso ou link do QR code").fill(patrocinio.serial);
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page).toHaveURL(new RegExp(`/fiscal/credencial/${patrocinio.serial}$`));
    await expectFocusOn(page.getByRole("status").filter({ hasText: "VÁLIDO" }));
    await expectNoSidewaysScroll(page);

    await page.goto("/fiscal");
    await expect(page.getByText("Pronto para uso sem conexão")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Lista de situação de/)).toBeVisible();
    await context.setOffline(true);
    await page.reload(); // served by the service worker
    await expect(page.getByText("Sem conexão", { exact: true })).toBeVisible();

    // Offline, a typed code gets a verdict banner (not a sentence), focused and on screen.
    await page.getByLabel("Código impresso ou link do QR code").fill(patrocinio.code);
    await page.getByRole("button", { name: "Consultar" }).click();
    const typed = page.getByRole("status").filter({ hasText: "NÃO CONFIRMADO" });
    await expect(typed).toContainText("VERIFICAÇÃO OFFLINE");
    await expect(typed).toContainText("não consta entre as suspensas e cassadas");
    await expectFocusOn(typed);
    await expectNoSidewaysScroll(page);

    // Offline, the QR's link: verified on the phone, focused, then the auto.
    await page.getByLabel("Código impresso ou link do QR code").fill(`${baseURL}/v/${patrocinio.token}`);
    await page.getByRole("button", { name: "Consultar" }).click();
    const valid = page.getByRole("status").filter({ hasText: "VÁLIDO" });
    await expect(valid).toContainText("VERIFICAÇÃO OFFLINE");
    await expectFocusOn(valid);

    await page.getByLabel("Buscar infração").fill("capacete");
    const equipment = page.getByRole("radio", {
      name: "Art. 31, Grupo 2, I — Não manter nos veículos os equipamentos exigidos (média)",
    });
    await expect(equipment).toBeVisible();
    await expect(page.getByRole("radio", { name: /Sonegar troco/ })).toHaveCount(0);
    await expect(page.getByText("2 infrações encontradas.")).toBeVisible();
    await equipment.check();
    await page.getByLabel("Local").fill("Av. Faria Pereira, 500");
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: -18.9438123, longitude: -46.9925871, accuracy: 12 });
    await page.getByRole("button", { name: "Usar minha localização" }).click();
    await expect(page.getByLabel("Local")).toHaveValue("Av. Faria Pereira, 500 — GPS -18.943812, -46.992587 (±12 m)");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Registrar auto" }).click();
    await expect(page.getByText("o auto foi guardado neste aparelho")).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(/Auto de infração nº AI-[A-Z]+-\d{4}-\d{6} registrado\./)).toBeVisible({
      timeout: 20_000,
    });

    await page.goto("/fiscal/autos");
    const card = page.getByRole("listitem").filter({ hasText: patrocinio.serial }).first();
    await expect(card).toContainText("Art. 31, Grupo 2, I — Não manter nos veículos os equipamentos exigidos (média)");
    await expect(card).toContainText("GPS -18.943812, -46.992587 (±12 m)");
    await expect(page.getByText(/ART31_G2_I|classe MEDIA/)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
