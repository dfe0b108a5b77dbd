import { expect, type Page, test } from "@playwright/test";
import { civilDay } from "../support/dates";
import { decodeQr } from "../unit/credentials/pdf-reader";
import { passVistoria } from "./journey-steps";
import { expectAccessible, runFixture, signIn, signOut, uploadAllDocuments } from "./support";

// The municipal back office in Patrocínio: the analyst works the queue, reviews a mototaxista's
// application document by document, asks for a new proof of residence, records the vistoria and
// approves; the crachá's QR verifies VÁLIDO, then SUSPENSO after a suspension. Approval past the
// quota is refused, and a fiscal cannot reach the approval.

const ANALYST = "analista.patrocinio@credencia.demo";
const FISCAL = "fiscal.patrocinio@credencia.demo";

type Created = { applicationId: string; number: string; email: string; password: string; name: string; plate: string };
const fixture = <T>(...args: string[]): T =>
  JSON.parse(
    runFixture("tests/e2e/fixtures/back-office.ts", ...args)
      .trim()
      .split("\n")
      .pop()!,
  ) as T;

test.describe.configure({ mode: "serial" });

let reviewed: Created;

async function acceptEveryPendingDocument(page: Page) {
  const pending = page.locator("article.bo-documento.pendente");
  for (let left = await pending.count(); left > 0; left--) {
    await pending
      .first()
      .getByRole("button", { name: /^Aceitar/ })
      .click();
    // The page reloads the review with its 18 documents after each decision: more than the
    // default 5 s on a loaded machine.
    await expect(pending).toHaveCount(left - 1, { timeout: 20_000 });
  }
}

async function driverResubmits(page: Page, driver: Created) {
  await signIn(page, driver.email, driver.password);
  await page.goto("/requerimentos");
  await page.getByRole("link", { name: driver.number }).click();
  await expect(page.getByRole("heading", { name: /Correções solicitadas/ })).toBeVisible();
  await expect(page.getByText(/A conta de luz enviada é de 2024/).first()).toBeVisible();
  await page.getByRole("link", { name: "Corrigir documentos" }).click();
  await expect(page.locator("form[enctype='multipart/form-data']:visible")).toHaveCount(1);
  await uploadAllDocuments(page);
  await page.getByRole("link", { name: "Continuar para a revisão" }).click();
  await page.getByLabel(/Declaro que as informações/).check();
  await page.getByRole("button", { name: /Reenviar para análise/ }).click();
  await expect(page.getByRole("status")).toContainText("Requerimento enviado");
  await signOut(page);
}

