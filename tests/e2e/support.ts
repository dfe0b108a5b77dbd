import { execFileSync } from "node:child_process";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { cpfWithCheckDigits } from "../../app/domain/br/cpf";
import { addYears } from "../../app/domain/eligibility/calendar";
import { civilDay } from "../support/dates";
import { E2E_DATA_DIR, e2eDatabaseUrl } from "./database-url";

export const DEMO_PASSWORD = "demonstracao-credencia";

/**
 * Signs in and checks the landing: the seeded fiscais (only a fiscal role) land on the scanner,
 * everyone else on /painel (app/domain/auth/landing.ts). Pass `landing` for another account.
 */
export async function signIn(
  page: Page,
  login: string,
  password = DEMO_PASSWORD,
  landing: RegExp = /^fiscal\./.test(login) ? /\/fiscal$/ : /\/painel/,
) {
  await page.goto("/entrar");
  await page.getByLabel("CPF ou e-mail").fill(login);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(landing);
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Entrar" })).toBeVisible();
}

type RouterWindow = {
  __remixRouter?: {
    state: {
      initialized: boolean;
      navigation: { state: string };
      revalidation: string;
      fetchers: Map<string, { state: string }>;
    };
  };
};

/**
 * Waits until the page's script has it at rest: Remix's router initialised, and no navigation,
 * revalidation or fetcher under way. A button clicked before that was seen to do nothing — just as
 * a revalidation re-drew the list it was in (journeys.spec, "Aceitar"): the click is lost and
 * nothing is sent.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as RouterWindow).__remixRouter;
    if (!router?.state.initialized) return false;
    const { navigation, revalidation, fetchers } = router.state;
    return (
      navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle")
    );
  });
}

/**
 * Opens a page and waits until it is at rest and its route discovery (`/__manifest`) answered: a
 * form clicked right after the load sent nothing (phone-analyst.spec, a PostgreSQL e2e run).
 */
export async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await settled(page);
  await page.waitForLoadState("networkidle");
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  // What a page shows does not depend on the database: CI's PostgreSQL pass (E2E_SKIP_SCREEN_ONLY=1)
  // leaves axe to the SQLite pass, which runs every spec.
  if (process.env.E2E_SKIP_SCREEN_ONLY === "1") return;
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** A valid CPF from nine base digits. */
export const cpfFrom = cpfWithCheckDigits;

let counter = 0;
/** A valid CPF, different on every call. */
export const newCpf = () => cpfFrom(String((Date.now() * 10 + counter++) % 1e9).padStart(9, "7"));

/** The newest link to `path` in the dev outbox for the address. */
export async function linkFromOutbox(page: Page, to: string, path: string): Promise<string> {
  await page.goto("/dev/caixa-de-saida");
  const message = page
    .locator("article")
    .filter({ has: page.getByText(to, { exact: true }) })
    .filter({ has: page.locator(`a[href*="${path}"]`) })
    .first();
  // Not there (yet): fail at once rather than wait on this page, so a caller polling with
  // toPass loads the outbox again (mail written just after an answer, issue #35).
  if ((await message.count()) === 0) throw new Error(`nenhum link ${path} para ${to}`);
  const href = await message.locator(`a[href*="${path}"]`).first().getAttribute("href");
  if (!href) throw new Error(`nenhum link ${path} para ${to}`);
  return new URL(href).pathname;
}

/**
 * After /cadastro's "Confira seu e-mail": opens the newest confirmation link from the outbox (the server
 * writes it just after answering, so it is waited for) and signs in, landing on /painel.
 */
export async function confirmAndSignIn(page: Page, email: string, password: string) {
  let path = "";
  await expect(async () => {
    path = await linkFromOutbox(page, email, "/email/confirmar/");
  }).toPass({ timeout: 20_000 });
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "E-mail confirmado" })).toBeVisible();
  await signIn(page, email, password);
}

/**
 * Runs a fixture script (npx tsx) against the e2e server's database; returns its stdout. On SQLite
 * a fixture's transaction that read before the server's last commit cannot write
 * (SQLITE_BUSY_SNAPSHOT; a busy timeout does not wait for it): the script is run again, at most
 * twice more — a failed transaction wrote nothing, and fixtures that run several are re-runnable.
 */
export function runFixture(script: string, ...args: string[]): string {
  for (let attempt = 1; ; attempt++) {
    try {
      return execFileSync("npx", ["tsx", script, ...args], {
        env: {
          ...process.env,
          DATABASE_URL: e2eDatabaseUrl(),
          DATA_DIR: E2E_DATA_DIR,
          DEMO_MODE: "1",
          NODE_ENV: "production",
          JOBS_DISABLED: "1",
        },
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (e) {
      const stderr = String((e as { stderr?: unknown }).stderr ?? "");
      if (attempt >= 3 || !stderr.includes("SQLITE_BUSY")) throw e;
    }
  }
}

/** A small real PDF (the upload checks PDFs by opening them). */
export async function samplePdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(title, { x: 50, y: 780, size: 16, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

export async function samplePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: "#8899aa" } })
    .jpeg()
    .toBuffer();
}

/**
 * Uploads a file to every document form still offered on the documents page: a JPEG for the
 * holder's photo (FOTO_3X4 in Patrocínio, FOTO in Jardim), a PDF for everything else; issued
 * `today` (a server on a shifted clock has another today: tests/e2e/renewal.spec.ts).
 */
export async function uploadAllDocuments(page: Page, today = civilDay()) {
  const pdf = await samplePdf("Documento de teste");
  const photo = await samplePhoto();
  const done = new Set<string>();
  const visibleForms = () => page.locator("form[enctype='multipart/form-data']:visible");
  for (let guard = 0; guard < 60; guard++) {
    // The driver's checklist shows one document open at a time: open the next that still needs a file.
    if ((await visibleForms().count()) === 0) {
      const closed = page.locator("details[data-pendente]:not([open]) > summary");
      if ((await closed.count()) === 0) break;
      await closed.first().click();
    }
    let form: Locator | null = null;
    let type = "";
    for (const candidate of await visibleForms().all()) {
      type = await candidate.locator("input[name=type]").inputValue();
      if (!done.has(type)) {
        form = candidate;
        break;
      }
    }
    if (!form) break;
    done.add(type);
    // The date first: the driver's checklist sends a document as soon as its file is chosen (ADR 031).
    // Asked only where the law's validity runs from the issue date.
    const issueDate = form.locator("input[name=issueDate]");
    if ((await issueDate.count()) > 0) await issueDate.fill(today);
    // A paper that states its own expiry (CNH, CRLV, a policy): the date printed on it, as a driver types it.
    const printedExpiry = form.getByLabel("Válido até (a data impressa no documento)");
    if ((await printedExpiry.count()) > 0) await printedExpiry.fill(addYears(today, 3));
    const sendsOnChoice = (await form.getAttribute("data-envio")) === "automatico";
    await form
      .locator("input[type=file]")
      .first()
      .setInputFiles(
        /^FOTO/.test(type)
          ? { name: "foto.jpg", mimeType: "image/jpeg", buffer: photo }
          : { name: `${type}.pdf`, mimeType: "application/pdf", buffer: pdf },
      );
    if (!sendsOnChoice) await form.getByRole("button", { name: "Enviar" }).click();
    // Sent: the form goes (or folds into "Trocar o arquivo enviado").
    await expect(page.locator(`form:visible:has(input[name=type][value="${type}"])`)).toHaveCount(0, {
      timeout: 15_000,
    });
  }
}
