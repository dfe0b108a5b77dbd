// Journey: an analyst in Jardim — the one law with an appeal (Lei 904/1997, art. 30) — rules on the
// appeal against an auto whose decision suspended a credential (ADR 010, "Appeal ruling").
// Granted: the auto is annulled (Arquivado) and the suspension undone, so every verification says
// VÁLIDO again. Denied: the penalty stands for good (Decisão definitiva), the credential stays
// suspended. An unreasoned ruling is refused and changes nothing.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type AppealedAuto, createAppealedAuto } from "./fixtures/run";
import { expectAccessible, signIn } from "./support";

const ANALYST = "analista.jardim@credencia.demo";
const dateBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function verdictOf(request: APIRequestContext, token: string) {
  const r = await request.get(`/api/v1/verify/${token}`);
  expect(r.status()).toBe(200);
  return (await r.json()) as { verdict: string; credential?: { serial: string } };
}

const statusBadge = (page: Page) => page.locator(".bo-cabecalho .selo");
/** The <dd> of a row of the "Processo e prazos" list. */
const processRow = (page: Page, term: string) =>
  page
    .getByRole("region", { name: "Processo e prazos" })
    .locator("dt", { hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
const rulingPanel = (page: Page) => page.getByRole("region", { name: "Julgar o recurso" });
const history = (page: Page) => page.getByRole("list", { name: "Histórico do auto" });

/** Opens the auto and checks it waits for the ruling, with the credential suspended by its decision. */
async function openAppealed(page: Page, request: APIRequestContext, x: AppealedAuto) {
  expect(x.auto.status).toBe("APPEALED");
  expect(await verdictOf(request, x.credential.token)).toMatchObject({
    verdict: "SUSPENDED",
    credential: { serial: x.credential.serial },
  });
  await page.goto(`/m/jardim/autos/${x.auto.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Auto ${x.auto.number}` })).toBeVisible();
  await expect(statusBadge(page)).toHaveText("Em recurso");
  await expect(processRow(page, "Decisão")).toContainText("suspensão por 30 dias");
  await expect(processRow(page, "Recurso")).toContainText(
    `${dateBr(x.today)}: O condutor alega que estava fora de serviço.`,
  );
  await expect(processRow(page, "Julgamento do recurso")).toHaveText("aguardando julgamento");
  await expect(rulingPanel(page)).toBeVisible();
}

