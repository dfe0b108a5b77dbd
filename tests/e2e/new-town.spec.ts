import { readFileSync } from "node:fs";
import { type Page, test } from "@playwright/test";
import {
  analystOpens,
  answer,
  applicationNumber,
  approve,
  aYearFromToday,
  downloadPdf,
  type Driver,
  expect,
  expectPrinted,
  expectValid,
  issuedSerial,
  motorcycleAnswers,
  passVistoria,
  pdfImages,
  personalAnswers,
  qrPath,
  signIn,
  signOut,
  signUp,
  startApplication,
  startReviewAndAcceptDocuments,
  uploadAndSubmit,
} from "./journey-steps";
import { correctInTheListForms, expectDraftFromTheLaw, writeExample } from "./new-town-draft";
import { chooseWhoTheLawCredentials, readPublicRules, saveWithoutProblems } from "./rule-pack-steps";
import { expectAccessible } from "./support";
import { addStaff, createTown, setPasswordFromMail, type Town } from "./town-steps";

// A new town without a developer (issue #30, ADR 069), everything through the pages: the platform
// admin creates a town with no pack of its own, attaches its law and gives it staff; one gestor
// includes the law's proposals and writes the rest of the pack in the portal's forms, another
// publishes it;
// then a new driver applies there, the town's analyst approves, and the crachá the pack describes
// verifies VÁLIDO. The steps share one town, in order.
test.describe.configure({ mode: "serial" });

const PASSWORD = "uma frase comprida para a senha da gestão";
const LAW = readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1234-2025-original.txt", "utf8");
const AMENDMENT = readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1301-2026.txt", "utf8");
/**
 * What bench/rule-pack.ts writes into the new town's pack by hand (tests/fixtures/laws): here every
 * part of it is written in the page's forms instead — the categories and acts of art. 2º in "Quem a
 * lei credencia", the summary and the silences in theirs, the example applicants in theirs. Nothing
 * is typed in the pack's JSON.
 */
const {
  categories: CATEGORIES_OF_ART_2,
  summary: SUMMARY,
  silences: SILENCES,
}: { categories: unknown; summary: string; silences: string[] } = JSON.parse(
  readFileSync("tests/fixtures/laws/vale-do-ipe-mg-pack-written-by-hand.json", "utf8"),
);
const LAW_LABEL = "Lei 1.234/2025";
/** What the fee of art. 7º pays, in the law's words ("a expedição da permissão ou da autorização"). */
const FEE_LABEL = "Taxa de expedição da permissão ou da autorização";

/**
 * Step 1's law: the platform admin (signed in) attaches the town's law as first published on
 * /admin/municipios/<slug>/lei, then the law that amends it (art. 4º, II: 125 cc becomes 150 cc).
 */
async function attachLaw(page: Page, town: Town) {
  await page.goto(`/admin/municipios/${town.slug}/lei`);
  await page.getByLabel("Lei", { exact: true }).fill(LAW_LABEL);
  await page.getByLabel("Ementa").fill("Serviço de mototáxi e de motofrete");
  await page.getByLabel("Data de publicação").fill("2025-02-28");
  await page.getByLabel("Texto da lei").fill(LAW);
  await page.getByRole("button", { name: "Salvar o texto" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Texto salvo." })).toBeVisible();
  const amendments = page.getByRole("region", { name: "Leis que alteram esta" });
  await amendments.getByLabel("Lei que altera", { exact: true }).fill("Lei 1.301/2026");
  await amendments.getByLabel("Ementa da alteração").fill("Altera a cilindrada mínima da motocicleta");
  await amendments.getByLabel("Texto da lei que altera").fill(AMENDMENT);
  await amendments.getByRole("button", { name: "Anexar a alteração" }).click();
  await expect(amendments).toContainText("art. 4º, II: nova redação");
}

let town: Town;
const staff = { author: "", publisher: "", analyst: "" };

test("the platform admin creates a town on a new pack, attaches its law and gives it staff", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "admin@credencia.demo");
  town = await createTown(page, "novo");
  await expect(page.getByRole("row").filter({ hasText: town.name })).toContainText("em preparação");
  await attachLaw(page, town);
  staff.author = await addStaff(page, town, "Renata Gestora Redatora", "Gestor");
  staff.publisher = await addStaff(page, town, "Sérgio Gestor Revisor", "Gestor");
  staff.analyst = await addStaff(page, town, "Alice Analista do Vale", "Analista");
  await signOut(page);
  for (const email of Object.values(staff)) await setPasswordFromMail(page, email, PASSWORD);
});

