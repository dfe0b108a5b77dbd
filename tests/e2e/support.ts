import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "demonstracao-credencia";

export async function signIn(page: Page, login: string, password = DEMO_PASSWORD) {
  await page.goto("/entrar");
  await page.getByLabel("CPF ou e-mail").fill(login);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/painel/);
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Entrar" })).toBeVisible();
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** A valid CPF from nine base digits. */
export function cpfFrom(base9: string): string {
  const digits = base9.split("").map(Number);
  for (const len of [9, 10]) {
    const sum = digits.slice(0, len).reduce((acc, d, i) => acc + d * (len + 1 - i), 0);
    const r = (sum * 10) % 11;
    digits.push(r === 10 ? 0 : r);
  }
  return digits.join("");
}

let counter = 0;
/** A valid CPF, different on every call. */
export const newCpf = () => cpfFrom(String((Date.now() * 10 + counter++) % 1e9).padStart(9, "7"));

/** The newest link to `path` in the dev outbox for the address. */
export async function linkFromOutbox(page: Page, to: string, path: string): Promise<string> {
  await page.goto("/dev/caixa-de-saida");
  const message = page.locator("article").filter({ has: page.getByText(to, { exact: true }) }).first();
  const href = await message.locator(`a[href*="${path}"]`).first().getAttribute("href");
  if (!href) throw new Error(`nenhum link ${path} para ${to}`);
  return new URL(href).pathname;
}
