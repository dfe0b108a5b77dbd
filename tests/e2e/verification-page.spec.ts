import { expect, test } from "@playwright/test";
import { expectAccessible, runFixture } from "./support";

test("the page behind a badge's QR says VÁLIDO with the holder's photo, light and without scripts", async ({
  page,
}) => {
  const token = runFixture("tests/e2e/fixtures/credential-token.ts", "condutor.lukasz@credencia.demo", "CRACHA").trim();
  let bytes = 0;
  page.on("response", async (r) => {
    const body = await r.body().catch(() => Buffer.alloc(0));
    bytes += body.length;
  });
  const response = await page.goto(`/v/${token}`);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("status")).toContainText("VÁLIDO");
  await expect(page.getByText("Łukasz Nguyễn Kowalski")).toBeVisible();
  const photo = page.getByRole("img", { name: /Foto de/ });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await page.locator("script").count()).toBe(0);
  await page.waitForLoadState("networkidle");
  expect(bytes).toBeLessThan(100 * 1024);
  await expect(page.getByText(/barra de endereço/)).toBeVisible();
  await expectAccessible(page);

  // Typing the printed code shows the data but never the photo.
  const code = (await page
    .getByText(/^PTC-MB-\d{4}-\d{6}-[0-9A-Z]{4}$/)
    .first()
    .textContent())!;
  await page.goto(`/v?codigo=${code}`);
  await expect(page.getByRole("status")).toContainText("VÁLIDO");
  await expect(page.getByRole("img")).toHaveCount(0);
});
