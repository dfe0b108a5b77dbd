// "Entrar com gov.br" while gov.br does not answer (issue #29), in Chromium: the portal's own page
// says so and offers the CPF-and-password sign-in — never the browser's connection error nor a
// 500. A second server on this worker's database is given a provider address of its own
// (GOVBR_ISSUER), so the local provider tests/e2e/govbr.spec.ts runs, maybe at the same time on
// another worker, is neither needed nor disturbed. Each failure point has its unit test in
// tests/unit/utils/govbr-down.test.ts (discovery, token exchange, timeouts).
import { createServer, type Server, type Socket } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { type SecondServer, startSecondServer } from "./second-server";
import { expectAccessible } from "./support";

test.describe.configure({ mode: "serial" });

/** A loopback port nothing listens on (the operating system's choice, released at once). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

let providerPort: number;
let portal: SecondServer;

test.beforeAll(async () => {
  providerPort = await freePort();
  portal = await startSecondServer({ env: { GOVBR_ISSUER: `http://127.0.0.1:${providerPort}` } });
});
test.afterAll(async () => {
  await portal?.stop();
});

/** From the sign-in page, presses the gov.br button and checks the portal's page that answers. */
async function pressGovbrAndSeeThePortalsPage(page: Page) {
  await page.goto(`${portal.url}/entrar`);
  await page.getByRole("link", { name: "Entrar com gov.br" }).click();
  await expect(page).toHaveURL(`${portal.url}/entrar/govbr`);
  await expect(page.getByRole("heading", { name: "Entrar com gov.br" })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveText(
    "O gov.br não respondeu agora. Tente de novo em alguns minutos ou entre com CPF e senha.",
  );
  await expectAccessible(page);
  await page.getByRole("link", { name: "Entrar com CPF e senha" }).click();
  await expect(page).toHaveURL(`${portal.url}/entrar`);
  await expect(page.getByLabel("CPF ou e-mail")).toBeVisible();
}

test("gov.br refuses the connection: the portal's page, then the CPF-and-password sign-in", async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url() === `${portal.url}/entrar/govbr`);
  await pressGovbrAndSeeThePortalsPage(page);
  expect((await answer).status()).toBe(503);
});

test("gov.br accepts the connection and never answers: the same page once the timeout runs out, on a phone", async ({
  page,
}) => {
  // A provider that takes the connection and says nothing: the portal waits GOVBR_TIMEOUT_MS (3 s), not minutes.
  const held: Socket[] = [];
  const silent: Server = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(providerPort, "127.0.0.1", resolve));
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await pressGovbrAndSeeThePortalsPage(page);
    expect(held.length).toBeGreaterThan(0);
  } finally {
    held.forEach((s) => s.destroy());
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
});
