// The platform administrator's page of background jobs (/admin/tarefas): reached from the menu,
// it lists every kind of job with what the server's own workers did (the built server runs them:
// the daily routine and the storage sweep run a second after it starts), works on a phone and is
// accessible; nobody else may open it or post to it, and a post without the CSRF token is refused.
import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, PHONE } from "./phone";
import { expectAccessible, signIn } from "./support";

const ADMIN = "admin@credencia.demo";
const GESTOR = "gestor.itauna@credencia.demo";
const KINDS = [
  "Envio de e-mails (caixa de saída)",
  "Rotina diária (vencimentos, fim de suspensões, lembretes)",
  "Limpeza do armazenamento (sobras de envios interrompidos)",
  "Reemissão das credenciais de chave revogada",
];

test("the administrator sees each job with its last and next run, on a desktop and on a phone", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole("navigation").getByRole("link", { name: "Tarefas" }).click();
  await expect(page).toHaveURL(/\/admin\/tarefas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tarefas em segundo plano" })).toBeVisible();
  const table = page.getByRole("table", { name: /última e próxima execução/ });
  for (const label of KINDS) await expect(table.getByRole("row").filter({ hasText: label })).toHaveCount(1);

  // The server's workers ran the daily routine on start: its row says so, with a next run.
  const daily = table.getByRole("row").filter({ hasText: "Rotina diária" });
  await expect(async () => {
    await page.reload();
    await expect(daily.getByRole("cell").nth(3)).toHaveText("Concluída");
  }).toPass();
  await expect(daily.getByRole("cell").nth(1)).toHaveText("a cada hora");
  await expect(daily.getByRole("cell").nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
  await expect(daily.getByRole("cell").nth(4)).toHaveText(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);
  // No key of the demo is revoked: nothing waits for the re-issue (ADR 052).
  await expect(page.getByRole("heading", { name: "Credenciais em chave revogada" })).toBeVisible();
  await expect(page.getByText("Nenhuma credencial em vigor está assinada por uma chave revogada.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Falhas recentes" })).toBeVisible();
  // The demo has no SMTP server: mail stays in the outbox, and nothing was refused.
  await expect(page.getByText("Nenhum e-mail com falha de envio.")).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  // On a phone each cell carries its column's name.
  await expect(daily.getByRole("cell").first()).toHaveAttribute("data-label", "Tarefa");
  await expectAccessible(page);
});

test("a municipal manager gets 403 on the page and on a retry, and a retry without CSRF is refused", async ({
  page,
  baseURL,
}) => {
  await signIn(page, GESTOR);
  await expect(page.getByRole("navigation").getByRole("link", { name: "Tarefas" })).toHaveCount(0);
  const response = await page.goto("/admin/tarefas");
  expect(response?.status()).toBe(403);
  const post = await page.request.post(`${baseURL}/admin/tarefas`, {
    form: { intent: "retry", failureId: "cxxxxxxxxxxxxxxxxxxxxxxxx", csrf: "x" },
  });
  expect(post.status()).toBe(403);

  const other = await page.context().browser()!.newContext();
  const admin = await other.newPage();
  await signIn(admin, ADMIN);
  const forged = await admin.request.post(`${baseURL}/admin/tarefas`, {
    form: { intent: "retry", failureId: "cxxxxxxxxxxxxxxxxxxxxxxxx" },
    headers: { Origin: "https://site-malicioso.example" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await other.close();
});
