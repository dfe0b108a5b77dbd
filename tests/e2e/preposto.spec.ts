import { type Page, test } from "@playwright/test";
import {
  analystOpens,
  answer,
  applicationNumber,
  approve,
  aYearFromToday,
  downloadPdf,
  expect,
  expectPrinted,
  expectValid,
  issuedSerial,
  motorcycleAnswers,
  personalAnswers,
  qrPath,
  signIn,
  signOut,
  signUp,
  startReviewAndAcceptDocuments,
} from "./journey-steps";
import { expectNoSidewaysScroll, PHONE } from "./phone";
import { cpfFrom, expectAccessible, uploadAllDocuments } from "./support";

// A Patrocínio preposto from the titular's page to VÁLIDO (issue #29; Lei 4.883/2017, art. 14):
// the preposto applies naming the titular by CPF and waits for the titular's papers — the written
// indication (§ 1º) and the duty roster (§ 3º) — which the titular sends from /prepostos; the
// analyst approves; the preposto's crachá opens VÁLIDO. Anyone else sending them is refused (403).
// The titular is the seed's Łukasz, a motoboy with a crachá in force on the PTC3C45 motorcycle.
const TITULAR = {
  login: "condutor.lukasz@credencia.demo",
  name: "Łukasz Nguyễn Kowalski",
  cpf: cpfFrom("300000003"),
  plate: "PTC3C45",
};
const formatted = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");

/** /requerimentos/novo as a preposto: Patrocínio → Motoboy → Preposto, naming the titular. */
async function applyAsPreposto(page: Page, titularCpf: string) {
  await page.goto("/requerimentos/novo");
  await page.getByLabel("Onde você vai trabalhar?").selectOption({ label: "Patrocínio (MG)" });
  await page.getByRole("button", { name: "Escolher município" }).click();
  await page.getByLabel("Motoboy", { exact: true }).check();
  await page.getByRole("radio", { name: /Preposto/ }).check();
  await expect(page.getByRole("heading", { name: "4. O que a lei pede" })).toBeVisible();
  await page.getByLabel("CPF do titular que indicou você").fill(titularCpf);
  await page.getByRole("button", { name: "Começar o requerimento" }).click();
  await expect(page.getByRole("heading", { name: "Dados pessoais" })).toBeVisible();
  return new URL(page.url()).pathname.match(/\/requerimentos\/([^/]+)/)![1];
}

test("Patrocínio: a preposto applies naming the titular, waits for the titular's papers sent from /prepostos, is approved, and the crachá opens VÁLIDO", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const preposto = await signUp(page, "Paulo Preposto de Patrocínio");
  const id = await applyAsPreposto(page, TITULAR.cpf);
  await answer(page, personalAnswers({ cnh: "A", cep: "38740-000", city: "Patrocínio", uf: "MG" }), "Veículo");
  // The preposto drives the titular's motorcycle.
  await answer(
    page,
    motorcycleAnswers({ plate: TITULAR.plate, city: "Patrocínio", passengers: false, cargo: true }),
    "Documentos",
  );
  await uploadAllDocuments(page);
  // The titular's papers: awaited, naming the titular only by the CPF the preposto typed.
  const byOthers = page.locator(".cartao").filter({ has: page.getByRole("heading", { name: "Enviados por outros" }) });
  await expect(byOthers).toContainText(
    `Indicação do preposto, por escrito, pelo titular — pelo titular (aguardando o titular de CPF ${formatted(TITULAR.cpf)})`,
  );
  await expect(byOthers).not.toContainText(TITULAR.name);
  await page.getByRole("link", { name: "Continuar para a revisão" }).click();
  const blockers = page.getByRole("alert").filter({ hasText: "Ainda não dá para enviar" });
  await expect(blockers).toContainText("Aguardando o titular: Indicação do preposto, por escrito, pelo titular");
  await expect(blockers).toContainText("Aguardando o titular: Escala do titular e do preposto");
  await expect(blockers).not.toContainText("Falta enviar");

  // Someone who is not the titular — the preposto himself — cannot send the titular's papers.
  const forged = await page.request.post(`/prepostos/${id}/enviar`, {
    multipart: {
      type: "INDICACAO_PREPOSTO",
      arquivo: { name: "indicacao.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 forjada") },
    },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.text()).toContain("Só o titular indicado neste requerimento");
  await page.reload();
  await expect(blockers).toContainText("Aguardando o titular: Indicação do preposto");
  await signOut(page);

  // The titular: the home points to /prepostos, which lists the application and what the law asks.
  await signIn(page, TITULAR.login);
  await page.getByRole("link", { name: "Ver prepostos" }).click();
  await expect(page.getByRole("heading", { name: "Prepostos", level: 1 })).toBeVisible();
  const card = page.getByRole("region", { name: "Paulo Preposto de Patrocínio — Motoboy" });
  await expect(card).toContainText("Lei 4.883/2017, art. 14, § 1º");
  await expect(card).toContainText("Lei 4.883/2017, art. 14, § 3º");
  await expectAccessible(page);
  // The titular's page on a 360 px phone: nothing off the side of the screen.
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await page.setViewportSize(desktop);
  await uploadAllDocuments(page);
  await expect(card.getByText("Enviado — aguardando análise")).toHaveCount(2);
  await signOut(page);

  // The preposto now sees the titular's name and sends the application.
  await signIn(page, preposto.email, preposto.password);
  await page.goto(`/requerimentos/${id}/revisao`);
  await expect(page.getByText(`${TITULAR.name} (CPF ${formatted(TITULAR.cpf)})`)).toBeVisible();
  await expect(page.getByText("Ainda não dá para enviar")).toHaveCount(0);
  await page.getByLabel(/Declaro que as informações/).check();
  await page.getByRole("button", { name: /Enviar para análise/ }).click();
  await expect(page.getByRole("status")).toContainText("Requerimento enviado");
  const number = await applicationNumber(page, id);
  await signOut(page);

  // The analyst reviews (the titular's papers among the documents) and approves.
  await analystOpens(page, "analista.patrocinio@credencia.demo", preposto, number);
  await startReviewAndAcceptDocuments(page);
  const issued = await approve(page);
  const serial = await issuedSerial(issued, "Crachá");
  await signOut(page);

  // The preposto's crachá, read back: its QR opens VÁLIDO.
  await signIn(page, preposto.email, preposto.password);
  await page.goto("/credenciais");
  const badgeCard = page.getByRole("region", { name: /^Crachá —/ });
  await expect(badgeCard.getByText("VÁLIDO", { exact: true })).toBeVisible();
  const href = await badgeCard.getByRole("link", { name: /^Baixar .* \(PDF\)$/ }).getAttribute("href");
  const badge = await downloadPdf(page, href!);
  await expectPrinted(badge, {
    nome: "Paulo Preposto de Patrocínio",
    registro: serial,
    placa: TITULAR.plate,
    validade: aYearFromToday("America/Sao_Paulo"),
  });
  const verification = await qrPath(badge);
  await signOut(page);
  await expectValid(page, verification);
  await expect(page.getByText("Paulo Preposto de Patrocínio")).toBeVisible();
});
