// The driver's documents step on a cheap phone (issue #16), Patrocínio's 17 documents: a compact
// checklist (n de m, one document open at a time), an RG sent as two photos that becomes ONE PDF,
// a 3.4 MB phone photo shrunk in the browser before it is sent, the 3×4 photo framed to 3:4 with
// guidance, and the same form without JavaScript. Everything is done and checked through the page.
import { type Page, type Request, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import {
  answer,
  type Driver,
  expect,
  motorcycleAnswers,
  personalAnswers,
  signIn,
  signUp,
  startApplication,
} from "./journey-steps";
import { countEffort, effort, expectFocusOn, expectNoSidewaysScroll, phoneUse } from "./phone";
import { expectAccessible } from "./support";

test.use(phoneUse);
test.describe.configure({ mode: "serial" });

const MiB = 1024 * 1024;
const RG = "Documento de identidade (RG)";
const CNH = "Carteira Nacional de Habilitação (categoria A)";
const FOTO = "Duas fotos 3x4 coloridas e recentes";

const row = (page: Page, label: string) => page.locator("details.doc-linha").filter({ hasText: label }).first();
/** Opens a document's row (a tap on its line) unless it is open already. */
async function openRow(page: Page, label: string) {
  const r = row(page, label);
  if ((await r.getAttribute("open")) === null) await r.locator(":scope > summary").click();
  await expect(r).toHaveAttribute("open", "");
  return r;
}
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/** A photo of a page, as a phone takes it: JPEG, width × height, some grain. */
async function phonePhoto(width: number, height: number, sigma = 4): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: "#aaa", noise: { type: "gaussian", mean: 170, sigma } },
  })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The stored file behind the row's "Ver o arquivo enviado" link, as the person would open it. */
async function openSent(page: Page, label: string): Promise<Buffer> {
  // The link is inside the row, which may be folded (another document opened since).
  const link = row(page, label).locator("a").filter({ hasText: "Ver o arquivo enviado" });
  const href = await link.getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  return response.body();
}

/** "rg-frente (2 páginas).pdf · 412 KB" → bytes, from what the row shows. */
function shownBytes(text: string): number {
  const m = /· (\d+(?:,\d)?) (KB|MB)/.exec(text);
  if (!m) throw new Error(`sem tamanho em "${text}"`);
  return Number(m[1].replace(",", ".")) * (m[2] === "MB" ? MiB : 1024);
}

const megabytes = (n: number) => `${(n / MiB).toFixed(1).replace(".", ",")} MB`;

let driver: Driver;
let documentsUrl = "";