test("an analyst reviews a mototaxista's application, the driver replaces the rejected document, and the crachá verifies VÁLIDO, then SUSPENSO", async ({
  page,
}) => {
  // 18 documents accepted one by one, a refusal and its replacement, the vistoria, approval and a
  // suspension: ~2 min on a quiet machine, past 3 min beside the PostgreSQL unit suite.
  test.setTimeout(300_000);
  reviewed = fixture<Created>("application", "patrocinio", "Rafael Mototaxista Teste");
  const review = `/m/patrocinio/requerimentos/${reviewed.applicationId}`;

  // The queue: found by name, assigned to the analyst.
  await signIn(page, ANALYST);
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Fila de análise" }).click();
  await expect(page.getByRole("heading", { name: "Fila de análise — Patrocínio" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill("rafael mototaxista");
  await page.getByRole("button", { name: "Filtrar" }).click();
  const row = page.getByRole("row").filter({ hasText: reviewed.number });
  await expect(row).toContainText("Enviado");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expectAccessible(page);
  await row.getByRole("button", { name: `Atribuir ${reviewed.number} a mim` }).click();
  await expect(page.getByRole("row").filter({ hasText: reviewed.number })).toContainText("Você");

  // The review screen: the documents inline, the checklist with its citations.
  await page.getByRole("link", { name: reviewed.number }).click();
  await expect(page).toHaveURL(review);
  await page.getByRole("button", { name: "Iniciar análise" }).click();
  await expect(page.getByRole("status")).toContainText("Análise iniciada");
  await expect(page.getByRole("list", { name: "Requisitos da lei" })).toContainText("Lei 4.883/2017, art. 5º, I");
  const cnh = page.getByRole("article", { name: "Carteira Nacional de Habilitação (categoria A)" });
  await cnh.scrollIntoViewIfNeeded();
  await expect(cnh.locator("canvas")).toHaveCount(1);
  await expect(cnh.locator("[data-pdf-visor]")).toHaveAttribute("data-pdf-visor", "done");
  // A PDF is drawn when it scrolls into view: its "Aceitar" must not move under the finger then.
  const undrawn = page.locator("article.bo-documento").filter({ has: page.locator('[data-pdf-visor="idle"]') });
  const lastPdf = page.locator(`article[id="${await undrawn.last().getAttribute("id")}"]`);
  const acceptOffset = async () =>
    (await lastPdf.getByRole("button", { name: /^Aceitar/ }).boundingBox())!.y - (await lastPdf.boundingBox())!.y;
  const offsetUndrawn = await acceptOffset();
  await lastPdf.scrollIntoViewIfNeeded();
  await expect(lastPdf.locator("[data-pdf-visor]")).toHaveAttribute("data-pdf-visor", "done");
  expect(await acceptOffset()).toBe(offsetUndrawn);
  const photo = page.getByRole("article", { name: "Duas fotos 3x4 coloridas e recentes" }).getByRole("img");
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expectAccessible(page);

  // Reject the proof of residence with a reason, accept the rest, ask for corrections.
  const residence = page.getByRole("article", { name: "Comprovante de residência recente" });
  await residence.getByText("Recusar…").click();
  await residence.getByLabel("Motivo da recusa").selectOption({ label: "Documento antigo: precisa ser recente" });
  await residence.getByLabel("Explique ao condutor (opcional)").fill("A conta de luz enviada é de 2024.");
  await residence.getByRole("button", { name: /Recusar documento/ }).click();
  await expect(page.getByRole("status")).toContainText("Documento recusado");
  await acceptEveryPendingDocument(page);
  const changes = page.locator("#pedir-correcoes");
  await expect(changes).toContainText(
    "Comprovante de residência recente: Documento antigo: precisa ser recente: A conta de luz enviada é de 2024.",
  );
  await changes.getByRole("button", { name: "Pedir correções" }).click();
  await expect(page.getByRole("status")).toContainText("Correções pedidas");
  await page.goto("/dev/caixa-de-saida");
  await expect(
    page.getByRole("article", { name: `Correções solicitadas no requerimento ${reviewed.number}` }),
  ).toContainText("A conta de luz enviada é de 2024.");
  await signOut(page);

  // The driver sends a new proof of residence, and only that.
  await driverResubmits(page, reviewed);

  // Back to the analyst: the new document, the vistoria, the approval.
  await signIn(page, ANALYST);
  await page.goto(review);
  await expect(page.getByText("O condutor reenviou o que foi pedido.")).toBeVisible();
  await page.getByRole("button", { name: "Iniciar análise" }).click();
  await expect(page.locator("article.bo-documento.pendente")).toHaveCount(1);
  await expect(page.locator("article.bo-documento.pendente")).toContainText("Comprovante de residência recente");
  await acceptEveryPendingDocument(page);

  await passVistoria(page);
  await expect(page.getByRole("list", { name: "Vistorias deste requerimento" })).toContainText(/Aprovada.*Válida até/s);

  await page.getByRole("link", { name: "Aprovar e emitir credenciais" }).click();
  await page.getByRole("button", { name: "Confirmar e emitir" }).click();
  await expect(page.getByRole("status")).toContainText("credenciais emitidas");
  await expect(page.getByText("Credencial emitida", { exact: true })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Histórico do requerimento" });
  await expect(timeline).toContainText("Em análise → Correções solicitadas");
  await expect(timeline).toContainText("Analista de Patrocínio (Analista)");

  // The crachá's PDF, and its QR verifies VÁLIDO.
  const pdfLink = page.getByRole("link", { name: /^PDF do Crachá/ });
  const pdfResponse = await page.request.get((await pdfLink.getAttribute("href"))!);
  expect(pdfResponse.status()).toBe(200);
  expect(pdfResponse.headers()["content-type"]).toBe("application/pdf");
  expect(pdfResponse.headers()["content-disposition"]).toMatch(/^inline/);
  const qr = await decodeQr(new Uint8Array(await pdfResponse.body()), 1, 6);
  expect(qr).toMatch(/\/v\/[\w-]+\.[\w-]+\.[\w-]+$/);
  const verification = new URL(qr!).pathname;
  await page.goto(verification);
  await expect(page.getByText("VÁLIDO", { exact: true })).toBeVisible();

  // A suspension changes what the same QR says, at once.
  await page.goto(review);
  await page.getByRole("link", { name: /^Detalhes e situação do Crachá/ }).click();
  await expect(page.getByRole("heading", { name: /^Crachá .*-MT-/ })).toBeVisible();
  await page.getByLabel("Suspensa até (inclusive)").fill(civilDay(30));
  await page.getByLabel("Motivo da suspensão").fill("Auto de infração em apuração.");
  await page.locator("#suspend-citacao").fill("Lei 4.883/2017, art. 34");
  await page.getByRole("button", { name: "Suspender credencial" }).click();
  await expect(page.getByRole("status")).toContainText("Credencial suspensa");
  await expect(page.getByRole("list", { name: "Histórico da credencial" })).toContainText("Ativa → Suspensa");
  await expectAccessible(page);
  await page.goto(verification);
  await expect(page.getByText("SUSPENSO", { exact: true })).toBeVisible();
});

test("approving past the mototáxi quota is refused with the law, and nothing changes", async ({ page }) => {
  const ready = fixture<Created>("ready", "patrocinio", "Sônia Sem Vaga", ANALYST);
  // 1,999 inhabitants: no mototáxi permission at all (1 per 2,000, Lei 4.883/2017, art. 10, I).
  const before = fixture<{ previous: number; source: string; date: string | null }>("population", "patrocinio", "1999");
  try {
    await signIn(page, ANALYST);
    const review = `/m/patrocinio/requerimentos/${ready.applicationId}`;
    await page.goto(review);
    // The page already knows: "Aprovar" is unavailable, with the reason beside it and the law in
    // the checklist, and the other decisions stay open.
    const approve = page.getByRole("button", { name: "Aprovar e emitir credenciais" });
    await expect(approve).toBeDisabled();
    await expect(page.getByText(/Aprovação indisponível: 1 requisito da lei pendente/)).toBeVisible();
    const checklist = page.getByRole("list", { name: "Requisitos da lei" });
    await expect(checklist).toContainText("Lei 4.883/2017, art. 10, I");
    await expect(page.getByRole("button", { name: "Pedir correções" })).toBeEnabled();
    // The confirmation page offers no "Confirmar e emitir"; a POST sent anyway is refused by the
    // server with the law, and nothing changes.
    await page.goto(`${review}/aprovar`);
    await expect(page.getByText(/Aprovação indisponível/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirmar e emitir" })).toHaveCount(0);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const refused = await page.request.post(`${review}/aprovar`, { form: { csrf } });
    expect(refused.status()).toBe(409);
    const body = await refused.text();
    expect(body).toContain("Não é possível aprovar");
    expect(body).toContain("Não há vaga");
    expect(body).toContain("Lei 4.883/2017, art. 10, I");
    await page.goto(review);
    await expect(page.getByText("Em análise", { exact: true }).first()).toBeVisible();
    await expect(page.locator("#credenciais")).toHaveCount(0);
  } finally {
    fixture("population", "patrocinio", String(before.previous), before.source, before.date ?? civilDay());
  }
});

test("a fiscal trying to open the approval gets 403", async ({ page }) => {
  const target = reviewed ?? fixture<Created>("application", "patrocinio", "Fábio Fora do Alcance");
  await signIn(page, FISCAL);
  for (const path of [
    `/m/patrocinio/requerimentos/${target.applicationId}/aprovar`,
    `/m/patrocinio/requerimentos/${target.applicationId}`,
    "/m/patrocinio/fila",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: "Acesso negado" })).toBeVisible();
  }
  const post = await page.request.post(`/m/patrocinio/requerimentos/${target.applicationId}/aprovar`, {
    form: { csrf: "x" },
  });
  expect(post.status()).toBe(403);
});
