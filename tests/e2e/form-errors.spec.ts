// Forms in their error state on a small phone (issue #34, "Done when": axe in the normal and the
// error state, at 320 and 360 px): each sent empty shows its error summary, fits the width, and has
// no serious or critical axe violation — the contrast of the field errors among them (item 1).
import { expect, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll } from "./phone";
import { expectAccessible, signIn } from "./support";

/** `signedIn`: the form is a signed-in person's (a driver registering a company). */
type FormCase = { path: string; submit: string; signedIn?: boolean };

const FORMS: FormCase[] = [
  { path: "/cadastro", submit: "Criar conta" },
  { path: "/entrar", submit: "Entrar" },
  { path: "/senha/esqueci", submit: "Enviar link" },
  { path: "/operadora/nova?municipio=itauna", submit: "Cadastrar empresa", signedIn: true },
];

async function sentEmpty(page: Page, form: FormCase) {
  await page.goto(form.path);
  await page.getByRole("button", { name: form.submit, exact: true }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
}

for (const width of [320, 360])
  test(`every form sent empty explains itself and stays accessible at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    for (const form of FORMS.filter((f) => !f.signedIn)) {
      await sentEmpty(page, form);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    }
    await signIn(page, "condutor.joao@credencia.demo");
    for (const form of FORMS.filter((f) => f.signedIn)) {
      await sentEmpty(page, form);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    }
  });
