import { expect, test } from "@playwright/test";
import { signIn } from "./support";

// The production server's headers as the browser gets them (issue #13 items 6 and 7): Remix's
// inline scripts carry the response's CSP nonce, so the page hydrates under a policy with no
// 'unsafe-inline' for scripts; and the sign-in page's 429 tells when to come back.

function nonceOf(csp: string | undefined): string {
  const match = /script-src [^;]*'nonce-([^']+)'/.exec(csp ?? "");
  if (!match) throw new Error(`sem nonce na CSP: ${csp}`);
  return match[1];
}

test("every inline script carries the response's nonce and the app hydrates with no CSP violation", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto("/entrar");
  const csp = response!.headers()["content-security-policy"];
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const nonce = nonceOf(csp);
  // Remix's router exists only once its inline module script ran: hydration worked.
  await page.waitForFunction(() => Boolean((window as unknown as { __remixRouter?: unknown }).__remixRouter));
  const scripts = await page
    .locator("script:not([src])")
    .evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((n) => n === nonce)).toBe(true);

  // Client-side navigation and a form still work: sign in and move around without reloads.
  await signIn(page, "condutor.joao@credencia.demo");
  const second = await page.goto("/entrar");
  expect(nonceOf(second!.headers()["content-security-policy"])).not.toBe(nonce);
  expect(violations).toEqual([]);
});

test("a throttled sign-in answers 429 with Retry-After", async ({ page }) => {
  await page.goto("/entrar");
  const csrf = await page.locator("input[name=csrf]").first().inputValue();
  const login = `ninguem.${Date.now()}@exemplo.com.br`;
  let last = 0;
  let retryAfter: string | undefined;
  for (let i = 0; i < 6; i++) {
    const res = await page.request.post("/entrar", {
      form: { csrf, login, password: `errada-${i}` },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    last = res.status();
    retryAfter = res.headers()["retry-after"];
  }
  expect(last).toBe(429);
  expect(Number(retryAfter)).toBeGreaterThan(0);
});

test("/favicon.ico, which browsers ask for by themselves, is an icon and not a 404 (issue #34, item 8)", async ({
  request,
}) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  const bytes = await response.body();
  // An ICO's header: reserved 0, type 1 (icon), then how many images it holds.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 3]);
});
