import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { makeScannedPdf, makeTextPdf } from "../fixtures/files/make";
import { expectNoSidewaysScroll, phoneUse } from "./phone";
import { expectAccessible, signIn } from "./support";
import { createTown } from "./town-steps";

// The law's text in the portal (issue #30, ADR 067): anyone reads a municipality's law unit by unit
// on a 360 px phone, each unit at its own address; the gestor's rules page opens each rule's
// citation on the sentence it cites and links to it in the law. The platform admin attaches a new
// town's law from its PDF, checks how it was divided, and saves it; then the law that amends it, and
// the law reads (and proposes rules) as amended.

const LAW_AS_PUBLISHED = readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1234-2025-original.txt", "utf8");
const AMENDMENT = readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1301-2026.txt", "utf8");

test("the platform admin attaches a new town's law from its PDF, checks the division, then the law that amends it", async ({
  page,
}) => {
  // A town created, a PDF read in the browser, two saves of a law, the public page: 32 s on a quiet machine,
  // past the default minute on a loaded one (the rehearsal of 2026-12-07).
  test.setTimeout(120_000);
  await signIn(page, "admin@credencia.demo");
  const { n, slug } = await createTown(page, "lavras-mg");
  await page
    .getByRole("row")
    .filter({ hasText: `Vale do Ipê ${n}` })
    .getByRole("link", { name: "Texto da lei" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Lei de Vale do Ipê ${n} (MG)`);
  await expect(page.getByText("Nenhum texto anexado")).toBeVisible();

  // A scanned PDF has no text: the page says what to do instead.
  await page.getByLabel("PDF da lei").setInputFiles({
    name: "lei-escaneada.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await makeScannedPdf()),
  });
  await page.getByRole("button", { name: "Ler o texto do PDF" }).click();
  await expect(page.locator("#campo-pdf-erro")).toContainText("não tem texto selecionável");

  await page.getByLabel("PDF da lei").setInputFiles({
    name: "lei-1234-2025.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(await makeTextPdf(LAW_AS_PUBLISHED)),
  });
  await page.getByRole("button", { name: "Ler o texto do PDF" }).click();
  await expect(page.getByText(/Texto lido de \d página/)).toBeVisible();
  await expect(page.getByLabel("Texto da lei")).toHaveValue(/Art\. 3º Para obter a permissão/);
  await page.getByLabel("Lei", { exact: true }).fill("Lei 1.234/2025");
  await page.getByLabel("Ementa").fill("Serviço de mototáxi e de motofrete");
  await page.getByLabel("Data de publicação").fill("2025-02-28");
  await page.getByRole("button", { name: "Conferir a divisão" }).click();
  await expect(page.getByText("12 artigos, 36 dispositivos ao todo.")).toBeVisible();
  await expect(page.getByText("Nenhum problema encontrado na divisão.")).toBeVisible();
  await expectAccessible(page);
  await page.locator("#divisao-titulo").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "docs/previews/admin-lei-divisao.png" });
  await page.getByRole("button", { name: "Salvar o texto" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Texto salvo." })).toBeVisible();
  await expect(
    page.getByText("Lei 1.234/2025 — Serviço de mototáxi e de motofrete: 12 artigos, 36 dispositivos."),
  ).toBeVisible();

  // Drafted from the text: each proposal with its unit's citation and sentence; the silences listed.
  const draft = page.getByRole("region", { name: "Regras que o texto propõe" });
  const age = draft.getByRole("row").filter({ hasText: "Idade mínima de 21 anos" });
  await expect(age.getByRole("link", { name: "Lei 1.234/2025, art. 3º, I" })).toBeVisible();
  await expect(age).toContainText("ter, no mínimo, 21 (vinte e um) anos de idade;");
  await expect(draft.getByRole("row").filter({ hasText: "Motor de pelo menos 125 cc" })).toBeVisible();
  await expect(draft).toContainText("A lei não fala de: Cilindrada máxima; Número mínimo de portas; Lotação máxima.");
  await expectAccessible(page);

  // The law that amends it: what it changed is listed, linked, and the law proposes from the new words.
  const amendments = page.getByRole("region", { name: "Leis que alteram esta" });
  await expect(amendments).toContainText("Nenhuma lei que altera esta foi anexada.");
  await amendments.getByLabel("Lei que altera", { exact: true }).fill("Lei 1.301/2026");
  await amendments.getByLabel("Ementa da alteração").fill("Altera a cilindrada mínima da motocicleta");
  await amendments.getByLabel("Data de publicação da alteração").fill("2026-01-15");
  await amendments.getByRole("button", { name: "Anexar a alteração" }).click();
  await expect(amendments.locator("#alteracao-text-erro")).toContainText("Cole o texto da lei"); // nothing typed is lost
  await expect(amendments.getByLabel("Lei que altera", { exact: true })).toHaveValue("Lei 1.301/2026");
  await amendments.getByLabel("Texto da lei que altera").fill(AMENDMENT);
  await amendments.getByRole("button", { name: "Anexar a alteração" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lei 1.301/2026 anexada" })).toBeVisible();
  await expect(amendments.getByRole("link", { name: "art. 4º, II" })).toHaveAttribute(
    "href",
    `/leis/${slug}#art4_cpt_inc2`,
  );
  await expect(amendments).toContainText("art. 4º, II: nova redação");
  await expect(amendments.getByLabel("Texto da lei que altera")).toHaveValue(""); // ready for the next one
  await expect(draft.getByRole("row").filter({ hasText: "Motor de pelo menos 150 cc" })).toBeVisible();
  await expect(draft.getByRole("row").filter({ hasText: "Motor de pelo menos 125 cc" })).toHaveCount(0);
  await expectAccessible(page);
  await amendments.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "docs/previews/admin-lei-alteracoes.png" });
  await page.getByRole("link", { name: "Ler como o público lê" }).click();
  await expect(page).toHaveURL(new RegExp(`/leis/${slug}$`));
  await expect(page.locator("#art4_cpt_inc2")).toContainText("ter motor de, no mínimo, 150 cc");
  await expect(page.locator("#art4_cpt_inc2")).toContainText("Redação dada pela Lei 1.301/2026");
  await expect(page.locator("#art8_cpt_ali3")).toContainText("tipo sanguíneo do condutor");
});