test("a gestor includes the law's proposals, writes the rest in the page's forms and sends it", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, staff.author, PASSWORD);
  await page.goto(`/m/${town.slug}/regras`); // nothing published yet: the rules page leads to the draft
  await expect(page.getByText("Nenhuma versão publicada")).toBeVisible();
  await page.getByRole("button", { name: "Começar um rascunho" }).click();
  const editor = page.getByLabel("Documento do pacote (JSON)");
  const skeleton = JSON.parse(await editor.inputValue());
  expect(skeleton).toMatchObject({ law: { label: LAW_LABEL }, categories: [] });

  // First who the law credentials (art. 2º), in its form, so that each rule included next applies
  // to their mode: mototáxi by permissão, motofrete by autorização, both to the autonomous driver.
  const who = await chooseWhoTheLawCredentials(page, `${LAW_LABEL}, art. 2º`, [
    ["Mototáxi", "Permissão"],
    ["Motofrete", "Autorização"],
  ]);
  await expectAccessible(page);
  await who.screenshot({ path: "docs/previews/gestor-regras-quem-credencia.png" });
  expect(JSON.parse(await editor.inputValue()).categories).toEqual(CATEGORIES_OF_ART_2);
  const problems = page.getByRole("alert").filter({ hasText: "no texto" });
  await expect(problems).toContainText("infractions.catalogue"); // still to write
  await expect(problems).not.toContainText("categories");

  // One proposal included on its own, cited in the draft at once; then the rest in one step.
  const proposals = page.getByRole("region", { name: `Regras que a ${LAW_LABEL} propõe` });
  // Each row's own button (not "Incluir as N propostas que faltam").
  const include = proposals.getByRole("button", { name: /^Incluir(?! as \d)/ });
  const first = (await include.first().textContent())!.replace(/^Incluir\s*:\s*/, "").trim();
  await include.first().click();
  // Found by its own sentence: another row's quote may hold the same words (§ 1º names two documents).
  const row = proposals.getByRole("row").filter({ has: page.getByText(first, { exact: true }) });
  await expect(row).toContainText("Já citada no texto");
  const missing = await include.count();
  await proposals.getByRole("button", { name: `Incluir as ${missing} propostas que faltam` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${missing} regras incluídas no rascunho` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "ficaram de fora" })).toHaveCount(0);
  await expect(include).toHaveCount(0);
  await expect(proposals.getByText("Escreva no texto")).toHaveCount(0);
  const withProposals = JSON.parse(await editor.inputValue());
  expectDraftFromTheLaw(withProposals, LAW_LABEL);

  // Discarded and taken back without the JSON: "Retirar" takes the atestado of § 1º out of the draft,
  // and its proposal offers "Incluir" again.
  const rules = page.getByRole("region", { name: "Regras do rascunho" });
  await rules.getByRole("button", { name: /^Retirar\s*:\s*Atestado de antecedentes criminais/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Regra ATESTADO_ANTECEDENTES retirada" })).toBeVisible();
  expect(JSON.parse(await editor.inputValue()).documents).not.toContainEqual(
    expect.objectContaining({ type: "ATESTADO_ANTECEDENTES" }),
  );
  await proposals.getByRole("button", { name: /^Incluir\s*:\s*Atestado de antecedentes criminais/ }).click();
  await expect(rules.getByRole("row").filter({ hasText: "Atestado de antecedentes criminais." })).toContainText(
    `${LAW_LABEL}, art. 3º, § 1º`,
  );
  await correctInTheListForms(page, FEE_LABEL);

  // The summary and what the law says that the portal does not check, in their form.
  const summary = page.getByRole("region", { name: "Resumo e o que o portal não confere" });
  await summary.getByLabel("Resumo do pacote").fill(SUMMARY);
  await summary.getByLabel("O que a lei diz e o portal não confere (um por linha)").fill(SILENCES.join("\n"));
  await summary.getByRole("button", { name: "Salvar o resumo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Resumo salvo no rascunho" })).toBeVisible();
  const edited = JSON.parse(await editor.inputValue());
  expect(edited).toMatchObject({ summary: SUMMARY, silences: SILENCES });
  expect(edited.infractions.catalogue.map((i: { offender: string }) => i.offender)).toEqual([
    "QUALQUER",
    "QUALQUER",
    "CONDUTOR",
  ]);

  // Two example applicants in their form: one the author expects the law to accept, one it must
  // refuse for his age (art. 3º, I) — each judged by the pack's rules when saved. Written first
  // with the wrong outcome, the second blocks the draft until "Retirar" takes it out.
  await writeExample(page, town.name, {
    name: "Mototaxista de 30 anos, CNH A há 5 anos com EAR, moto de 2022 com 160 cc",
  });
  await writeExample(page, town.name, { name: "Mototaxista de 20 anos", birthDate: "2006-01-15" });
  const wrongExample = page.getByRole("alert").filter({ hasText: 'exemplo "Mototaxista de 20 anos"' });
  await expect(wrongExample).toContainText("min_age");
  await page
    .getByRole("region", { name: "Exemplos de requerentes" })
    .getByRole("button", { name: /^Retirar\s*:\s*exemplo Mototaxista de 20 anos/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Exemplo “Mototaxista de 20 anos” retirado" })).toBeVisible();
  await expect(wrongExample).toHaveCount(0);
  await writeExample(page, town.name, {
    name: "Mototaxista de 20 anos",
    birthDate: "2006-01-15",
    refusedBy: ["min_age"],
  });
  const examples = page.getByRole("region", { name: "Exemplos de requerentes" });
  await expect(examples).toContainText("Mototaxista de 20 anos — Mototáxi — Autônomo (titular): recusado por min_age");
  expect(JSON.parse(await editor.inputValue()).examples).toHaveLength(2);
  await saveWithoutProblems(page);
  await page.getByRole("button", { name: "Enviar para publicação" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Rascunho enviado" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publicar a nova versão" })).toHaveCount(0);
  await signOut(page);
});

test("another gestor publishes it as the first version, from today", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, staff.publisher, PASSWORD);
  await page.goto(`/m/${town.slug}/regras/rascunho`);
  await expect(page.getByText("a primeira versão do pacote")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "O texto não tem problemas" })).toContainText(
    "Os 2 exemplos dão o resultado esperado.",
  );
  await page.getByRole("button", { name: "Publicar a nova versão" }).click();
  // From today: the first version, in force from today's midnight in the town.
  const today = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(new Date());
  await expect(page.getByRole("status").filter({ hasText: "Versão 1.0.0 publicada" })).toContainText(
    `Novos requerimentos são avaliados por ela a partir de ${today}`,
  );
  await expect(page.getByText("Crachá de identificação").first()).toBeVisible();
  // The fee of art. 7º in the town's own fiscal unit, as included from the law's proposal and named in its form.
  await expect(page.getByText(`${FEE_LABEL}: 5 UFVI`)).toBeVisible();
  // Under it, the federal layer as evaluation applies it: the CTB's six-monthly vistoria of the
  // motofrete over the town's annual one (art. 5º), whose items the town's law does not list.
  const federal = page.getByRole("region", { name: "A camada federal" });
  await expect(federal.getByRole("row").filter({ hasText: "Vistoria a cada 6 meses." })).toContainText(
    `Mais exigente que a lei municipal (${LAW_LABEL}, art. 5º): vale a federal.`,
  );
  await expect(
    federal.getByRole("row").filter({ hasText: "Item da vistoria: Aparador de linha (corta-pipas) fixado no guidom." }),
  ).toContainText("A lei municipal não trata disto: vale a federal.");
  await signOut(page);
  // Published, the rules are public: anyone reads them beside the law, on a phone.
  await readPublicRules(page, town, [`${FEE_LABEL}: 5 UFVI`], "Vistoria a cada 6 meses.");
});

/** The plate of this run's motorcycle (Mercosul): VIP, a digit, a letter, two digits. */
const plate = () => {
  const n = Date.now() % 100_000;
  return `VIP${n % 10}${String.fromCharCode(65 + (Math.floor(n / 10) % 26))}${String(Math.floor(n / 260) % 100).padStart(2, "0")}`;
};

test("a new driver applies in the town, its analyst approves, and the crachá the law describes verifies VÁLIDO", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const driver: Driver = await signUp(page, "Ivo Mototaxista do Vale");
  // Published, the town is open: offered to a driver with the category and mode its pack creates.
  const id = await startApplication(page, {
    municipality: `${town.name} (MG)`,
    category: "Mototáxi",
    mode: /Autônomo/,
  });
  await answer(
    page,
    personalAnswers({ cnh: "A", cep: "35999-000", city: town.name, uf: "MG", bloodType: "B+" }),
    "Veículo",
  );
  const motorcycle = plate();
  await answer(
    page,
    motorcycleAnswers({ plate: motorcycle, city: town.name, passengers: true, cargo: false }),
    "Documentos",
  );
  // The documents the pack asks (art. 3º, II, IV, VI and § 1º; the photo of art. 8º, a) are in the checklist.
  for (const label of [
    "Carteira Nacional de Habilitação",
    "Certificado de aprovação no curso especializado",
    "Certidão negativa criminal",
    "Atestado de antecedentes criminais (Polícia Civil)",
    "Comprovante de residência",
    "Fotografia do condutor para o crachá",
  ])
    await expect(page.getByText(label).first()).toBeVisible();
  await uploadAndSubmit(page);
  const number = await applicationNumber(page, id);
  await signOut(page);

  await analystOpens(page, staff.analyst, driver, number, PASSWORD);
  await startReviewAndAcceptDocuments(page);
  await passVistoria(page);
  const issued = await approve(page);
  const serial = await issuedSerial(issued, "Crachá");
  await issuedSerial(issued, "Selo de vistoria");
  await signOut(page);

  // The driver's own copy: /credenciais → "Baixar … (PDF)" under the crachá's heading.
  await signIn(page, driver.email, driver.password);
  await page.goto("/credenciais");
  const card = page.getByRole("region", { name: /^Crachá/ });
  await expect(card.getByText("VÁLIDO", { exact: true })).toBeVisible();
  const href = await card.getByRole("link", { name: /^Baixar .* \(PDF\)$/ }).getAttribute("href");
  const badge = await downloadPdf(page, href!);
  // Art. 8º: name and photo (a), the permit's number (b), blood type (c); valid for one year.
  expect(await pdfImages(badge)).toContain("300x400");
  await expectPrinted(badge, {
    nome: driver.name,
    registro: serial,
    "tipo sanguíneo": "B+",
    "base legal": `${LAW_LABEL}, art. 8º`,
    validade: aYearFromToday("America/Sao_Paulo"),
  });
  const verification = await qrPath(badge);
  await signOut(page);
  await expectValid(page, verification);
  const photo = page.getByRole("img", { name: new RegExp(`Foto de ${driver.name}`) });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
