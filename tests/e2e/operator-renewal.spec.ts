import { expect, test } from "@playwright/test";
import { cnpjWithCheckDigits } from "../../app/domain/br/cnpj";
import { expectAccessible, runFixture, signIn, uploadAllDocuments } from "./support";

// A Jardim concessionária renews its yearly certificate (Lei 904/1997, art. 8º): the button on
// its home page opens a renewal pre-filled from the credenciamento, the team sends it, the staff
// approval issues a new certificate and the old one verifies as SUBSTITUÍDO. As a driver's, the
// renewal opens 60 days before the last day (ADR 028, ADR 033): the seed issued the certificate
// today, so the page first says when it opens, then the certificate is brought to its last month.

const json = (out: string) => JSON.parse(out.trim().split("\n").pop()!) as Record<string, string>;

test("a Jardim concessionária renews its certificate and the old one is superseded", async ({ page }) => {
  test.setTimeout(120_000); // a renewal sent and approved, on a loaded machine
  await signIn(page, "operador.jardim@credencia.demo");
  await page.goto("/operadora");
  await page.getByRole("link", { name: "Abrir Moto Táxi Pantanal" }).click();
  const card = page.getByRole("region", { name: "Credenciamento" });
  // The link carries the whole typed code (serial + check part, ADR 014); the page names the serial.
  const oldCode = new URL(
    (await card.getByRole("link", { name: "Verificar", exact: true }).getAttribute("href"))!,
    "http://x",
  ).searchParams.get("codigo")!;
  expect(oldCode).toMatch(/^JAR-[A-Z]{2}-\d{4}-\d{6}-[0-9A-Z]{4}$/);
  const old = oldCode.slice(0, -5);
  await expect(page.getByText(`Certificado ${old}`)).toBeVisible();
  await expect(page.getByText(/^Válido de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Renovar certificado" })).toHaveCount(0);
  await expect(
    page.getByText(/^A renovação abre em \d{2}\/\d{2}\/\d{4}, 60 dias antes do vencimento\.$/),
  ).toBeVisible();
  await expectAccessible(page);

  runFixture("tests/e2e/fixtures/renewal-window.ts", cnpjWithCheckDigits("334445550001"));
  await page.reload();
  await expect(page.getByText(/^A renovação abre em/)).toHaveCount(0);
  await page.getByRole("button", { name: "Renovar certificado" }).click();
  await expect(page.getByRole("heading", { name: "Documentos do credenciamento" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Renovação aberta");
  await expect(page.getByText(/Renovação do certificado — requerimento REQ-/)).toBeVisible();
  await expectAccessible(page);
  // Whatever the carried-over documents do not cover (none, when all are still valid) is sent now.
  await uploadAllDocuments(page);
  await page.getByRole("button", { name: "Enviar para análise" }).click();
  // (The page also says, in its own status line, that the certificate ends in 30 days.)
  await expect(page.getByRole("status").filter({ hasText: "Requerimento enviado" })).toBeVisible();
  // While the renewal is with the city, the button is gone and its state is shown.
  await expect(page.getByRole("button", { name: "Renovar certificado" })).toHaveCount(0);
  await expect(page.getByText(/Renovação — requerimento REQ-\S+: Enviado/)).toBeVisible();

  const { serial } = json(runFixture("tests/e2e/fixtures/operator-approve.ts", cnpjWithCheckDigits("334445550001")));
  expect(serial).not.toBe(old);
  await page.reload();
  await expect(page.getByText(`Certificado ${serial}`)).toBeVisible();
  await expect(page.getByText("VÁLIDO", { exact: true })).toBeVisible();

  await page.goto(`/v?codigo=${oldCode}`);
  await expect(page.getByText("SUBSTITUÍDO").first()).toBeVisible();
});
