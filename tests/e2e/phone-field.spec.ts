// The fiscal's journey on a cheap phone (issue #16): landing on the scanner with the camera first
// (and the torch, where the camera has one), a typed code offline answered by a verdict banner,
// focused, the infraction found by typing, the place from the GPS, the auto kept on the phone and
// sent when the connection returns, and the autos listed as cards. Taps and typed fields are
// counted, with a ceiling at today's figures. The passenger's journey: phone-passenger.spec.ts.
import { expect, type Page, test } from "@playwright/test";
import { createCredential, type CreatedCredential } from "./fixtures/run";
import { countEffort, effort, expectFocusOn, expectNoSidewaysScroll, PHONE, phoneUse } from "./phone";
import { expectAccessible, signIn } from "./support";

test.use(phoneUse);

const FISCAL = "fiscal.patrocinio@credencia.demo";

// Measured on this portal (issue #16's journeys); a journey that grows past them fails. The
// whole test (sign-in, camera, online and offline checks, the auto) and the offline auto alone:
// from the QR's link typed offline to "Registrar auto".
const FISCAL_CEILING = { taps: 8, fields: 7 };
const OFFLINE_AUTO_CEILING = { taps: 4, fields: 3 };

let patrocinio: CreatedCredential;
test.beforeAll(() => {
  patrocinio = createCredential("patrocinio");
});

const shot = (page: Page, name: string) => page.screenshot({ path: `docs/previews/phone-fiscal-${name}.png` });