test("Patrocínio: the documents step is a short checklist; an RG goes as two photos and becomes one PDF", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await countEffort(page);
  driver = await signUp(page, "Renata Mototaxista do Celular");
  await startApplication(page, { municipality: "Patrocínio (MG)", category: "Mototáxi", mode: /Autônomo/ });
  await answer(page, personalAnswers({ cnh: "A", cep: "38740-000", city: "Patrocínio", uf: "MG" }), "Veículo");
  await answer(
    page,
    motorcycleAnswers({
      plate: `PTD${Date.now() % 10}A${String(Date.now() % 100).padStart(2, "0")}`,
      city: "Patrocínio",
      passengers: true,
      cargo: false,
    }),
    "Documentos",
  );
  documentsUrl = page.url();
  const start = await effort(page);

  // A checklist: how many of how many, one line per document, the first one to send already open.
  await expect(page.getByText(/^0 de \d+ documentos enviados/)).toBeVisible();
  const rows = page.locator("details.doc-linha");
  const total = await rows.count();
  expect(total).toBeGreaterThanOrEqual(15);
  await expect(page.locator("details.doc-linha[open]")).toHaveCount(1);
  const heightBefore = await pageHeight(page);
  test.info().annotations.push({ type: "altura da página ao chegar (px)", description: String(heightBefore) });
  // "A few screens on a phone": it was ~12 500 px (17 screens) with every form open.
  expect(heightBefore).toBeLessThanOrEqual(5 * 740);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  // The document is sent as soon as it is chosen (ADR 031): no "Enviar" to tap, the dates first.
  const rgRow = await openRow(page, RG);
  await expect(page.locator("details.doc-linha[open]")).toHaveCount(1); // the other one closed
  await expect(rgRow.locator("form[data-envio=automatico]")).toHaveCount(1);
  await expect(rgRow.getByRole("button", { name: "Enviar" })).toHaveCount(0);
  await expect(rgRow.getByLabel("Tirar foto")).toHaveAttribute("capture", "environment");
  await expect(rgRow.getByLabel(`Arquivo: ${RG}`)).toHaveAttribute("accept", "image/*,application/pdf");

  // Front chosen from the gallery: sent at once; the next document opens, the notice takes the focus.
  await rgRow.getByLabel(`Arquivo: ${RG}`).setInputFiles({
    name: "rg-frente.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(1200, 800),
  });
  const rgSent = page.getByRole("status").filter({ hasText: `${RG}:` });
  await expect(rgSent).toContainText("Documento enviado");
  await expectFocusOn(rgSent);
  await expect(page.getByText(/^1 de \d+ documentos enviados/)).toBeVisible();
  await expect(rgRow).not.toHaveAttribute("open", "");
  await expect(page.locator("details.doc-linha[open]")).toHaveCount(1);
  await expect(page.locator("details.doc-linha[open] > summary")).toContainText("Falta");
  await expect(rgRow.locator(":scope > summary")).toContainText("rg-frente.jpg");

  // The back, taken with the camera (capture = the back camera), added from the notice: the row
  // opens on its form, and both pages go again as ONE PDF.
  await rgSent.getByRole("button", { name: /Adicionar página/ }).click();
  await expect(rgRow).toHaveAttribute("open", "");
  await expectFocusOn(rgRow.getByLabel(`Arquivo: ${RG}`));
  await expect(rgRow).toContainText("Já foi enviada 1 página deste documento");
  await rgRow.getByLabel("Tirar foto").setInputFiles({
    name: "rg-verso.jpg",
    mimeType: "image/jpeg",
    buffer: await phonePhoto(1200, 800),
  });
  await expect(rgRow.locator(":scope > summary")).toContainText("rg-frente (2 páginas).pdf");
  await expect(page.getByText(/^1 de \d+ documentos enviados/)).toBeVisible();
  // The viewer gets one PDF with both pages.
  const rg = await PDFDocument.load(await openSent(page, RG));
  expect(rg.getPageCount()).toBe(2);

  // A 12 MB scan is refused as soon as it is chosen, saying what to do, before a byte travels
  // (issue #34, item 3): on 3G it took minutes to be told so by the server.
  const posts: string[] = [];
  const countPosts = (request: Request) => void (request.method() === "POST" && posts.push(request.url()));
  page.on("request", countPosts);
  const scanRow = await openRow(page, CNH);
  await scanRow.getByLabel(`Arquivo: ${CNH}`).setInputFiles({
    name: "cnh-escaneada.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.alloc(12 * MiB, 37),
  });
  await expect(
    scanRow.getByText(
      /^O arquivo tem 12 MB e o limite é 10 MB: nada foi enviado\. Em vez do PDF escaneado, fotografe as páginas/,
    ),
  ).toBeVisible();
  page.off("request", countPosts);
  expect(posts).toEqual([]);

  // A 3.4 MB photo of the CNH is shrunk in the browser: what travels and what is kept are ~1 MB.
  const big = await phonePhoto(4000, 3000, 14);
  expect(big.length).toBeGreaterThan(3 * MiB);
  const sent: number[] = [];
  const watch = (request: Request) => {
    if (request.method() === "POST" && request.url().endsWith("/documentos/enviar"))
      sent.push(request.postDataBuffer()?.length ?? 0);
  };
  page.on("request", watch);
  const cnhRow = await openRow(page, CNH);
  await cnhRow.getByLabel(`Arquivo: ${CNH}`).setInputFiles({ name: "cnh.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(page.getByRole("status").filter({ hasText: `${CNH}:` })).toContainText(
    new RegExp(
      `Fotos reduzidas de ${megabytes(big.length)} para [\\d,]+ (KB|MB) antes do envio\\. Documento enviado\\.`,
    ),
  );
  page.off("request", watch);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toBeLessThan(1.2 * MiB);
  await expect(cnhRow.locator(":scope > summary")).toContainText("cnh.jpg");
  const cnhSummary = (await cnhRow.locator(":scope > summary").textContent()) ?? "";
  expect(shownBytes(cnhSummary)).toBeLessThan(big.length / 3);
  const cnh = await sharp(await openSent(page, CNH)).metadata();
  expect(Math.max(cnh.width!, cnh.height!)).toBeLessThanOrEqual(2000);

  // The 3×4 photo: guidance, the front camera, one photo framed to 3:4 in the browser.
  const fotoRow = await openRow(page, FOTO);
  await expect(fotoRow).toContainText("Sem óculos escuros nem boné");
  await expect(fotoRow).toContainText("aqui basta uma foto digital boa");
  await expect(fotoRow.getByLabel("Tirar foto agora")).toHaveAttribute("capture", "user");
  // The photo is framed before it goes: it keeps its button. Sending nothing says so, and the
  // message takes the focus.
  await fotoRow.getByRole("button", { name: "Enviar" }).click();
  await expectFocusOn(fotoRow.getByRole("alert"));
  await expect(fotoRow.getByRole("alert")).toHaveText("Escolha ou tire a foto antes de enviar.");
  await fotoRow
    .getByLabel(`Arquivo: ${FOTO}`)
    .setInputFiles({ name: "selfie.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(1600, 1200) });
  await expect(fotoRow.getByRole("img", { name: "Prévia da foto 3x4 como será enviada" })).toBeVisible();
  await fotoRow.getByLabel("Aproximar").fill("1.5");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await fotoRow.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${FOTO}:` })).toContainText("Documento enviado");
  const foto = await sharp(await openSent(page, FOTO)).metadata();
  expect(foto.width! / foto.height!).toBeCloseTo(3 / 4, 2);

  await expect(page.getByText(/^3 de \d+ documentos enviados/)).toBeVisible();
  const heightAfter = await pageHeight(page);
  const spent = await effort(page);
  test
    .info()
    .annotations.push(
      { type: "altura da página com 3 enviados (px)", description: String(heightAfter) },
      { type: "toques e campos na etapa", description: `${spent.taps - start.taps} / ${spent.fields - start.fields}` },
    );
  console.log(`altura: ${heightBefore} px ao chegar, ${heightAfter} px depois; ${spent.taps - start.taps} toques`);
  expect(heightAfter).toBeLessThanOrEqual(5 * 740);
  await expectNoSidewaysScroll(page);
});

test("without JavaScript, the same form sends two pages in one plain post", async ({ browser }) => {
  test.skip(!driver, "needs the driver of the test above");
  const context = await browser.newContext({ ...phoneUse, javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, driver.email, driver.password);
  await page.goto(documentsUrl);
  const quitacao = "Certidão de quitação eleitoral";
  await row(page, quitacao).locator(":scope > summary").click();
  const r = row(page, quitacao);
  await r.getByLabel(`Arquivo: ${quitacao}`).setInputFiles([
    { name: "eleitoral-1.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(900, 1200) },
    { name: "eleitoral-2.jpg", mimeType: "image/jpeg", buffer: await phonePhoto(900, 1200) },
  ]);
  await r.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("status")).toHaveText("Documento enviado.");
  await expect(row(page, quitacao).locator(":scope > summary")).toContainText("eleitoral-1 (2 páginas).pdf");
  await expect(page.getByText(/^4 de \d+ documentos enviados/)).toBeVisible();
  await context.close();
});
