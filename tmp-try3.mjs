import { chromium } from "@playwright/test";
const B = "http://localhost:3321";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
const context = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: "pt-BR", serviceWorkers: "block" });
const page = await context.newPage();
await page.goto(B + "/entrar");
await page.getByLabel("CPF ou e-mail").fill("fiscal.itauna@credencia.demo");
await page.getByLabel("Senha").fill("demonstracao-credencia");
await page.getByRole("button", { name: "Entrar" }).click();
await page.waitForURL(/painel/);
await page.goto(B + "/fiscal");
console.log(await page.evaluate(async () => {
  const page = await fetch("/fiscal", { credentials: "same-origin", redirect: "manual", cache: "no-store" });
  const html = await page.text();
  const assets = [...new Set([...html.matchAll(/["'](\/build\/[^"'?#\s]+)["']/g)].map((m) => m[1]))];
  const out = [page.status];
  for (const a of [...assets, "/fiscal/manifest.webmanifest", "/fiscal/icon-192.png", "/fiscal/icon-512.png", "/fiscal/icon-maskable-512.png"]) { const r = await fetch(a); out.push(a + " " + r.status); }
  return out.join("\n");
}));
await browser.close();
