import { test } from "@playwright/test";
import { signIn } from "./support";
test("debug", async ({ page }) => {
  await signIn(page, "operador.jardim@credencia.demo");
  await page.goto("/operadora");
  await page.getByRole("link", { name: "Abrir Moto Táxi Pantanal" }).click();
  await page.getByRole("link", { name: "Frota", exact: true }).click();
  const b = page.locator("main button").last();
  console.log(await b.isVisible(), JSON.stringify(await b.boundingBox()));
  console.log(await b.evaluate((el) => { const out = []; let e: Element | null = el; while (e) { const s = getComputedStyle(e); out.push(`${e.tagName}.${e.className} d=${s.display} v=${s.visibility} ah=${e.getAttribute("aria-hidden")} inert=${(e as HTMLElement).inert}`); e = e.parentElement; } return out.join("\n"); }));
  console.log(await page.locator("main").ariaSnapshot());
});
