import { chromium } from "@playwright/test";
const B = "http://localhost:3321";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: "pt-BR" });
const page = await context.newPage();
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
context.on("serviceworker", (w) => console.log("sw:", w.url()));
await page.goto(B + "/entrar");
await page.getByLabel("CPF ou e-mail").fill("fiscal.itauna@credencia.demo");
await page.getByLabel("Senha").fill("demonstracao-credencia");
await page.getByRole("button", { name: "Entrar" }).click();
await page.waitForURL(/painel/);
await page.goto(B + "/fiscal");
await page.waitForTimeout(8000);
console.log(await page.evaluate(async () => {
  const regs = await navigator.serviceWorker.getRegistrations(); const reg = regs[0];
  const keys = await caches.keys();
  const entries = [];
  for (const k of keys) { const c = await caches.open(k); entries.push(...(await c.keys()).map(r => r.url)); }
  return JSON.stringify({ reg: reg && { active: reg.active?.state, installing: reg.installing?.state, waiting: reg.waiting?.state, scope: reg.scope }, controller: !!navigator.serviceWorker.controller, keys, entries });
}));
console.log(await page.locator(".fiscal-estado").innerText());
await browser.close();
