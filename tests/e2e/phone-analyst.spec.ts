import { type Page, test } from "@playwright/test";
import { expect } from "./journey-steps";
import { countEffort, effort, expectFocusOn, expectNoSidewaysScroll, phoneUse } from "./phone";
import { expectAccessible, gotoHydrated, runFixture, signIn } from "./support";

// The analyst on a 360×740 phone (issue #16): the municipality's home shows the workload by stage
// and the oldest waiting; an application whose checklist fails offers "Aprovar" disabled with the
// reason; one that passes is approved through the confirmation page, and the credentials issued
// are listed. Every page: no sideways scroll at 320 px, axe clean. The applications are made by
// the back-office fixture (a driver's submitted application; one already reviewed, ready to decide).
// The approval is counted as the analyst spends it — sign-in, the home's count, the queue, the
// application, "Aprovar", "Confirmar e emitir" — with a ceiling at today's figures; a refused
// request for corrections (no note) takes focus to the error summary.

// Measured on this portal (issue #16's journeys); a journey that grows past them fails.
const APPROVAL_CEILING = { taps: 6, fields: 2 };

const shot = (page: Page, name: string) => page.screenshot({ path: `docs/previews/phone-analista-${name}.png` });

const ANALYST = "analista.patrocinio@credencia.demo";

type Created = { applicationId: string; number: string; name: string; plate: string };
const fixture = (...args: string[]): Created =>
  JSON.parse(
    runFixture("tests/e2e/fixtures/back-office.ts", ...args)
      .trim()
      .split("\n")
      .pop()!,
  ) as Created;

test.use(phoneUse);

/** The confirmation a decision shows; when it is missing, the failure says what the page said instead. */
async function expectStatus(page: Page, text: string) {
  try {
    await expect(page.getByRole("status")).toContainText(text);
  } catch (error) {
    const said = (
      await page
        .locator("main")
        .innerText()
        .catch(() => "(sem <main>)")
    ).slice(0, 1_000);
    throw new Error(`${(error as Error).message}\nEm ${page.url()} a página diz:\n${said}`);
  }
}

test("on a phone, the analyst sees the workload, finds Aprovar disabled with the reason, and approves a ready application through the confirmation", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const pending = fixture("application", "patrocinio", "Paulo Pendente no Celular");
  const ready = fixture("ready", "patrocinio", "Renata Pronta no Celular", ANALYST);

  // The municipality's home: counts by stage, each linking to the filtered queue, and the oldest waiting.
  await countEffort(page);
  await signIn(page, ANALYST);
  await page.getByRole("link", { name: "Abrir painel do município" }).first().click();
  await expect(page).toHaveURL(/\/m\/patrocinio$/);
  const workload = page.getByRole("region", { name: "Requerimentos em andamento" });
  await expect(workload.getByRole("link", { name: /^Novos: \d+$/ })).toBeVisible();
  await expect(workload.getByRole("link", { name: /^Aguardando correção: \d+$/ })).toBeVisible();
  await expect(workload.getByRole("link", { name: /^Vistoria marcada: \d+$/ })).toBeVisible();
  const decide = workload.getByRole("link", { name: /^Prontos para decisão: \d+$/ });
  await expect(decide).toBeVisible();
  expect(Number((await decide.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(1);
  await expect(workload.getByText(/^Mais antigo: REQ-/).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Autos de infração e seus prazos" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "inicio");

  // The count opens the queue on that stage; the ready application is there.
  await decide.click();
  await expect(page.getByText("Etapa: Prontos para decisão")).toBeVisible();
  await expect(page.getByRole("link", { name: ready.number })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, "fila");

  // The ready one: "Aprovar" leads to the confirmation, which says what will be issued.
  await page.getByRole("link", { name: ready.number }).click();
  await page.getByRole("link", { name: "Aprovar e emitir credenciais" }).click();
  await expect(page.getByRole("heading", { name: `Confirmar a aprovação — ${ready.number}` })).toBeVisible();
  const summary = page.getByRole("region", { name: "O que será emitido" });
  await expect(summary).toContainText(ready.name);
  await expect(summary).toContainText(ready.plate.slice(0, 3));
  await expect(summary.getByRole("list", { name: "Credenciais a emitir" })).toContainText("Crachá");
  await expect(summary.getByRole("link", { name: "Voltar" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "confirmar");

  await page.getByRole("button", { name: "Confirmar e emitir" }).click();
  const status = page.getByRole("status").filter({ hasText: "credenciais emitidas" });
  // Issuing signs and renders the credentials: wait for the result page, then check where focus went.
  await expect(status).toBeVisible();
  await expectFocusOn(status);
  const issued = page.locator("#credenciais");
  await expect(issued.getByRole("heading", { name: "Credenciais emitidas" })).toBeVisible();
  await expect(issued).toContainText("Crachá");
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "emitido");

  const spent = await effort(page);
  console.log(`analyst approval (sign-in to credentials issued): ${spent.taps} taps, ${spent.fields} typed fields`);
  expect(spent.taps).toBeLessThanOrEqual(APPROVAL_CEILING.taps);
  expect(spent.fields).toBeLessThanOrEqual(APPROVAL_CEILING.fields);

  // Back to the confirmation (a second submission, a reload): nothing is issued twice. Going back
  // asks the confirmation's loader, which sends an approved application to its own page: wait for
  // that answer and that page, or the checks below would read the page being left — and the next
  // page.goto would race the redirect still in flight.
  const count = await issued.getByRole("listitem").count();
  const confirmationAsked = page.waitForResponse((r) => /\/aprovar\.data/.test(r.url()));
  await page.goBack();
  await confirmationAsked;
  await expect(page).toHaveURL(new RegExp(`/requerimentos/${ready.applicationId}\\?ok=emitido`));
  await expect(page.getByRole("status").filter({ hasText: "credenciais emitidas" })).toBeVisible();
  await expect(page.locator("#credenciais").getByRole("listitem")).toHaveCount(count);

  // An application with documents not yet checked: "Aprovar" is disabled, the reason next to it.
  await gotoHydrated(page, `/m/patrocinio/requerimentos/${pending.applicationId}`);
  await page.getByRole("button", { name: "Iniciar análise" }).click();
  await expectStatus(page, "Análise iniciada");
  const approveDisabled = page.getByRole("button", { name: "Aprovar e emitir credenciais" });
  await expect(approveDisabled).toHaveAttribute("aria-disabled", "true");
  await expect(approveDisabled).toHaveAccessibleDescription(/Aprovação indisponível: .*documentos ainda não aceitos/);
  await expect(page.getByRole("link", { name: "Aprovar e emitir credenciais" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Pedir correções" })).not.toHaveClass(/secundario/);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, "aprovar-indisponivel");

  // Corrections asked with nothing refused and no note: refused, the summary takes focus and links to the note.
  await page.getByRole("button", { name: "Pedir correções" }).click();
  const errors = page.getByRole("alert").filter({ has: page.getByRole("link") });
  await expectFocusOn(errors);
  await errors.getByRole("link").first().click();
  await expect(page.getByLabel("Observação ao condutor")).toBeFocused();
  await expectNoSidewaysScroll(page);
});