test.describe("the appeal ruling on an auto de infração", () => {
  test("an unreasoned ruling is refused; a granted appeal annuls the auto and reinstates the suspended credential", async ({
    page,
    request,
  }) => {
    const x = createAppealedAuto("jardim");
    await signIn(page, ANALYST);
    await openAppealed(page, request, x);
    const panel = rulingPanel(page);
    await expect(
      panel.getByText(`a suspensão aplicada por este auto à credencial ${x.credential.serial} é desfeita`),
    ).toBeVisible();
    await expectAccessible(page);

    // An empty reason: the browser's own check is switched off so the server's is what answers.
    await panel.getByLabel(/Deferir — anular a penalidade/).check();
    await panel.locator("form").evaluate((f: HTMLFormElement) => {
      f.noValidate = true;
    });
    const refused = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" &&
        new URL(r.url()).pathname.replace(/\.data$/, "") === `/m/jardim/autos/${x.auto.id}`,
    );
    await panel.getByRole("button", { name: "Registrar o julgamento do recurso" }).click();
    expect((await refused).status()).toBe(400);
    const reason = panel.getByLabel("Fundamentação do julgamento");
    await expect(panel.getByText("Fundamente o julgamento do recurso (ao menos 10 caracteres).")).toBeVisible();
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toHaveAccessibleDescription("Fundamente o julgamento do recurso (ao menos 10 caracteres).");
    await expect(panel.getByLabel(/Deferir — anular a penalidade/)).toBeChecked(); // what was chosen is kept
    await expect(page).not.toHaveURL(/ok=appeal_ruling/);
    await expect(page.getByText("Julgamento do recurso registrado.")).toHaveCount(0);
    // Nothing changed: still under appeal, still waiting for the ruling, still suspended.
    await expect(statusBadge(page)).toHaveText("Em recurso");
    await expect(processRow(page, "Julgamento do recurso")).toHaveText("aguardando julgamento");
    await expect(history(page)).not.toContainText("Recurso deferido");
    expect((await verdictOf(request, x.credential.token)).verdict).toBe("SUSPENDED");
    await expectAccessible(page);

    // Granted, with a reason.
    const why = "As fotos não mostram o condutor em serviço; penalidade anulada.";
    await reason.fill(why);
    await panel.getByRole("button", { name: "Registrar o julgamento do recurso" }).click();
    await expect(page).toHaveURL(new RegExp(`/m/jardim/autos/${x.auto.id}\\?ok=appeal_ruling$`));
    await expect(page.getByRole("status").filter({ hasText: "Julgamento do recurso registrado." })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Arquivado");
    await expect(processRow(page, "Julgamento do recurso")).toHaveText(
      `${dateBr(x.today)}: deferido — penalidade anulada, auto arquivado — ${why}`,
    );
    const note = page.getByRole("region", { name: "Processo e prazos" }).locator("p.aviso");
    await expect(note).toHaveText(
      `Credencial ${x.credential.serial}. A suspensão aplicada por este auto foi desfeita: a credencial voltou a ficar ativa.`,
    );
    await expect(note).toHaveClass(/sucesso/);
    await expect(note.getByRole("link", { name: x.credential.serial })).toHaveAttribute(
      "href",
      `/m/jardim/credenciais/${x.credential.id}`,
    );
    await expect(rulingPanel(page)).toHaveCount(0); // ruled once, no form to rule again
    const ruled = history(page)
      .getByRole("listitem")
      .filter({ hasText: "Recurso deferido: penalidade anulada e auto arquivado" });
    await expect(ruled).toHaveCount(1);
    await expect(ruled).toContainText(why);
    await expect(ruled).toContainText("a credencial voltou a ficar ativa");

    // Every verification says so at once.
    expect(await verdictOf(request, x.credential.token)).toMatchObject({
      verdict: "VALID",
      credential: { serial: x.credential.serial },
    });
    // And the credential's own page shows it active, with the reinstatement in its history.
    await note.getByRole("link", { name: x.credential.serial }).click();
    await expect(page).toHaveURL(new RegExp(`/m/jardim/credenciais/${x.credential.id}$`));
    await expect(page.locator(".bo-cabecalho .selo")).toHaveText("Ativa");
    await expect(page.getByText(`Recurso deferido no auto ${x.auto.number}: suspensão anulada`).first()).toBeVisible();
  });

  test("a denied appeal makes the decision final and keeps the credential suspended", async ({ page, request }) => {
    const x = createAppealedAuto("jardim");
    await signIn(page, ANALYST);
    await openAppealed(page, request, x);
    const panel = rulingPanel(page);
    const why = "O relatório do fiscal e as fotos comprovam a infração.";
    await panel.getByLabel(/Indeferir — manter a penalidade/).check();
    await panel.getByLabel("Fundamentação do julgamento").fill(why);
    await expect(panel.getByLabel("Recurso julgado em")).toHaveValue(x.today);
    await panel.getByRole("button", { name: "Registrar o julgamento do recurso" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Julgamento do recurso registrado." })).toBeVisible();
    await expect(statusBadge(page)).toHaveText("Decisão definitiva");
    await expect(processRow(page, "Julgamento do recurso")).toHaveText(
      `${dateBr(x.today)}: indeferido — penalidade mantida em definitivo — ${why}`,
    );
    await expect(page.getByRole("region", { name: "Processo e prazos" }).locator("p.aviso")).toHaveCount(0); // nothing done to the credential
    await expect(rulingPanel(page)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Recurso" })).toHaveCount(0); // no second appeal
    const ruled = history(page).getByRole("listitem").filter({ hasText: "Recurso indeferido: penalidade mantida" });
    await expect(ruled).toHaveCount(1);
    await expect(ruled).toContainText(why);
    expect((await verdictOf(request, x.credential.token)).verdict).toBe("SUSPENDED");
    await expectAccessible(page);
  });
});