test.describe("the fiscal", () => {
  test("lands on the scanner, works offline, finds the infraction by typing and lists the autos as cards", async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await countEffort(page);
    await signIn(page, FISCAL); // asserts the landing on /fiscal
    const start = page.getByRole("button", { name: "Ler QR code com a câmera" });
    await expect(start).toBeVisible();
    const box = (await start.boundingBox())!;
    expect(box.y + box.height, "the camera starts within the first screen").toBeLessThanOrEqual(PHONE.height);
    // Headless Chromium has no camera: the scanner says so, and no torch is offered.
    await start.click();
    await expect(page.getByRole("alert")).toContainText(/câmera/);
    await expect(page.getByRole("button", { name: "Lanterna" })).toHaveCount(0);
    await expectFocusOn(page.getByRole("alert"));
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, "leitor");

    // Online, a typed code opens the fiscal view with the verdict focused.
    await page.getByLabel("Código impresso ou link do QR code").fill(patrocinio.code);
    await page.getByRole("button", { name: "Consultar" }).click();
    await expect(page).toHaveURL(new RegExp(`/fiscal/credencial/${patrocinio.serial}\\?codigo=`));
    await expectFocusOn(page.getByRole("status").filter({ hasText: "VÁLIDO" }));
    await expectNoSidewaysScroll(page);

    await page.goto("/fiscal");
    await expect(page.getByText("Pronto para uso sem conexão")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Lista de situação de/)).toBeVisible();
    await context.setOffline(true);
    await page.reload(); // served by the service worker
    await expect(page.getByText("Sem conexão", { exact: true })).toBeVisible();

    // Offline, a typed code gets a verdict banner (not a sentence), focused and on screen.
    await page.getByLabel("Código impresso ou link do QR code").fill(patrocinio.code);
    await page.getByRole("button", { name: "Consultar" }).click();
    const typed = page.getByRole("status").filter({ hasText: "NÃO CONFIRMADO" });
    await expect(typed).toContainText("VERIFICAÇÃO OFFLINE");
    await expect(typed).toContainText("não consta entre as suspensas e cassadas");
    await expectFocusOn(typed);
    await expectNoSidewaysScroll(page);
    await shot(page, "offline-digitado");
    const beforeAuto = await effort(page);

    // Offline, the QR's link: verified on the phone, focused, then the auto.
    await page.getByLabel("Código impresso ou link do QR code").fill(`${baseURL}/v/${patrocinio.token}`);
    await page.getByRole("button", { name: "Consultar" }).click();
    const valid = page.getByRole("status").filter({ hasText: "VÁLIDO" });
    await expect(valid).toContainText("VERIFICAÇÃO OFFLINE");
    await expectFocusOn(valid);
    await shot(page, "offline-valido");

    await page.getByLabel("Buscar infração").fill("capacete");
    const equipment = page.getByRole("radio", {
      name: "Art. 31, Grupo 2, I — Não manter nos veículos os equipamentos exigidos (média)",
    });
    await expect(equipment).toBeVisible();
    await expect(page.getByRole("radio", { name: /Sonegar troco/ })).toHaveCount(0);
    await expect(page.getByText("2 infrações encontradas.")).toBeVisible();
    await equipment.check();
    await page.getByLabel("Local").fill("Av. Faria Pereira, 500");
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: -18.9438123, longitude: -46.9925871, accuracy: 12 });
    await page.getByRole("button", { name: "Usar minha localização" }).click();
    await expect(page.getByLabel("Local")).toHaveValue("Av. Faria Pereira, 500 — GPS -18.943812, -46.992587 (±12 m)");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Registrar auto" }).click();
    await expect(page.getByText("o auto foi guardado neste aparelho")).toBeVisible();
    // The result takes the screen and the focus; the form gives way, so nothing invites sending it
    // twice (issue #34, item 8: the message was 551 px above, over an empty form).
    await expectFocusOn(page.getByRole("status").filter({ hasText: "o auto foi guardado neste aparelho" }));
    await expect(page.getByRole("button", { name: "Registrar auto" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Lavrar outro auto" })).toBeVisible();
    await shot(page, "auto-guardado");
    const afterAuto = await effort(page);
    const auto = { taps: afterAuto.taps - beforeAuto.taps, fields: afterAuto.fields - beforeAuto.fields };
    console.log(`fiscal offline auto: ${auto.taps} taps, ${auto.fields} typed fields`);

    await context.setOffline(false);
    await expect(page.getByText(/Auto de infração nº AI-[A-Z]+-\d{4}-\d{6} registrado\./)).toBeVisible({
      timeout: 20_000,
    });

    await page.goto("/fiscal/autos");
    const card = page.getByRole("listitem").filter({ hasText: patrocinio.serial }).first();
    await expect(card).toContainText("Art. 31, Grupo 2, I — Não manter nos veículos os equipamentos exigidos (média)");
    await expect(card).toContainText("GPS -18.943812, -46.992587 (±12 m)");
    await expect(page.getByText(/ART31_G2_I|classe MEDIA/)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await shot(page, "autos");

    const spent = await effort(page);
    console.log(`fiscal (sign-in to autos list): ${spent.taps} taps, ${spent.fields} typed fields`);
    expect(auto.taps).toBeLessThanOrEqual(OFFLINE_AUTO_CEILING.taps);
    expect(auto.fields).toBeLessThanOrEqual(OFFLINE_AUTO_CEILING.fields);
    expect(spent.taps).toBeLessThanOrEqual(FISCAL_CEILING.taps);
    expect(spent.fields).toBeLessThanOrEqual(FISCAL_CEILING.fields);
  });

  test("a camera with a torch offers Lanterna, and a tap lights it through applyConstraints", async ({ page }) => {
    // Headless Chromium has no camera with a torch: getUserMedia answers with a canvas's stream
    // whose track says it has one (getCapabilities) and records what it is asked (applyConstraints).
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      Object.assign(window, { __torchCalls: calls });
      navigator.mediaDevices.getUserMedia = async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 320;
        canvas.height = 240;
        const ctx = canvas.getContext("2d")!;
        let frame = 0;
        const paint = () => {
          ctx.fillStyle = frame++ % 2 ? "#777" : "#888";
          ctx.fillRect(0, 0, canvas.width, canvas.height);
        };
        paint();
        window.setInterval(paint, 100);
        const stream = canvas.captureStream(10);
        const track = stream.getVideoTracks()[0];
        const capabilities = track.getCapabilities?.() ?? {};
        track.getCapabilities = () => ({ ...capabilities, torch: true }) as MediaTrackCapabilities;
        track.applyConstraints = async (constraints?: MediaTrackConstraints) => {
          calls.push(constraints);
        };
        return stream;
      };
    });
    await signIn(page, FISCAL);
    await page.getByRole("button", { name: "Ler QR code com a câmera" }).click();
    const torch = page.getByRole("button", { name: "Lanterna" });
    await expect(torch).toBeVisible();
    await expect(torch).toHaveAttribute("aria-pressed", "false");
    const calls = () => page.evaluate(() => (window as unknown as { __torchCalls: unknown[] }).__torchCalls);
    expect(await calls()).toEqual([]);

    await torch.click();
    await expect(torch).toHaveAttribute("aria-pressed", "true");
    expect(await calls()).toEqual([{ advanced: [{ torch: true }] }]);
    await torch.click();
    await expect(torch).toHaveAttribute("aria-pressed", "false");
    expect(await calls()).toEqual([{ advanced: [{ torch: true }] }, { advanced: [{ torch: false }] }]);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });
});
