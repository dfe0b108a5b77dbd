// Steps of the rules draft page (/m/<municipio>/regras/rascunho) that the e2e specs share, and the
// public reading of the rules once published (/regras/<municipio>).
import type { Page } from "@playwright/test";
import { expect } from "./journey-steps";
import { expectAccessible, settled } from "./support";

/** "Salvar e conferir", waiting for its answer: the problems shown before stay on the page until then. */
async function saveAndCheck(page: Page) {
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/regras/rascunho"));
  await page.getByRole("button", { name: "Salvar e conferir" }).click();
  await saved;
  await settled(page);
}

/** "Salvar e conferir" with no problem left: a problem the page names fails here, listed. */
export async function saveWithoutProblems(page: Page) {
  await saveAndCheck(page);
  const clean = page.getByRole("status").filter({ hasText: "O texto não tem problemas" });
  const problems = page.getByRole("alert").filter({ hasText: "no texto" });
  await expect(clean.or(problems).first()).toBeVisible();
  expect(await problems.allInnerTexts()).toEqual([]);
  await expect(clean).toBeVisible();
}

/**
 * "Quem a lei credencia": each service the law offers, the unit that creates it and the act the
 * autonomous driver gets, saved; a service marked with no act is refused first, naming it, and
 * stays marked.
 */
export async function chooseWhoTheLawCredentials(
  page: Page,
  citation: string,
  services: readonly (readonly [service: string, act: string])[],
) {
  const who = page.getByRole("region", { name: "Quem a lei credencia" });
  const save = who.getByRole("button", { name: "Salvar quem a lei credencia" });
  const [first] = services[0];
  await who.getByRole("group", { name: first }).getByLabel("A lei credencia este serviço").check();
  await save.click();
  await expect(who.getByRole("alert")).toContainText(
    `${first}: escolha o ato de ao menos uma modalidade (ou desmarque a categoria).`,
  );
  await expect(who.getByRole("group", { name: first }).getByLabel("A lei credencia este serviço")).toBeChecked();
  for (const [service, act] of services) {
    const group = who.getByRole("group", { name: service });
    await group.getByLabel("A lei credencia este serviço").check();
    await group.getByLabel("Dispositivo da lei que cria o serviço").selectOption(citation);
    await group.getByLabel("Condutor autônomo (titular): ato").selectOption({ label: act });
  }
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Quem a lei credencia foi salvo" })).toBeVisible();
  return who;
}

/**
 * The town's rules as anyone reads them on a phone, reached from its law's page: the rules the
 * town's law makes (these texts among them) and the federal layer (this rule of it).
 */
export async function readPublicRules(
  page: Page,
  town: { name: string; slug: string },
  townRules: string[],
  federalRule: string,
) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/leis/${town.slug}`);
  await page.getByRole("link", { name: "Ver as regras que o portal aplica, com a camada federal" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Regras de credenciamento — ${town.name} (MG)`);
  for (const text of townRules) await expect(page.getByText(text)).toBeVisible();
  await expect(page.getByRole("region", { name: "A camada federal" })).toContainText(federalRule);
  await expectAccessible(page);
  await page.screenshot({ path: "docs/previews/phone-regras-publicas.png" });
}