test.describe("on a phone", () => {
  test.use(phoneUse);

  test("a passer-by reads Lavras' law on a phone, each unit at its own address", async ({ page }) => {
    await page.goto("/leis/lavras#art10_cpt_inc3");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lei 4.544/2019 — Lavras (MG)");
    await expect(page).toHaveTitle(/Lei 4.544\/2019 — Lavras/);
    const target = page.locator("#art10_cpt_inc3");
    await expect(target).toContainText("ser dotado de, pelo menos, 4 (quatro) portas");
    await expect(target).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Art. 19" })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: "docs/previews/phone-lei-lavras.png" });
  });

  test("a town the portal does not know has no law page", async ({ page }) => {
    const response = await page.goto("/leis/cidade-que-nao-existe");
    expect(response?.status()).toBe(404);
  });

  test("the gestor opens a rule's citation on the sentence it cites, then reads it in the law", async ({ page }) => {
    await signIn(page, "gestor.lavras@credencia.demo");
    await page.goto("/m/lavras/regras");
    const citation = page.locator("details.lei-citacao", { hasText: "Lei 4.544/2019, art. 10, III" }).first();
    await citation.locator("summary").click();
    await expect(citation.locator("blockquote")).toContainText("ser dotado de, pelo menos, 4 (quatro) portas");
    await expect(page.getByText("não encontrado no texto da lei")).toHaveCount(0);
    await expectAccessible(page);
    await citation.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "docs/previews/phone-gestor-regras-citacao.png" });
    await citation.getByRole("link", { name: "Ver no texto da lei" }).click();
    await expect(page).toHaveURL(/\/leis\/lavras#art10_cpt_inc3$/);
    await expect(page.locator("#art10_cpt_inc3")).toBeInViewport();
  });
});
