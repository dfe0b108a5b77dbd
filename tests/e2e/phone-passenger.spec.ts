// The passenger's journey on a cheap phone (issue #16): /verificar has a camera button (many
// cheap Androids have no QR reader in the camera app); a QR of this portal opens the verdict,
// focused, and any other QR is refused; a code typed without its check part is answered
// "CÓDIGO INCOMPLETO", focused, and typed again. Every verdict wraps at 320 px. Taps and typed
// fields are counted as the passenger spends them, with a ceiling at today's figures.
import { expect, type Page, test } from "@playwright/test";
import { browserFilmingQr } from "./fixtures/qr-video";
import { createCredential, type CreatedCredential } from "./fixtures/run";
import { countEffort, effort, expectFocusOn, expectNoSidewaysScroll, phoneUse } from "./phone";
import { expectAccessible } from "./support";

test.use(phoneUse);

// Measured on this portal (issue #16's journeys); a journey that grows past them fails.
const SCAN_CEILING = { taps: 1, fields: 0 };
const TYPED_CEILING = { taps: 2, fields: 2 };

let lavras: CreatedCredential;
test.beforeAll(() => {
  lavras = createCredential("lavras");
});

const forged = (token: string) => {
  const [h, p, s] = token.split(".");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString());
  return `${h}.${Buffer.from(JSON.stringify({ ...claims, n: "Outra Pessoa" })).toString("base64url")}.${s}`;
};

const shot = (page: Page, name: string) => page.screenshot({ path: `docs/previews/phone-passageiro-${name}.png` });

test("scan: one tap on the camera button opens the verdict of a QR of this portal, focused", async ({ baseURL }) => {
  const browser = await browserFilmingQr("passageiro-jornada", `${baseURL}/v/${lavras.token}`);
  try {
    const context = await browser.newContext({ baseURL, locale: "pt-BR", permissions: ["camera"], ...phoneUse });
    const page = await context.newPage();
    await countEffort(page);
    await page.goto("/verificar");
    const camera = page.getByRole("button", { name: "Ler QR com a câmera" });
    await expect(camera).toBeVisible();
    await expect(camera).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, "verificar");

    await camera.click();
    await expect(page).toHaveURL(new RegExp(`/v/${lavras.token}$`), { timeout: 20_000 });
    const verdict = page.getByRole("status");
    await expect(verdict).toContainText("VÁLIDO");
    await expectFocusOn(verdict);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, "valido");

    const spent = await effort(page);
    console.log(`passenger scan: ${spent.taps} taps, ${spent.fields} typed fields`);
    expect(spent).toEqual(SCAN_CEILING);
  } finally {
    await browser.close();
  }
});

test("typed: a code without its check part is CÓDIGO INCOMPLETO, focused, and typed again it is VÁLIDO", async ({
  page,
}) => {
  await countEffort(page);
  await page.goto("/verificar");
  await page.getByLabel("Código da credencial").fill(lavras.serial.toLowerCase());
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  const incomplete = page.getByRole("status");
  await expect(incomplete).toContainText("CÓDIGO INCOMPLETO");
  await expectFocusOn(incomplete);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "incompleto");

  await page.getByLabel("Código da credencial").fill(lavras.code);
  await page.getByRole("button", { name: "Verificar de novo" }).click();
  const valid = page.getByRole("status");
  await expect(valid).toContainText("VÁLIDO");
  await expectFocusOn(valid);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const spent = await effort(page);
  console.log(`passenger typed code (one mistake): ${spent.taps} taps, ${spent.fields} typed fields`);
  expect(spent.taps).toBeLessThanOrEqual(TYPED_CEILING.taps);
  expect(spent.fields).toBeLessThanOrEqual(TYPED_CEILING.fields);
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

test("the camera refuses a QR that is not of this portal, and says why", async ({ baseURL }) => {
  const browser = await browserFilmingQr("passageiro-outro", `https://verificacao-falsa.example/v/${lavras.token}`);
  try {
    const context = await browser.newContext({ baseURL, locale: "pt-BR", permissions: ["camera"], ...phoneUse });
    const page = await context.newPage();
    await page.goto("/verificar");
    await page.getByRole("button", { name: "Ler QR com a câmera" }).click();
    const refused = page.getByRole("alert");
    await expect(refused).toContainText("não é de uma credencial deste portal", { timeout: 20_000 });
    await expect(page).toHaveURL(/\/verificar\?lido=/);
    await expectFocusOn(refused);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  } finally {
    await browser.close();
  }
});

test("/verificar is the same page for everyone, cached publicly, and loads no framework", async ({ page, request }) => {
  const response = await request.get("/verificar");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=300");
  expect(response.headers()["set-cookie"]).toBeUndefined();
  const html = await response.text();
  expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(["/verificar/camera.js"]);
  expect(html).not.toContain("/build/");
  const jsqr = await request.get("/verificar/jsqr.js");
  expect(jsqr.headers()["cache-control"]).toBe("public, max-age=86400");
  expect(jsqr.headers()["content-type"]).toMatch(/^text\/javascript/);
  // A QR read that is not of this portal is answered for that visitor only.
  const refused = await request.get(`/verificar?lido=${encodeURIComponent("https://falso.example/v/a.b.c")}`);
  expect(refused.headers()["cache-control"]).toBe("no-store");
  await page.goto("/verificar");
  await expect(page.getByRole("button", { name: "Ler QR com a câmera" })).toBeVisible();
});
