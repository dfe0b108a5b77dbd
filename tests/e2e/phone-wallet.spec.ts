import { type Locator, type Page, test } from "@playwright/test";
import jsQR from "jsqr";
import sharp from "sharp";
import { expect } from "./journey-steps";
import { countEffort, effort, expectNoSidewaysScroll, phoneUse } from "./phone";
import { expectAccessible, signIn, signOut } from "./support";

// "Meu crachá" on a cheap phone (issue #16, ADR 028): the holder opens the card from the
// credentials list, shows the QR from the screen — it decodes to the signed token's verification
// page, which says VÁLIDO — and opens it again with no signal, also from the home page (issue #34).
// Nobody else sees it.

test.use(phoneUse);

const HOLDER = "condutor.lukasz@credencia.demo";
const OTHER = "condutor.joao@credencia.demo";

/** What a camera reads from the QR as the screen shows it (a screenshot of the element, decoded by jsQR). */
async function readQrOnScreen(qr: Locator): Promise<string | null> {
  const png = await qr.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return (
    jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data ?? null
  );
}

/** The photo shown is a real image (decoded by the browser), not a broken one. */
async function expectPhotoShown(page: Page) {
  const photo = page.getByRole("img", { name: /^Foto de / });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

test("the holder opens Meu crachá, the QR on screen opens VÁLIDO, and the card opens again offline", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await countEffort(page);
  await signIn(page, HOLDER);
  await page.goto("/credenciais");
  const batch = page.getByRole("region", { name: /^Motoboy — Patrocínio \(MG\)$/ });
  await expect(
    batch.getByText(/imprima em tamanho real \(100\s%\), sem “Ajustar à página”; depois recorte na linha/),
  ).toBeVisible();
  await expect(batch.getByRole("link", { name: "Baixar crachá (PDF)" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const before = await effort(page);
  await batch.getByRole("link", { name: "Abrir no celular" }).click();
  await expect(page.getByRole("heading", { name: "Meu crachá", level: 1 })).toBeVisible();
  expect((await effort(page)).taps - before.taps).toBe(1);
  const wallet = new URL(page.url()).pathname;
  expect(wallet).toMatch(/^\/credenciais\/[^/]+\/carteira$/);

  const card = page.getByRole("region", { name: /VÁLIDO/ });
  await expect(card).toContainText("Łukasz");
  await expect(card).toContainText("Motoboy");
  await expect(card).toContainText("Patrocínio (MG)");
  await expectPhotoShown(page);
  await expect(page.getByText(/^Atualizado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByText(/Aumente o brilho da tela/)).toBeVisible();

  // The QR fills the width of a 360 px screen: big enough to read from the phone itself.
  const qr = page.getByRole("img", { name: /^QR code para conferir a credencial / });
  const box = (await qr.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(280);
  const text = await readQrOnScreen(qr);
  expect(text, "QR lido da tela").toMatch(/\/v\/[\w-]+\.[\w-]+\.[\w-]+$/);
  const verification = new URL(text!).pathname;

  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The page and the photo are personal data: never kept by the browser's HTTP cache.
  for (const path of [wallet, `${wallet}/foto`]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["cache-control"], path).toBe("private, no-store");
  }

  // A passenger (no account) scans it.
  const passenger = await browser.newContext({ baseURL });
  const scan = await passenger.newPage();
  await scan.goto(verification);
  await expect(scan.getByText("VÁLIDO", { exact: true })).toBeVisible();
  await passenger.close();

  // No signal: the copy kept on the phone opens, card, photo and the same QR.
  await expect(page.getByText("Pronto para abrir sem conexão neste celular.")).toBeVisible({ timeout: 20_000 });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Sem conexão: esta é a cópia guardada neste celular/)).toBeVisible();
  await expect(page.getByRole("region", { name: /VÁLIDO/ })).toContainText("Łukasz");
  await expectPhotoShown(page);
  await expect(page.getByText(/a situação da última atualização, que pode estar desatualizada/)).toBeVisible();
  expect(await readQrOnScreen(page.getByRole("img", { name: /^QR code para conferir a credencial / }))).toBe(text);
  await context.setOffline(false);

  // From home, the badge is one tap away (issue #34, item 4)…
  await page.goto("/painel");
  const fromHome = await effort(page);
  await page
    .getByRole("region", { name: "Meu crachá" })
    .getByRole("link", { name: /^Abrir (meu crachá|: Crachá — Motoboy)/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Meu crachá", level: 1 })).toBeVisible();
  expect((await effort(page)).taps - fromHome.taps).toBe(1);
  // Opened from home, it is kept for use with no signal as when opened from the list.
  await expect(page.getByText("Pronto para abrir sem conexão neste celular.")).toBeVisible({ timeout: 20_000 });
  // …and with no signal the home leads to the copy kept on the phone, not to the browser's error.
  await page.goto("/painel");
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration("/painel"))?.active)))
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Sem conexão", level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.goto("/credenciais").catch(() => null);
  await expect(page.getByRole("heading", { name: "Sem conexão", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Abrir Crachá — Motoboy, Patrocínio (MG)" }).click();
  await expect(page.getByText(/^Sem conexão: esta é a cópia guardada neste celular/)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(wallet);
  await context.setOffline(false);
});

test("another user gets not found for the card and its photo", async ({ page, browser, baseURL }) => {
  await signIn(page, HOLDER);
  await page.goto("/credenciais");
  await page.getByRole("link", { name: "Abrir no celular" }).first().click();
  await expect(page.getByRole("heading", { name: "Meu crachá", level: 1 })).toBeVisible();
  const wallet = new URL(page.url()).pathname;

  const other = await browser.newContext({ ...phoneUse, baseURL });
  const intruder = await other.newPage();
  await signIn(intruder, OTHER);
  const response = await intruder.goto(wallet);
  expect(response!.status()).toBe(404);
  await expect(intruder.getByText("Łukasz")).toHaveCount(0);
  expect((await intruder.request.get(`${wallet}/foto`)).status()).toBe(404);
  await other.close();
});

test("signing out deletes the copy of Meu crachá kept on the phone, and leaves the fiscal's unsent autos", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page, HOLDER);
  await page.goto("/credenciais");
  await page.getByRole("link", { name: "Abrir no celular" }).first().click();
  await expect(page.getByRole("heading", { name: "Meu crachá", level: 1 })).toBeVisible();
  const wallet = new URL(page.url()).pathname;
  await expect(page.getByText("Pronto para abrir sem conexão neste celular.")).toBeVisible({ timeout: 20_000 });

  const kept = () =>
    page.evaluate(async () => ({
      caches: (await caches.keys()).filter((n) => n.startsWith("credencia-carteira-")).length,
      workers: (await navigator.serviceWorker.getRegistrations()).filter((r) => r.scope.includes("/carteira")).length,
    }));
  expect(await kept()).toEqual({ caches: 1, workers: 1 });
  // What a fiscal's phone keeps of an auto written with no signal (auto-queue.ts): it must survive.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open("credencia-fiscal", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("autos", { keyPath: "clientRef" });
        open.onsuccess = () => {
          const tx = open.result.transaction("autos", "readwrite");
          tx.objectStore("autos").put({ clientRef: "auto-nao-enviado" });
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);
  expect(await kept()).toEqual({ caches: 0, workers: 0 });
  const unsent = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("credencia-fiscal", 1);
        open.onsuccess = () => {
          const count = open.result.transaction("autos").objectStore("autos").count();
          count.onsuccess = () => (open.result.close(), resolve(count.result));
          count.onerror = () => reject(count.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(unsent).toBe(1);

  // No signal: the card no longer opens on this phone.
  await context.setOffline(true);
  const offline = await page.goto(wallet).catch(() => null);
  expect(offline?.status() ?? 0).not.toBe(200);
  await expect(page.getByText("Łukasz")).toHaveCount(0);
  await context.setOffline(false);
});
