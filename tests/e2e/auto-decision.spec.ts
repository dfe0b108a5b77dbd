// Journey: an analyst in Jardim takes a freshly written auto de infração (Lavrado) through its
// administrative process (ADR 010): the offender is notified and the defence term opens (Em prazo
// de defesa); judging inside the term is refused until the defence is on file; with the defence
// recorded, the auto is judged with a suspension applied to the credential at once (Julgado), and
// every verification says SUSPENDED. Or the auto is archived with a reason (Arquivado) — an
// unreasoned archive is refused — and the credential stays valid.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { createRegisteredAuto, type SeededAuto } from "./fixtures/run";
import { expectAccessible, signIn } from "./support";

const ANALYST = "analista.jardim@credencia.demo";
const LAW = "Lei 904/1997";
const br = (iso: string) => iso.split("-").reverse().join("/");
/** `iso` plus `n` civil days. */
const plusDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function publicVerdict(request: APIRequestContext, x: SeededAuto) {
  const answer = await request.get(`/api/v1/verify/${x.credential.token}`);
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { verdict: string; reason?: string; credential?: { serial: string } };
  expect(body.credential?.serial).toBe(x.credential.serial);
  return body;
}

const badge = (page: Page) => page.locator(".bo-cabecalho .selo");
const flash = (page: Page) => page.getByRole("status");
const region = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
/** The <dd> after the <dt> `term` in the "Processo e prazos" list. */
const row = (page: Page, term: string) =>
  region(page, "Processo e prazos")
    .locator("dt")
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator("xpath=following-sibling::dd[1]");
const timelineTitles = (page: Page, name: string) => page.getByRole("list", { name }).locator(".linha-do-tempo-titulo");
const timelineEntry = (page: Page, name: string, title: string) =>
  page.getByRole("list", { name }).getByRole("listitem").filter({ hasText: title });
/** The next POST of a form on the auto's page (Remix may post to the `.data` URL). */
const nextPost = (page: Page, x: SeededAuto) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === "POST" &&
      new URL(r.url()).pathname.replace(/\.data$/, "") === `/m/jardim/autos/${x.auto.id}`,
  );

/** Opens a Lavrado auto, its credential still valid, and checks nothing of the process has happened yet. */
async function openRegistered(page: Page, request: APIRequestContext, x: SeededAuto) {
  expect(x.auto.status).toBe("REGISTERED");
  expect(x.credential.status).toBe("ACTIVE");
  expect((await publicVerdict(request, x)).verdict).toBe("VALID");
  await page.goto(`/m/jardim/autos/${x.auto.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Auto ${x.auto.number}` })).toBeVisible();
  await expect(badge(page)).toHaveText("Lavrado");
  await expect(region(page, "O fato")).toContainText(`${x.credential.serial} — ${x.credential.holderName}`);
  await expect(row(page, "Notificação")).toHaveText("ainda não notificado");
  await expect(row(page, "Prazo de defesa")).toHaveText("—");
  await expect(row(page, "Defesa")).toHaveText("—");
  await expect(row(page, "Decisão")).toHaveText("—");
  await expect(row(page, "Prazo de recurso")).toHaveText(`8 dias da notificação da decisão (${LAW}, art. 30)`);
  await expect(region(page, "Notificar o autuado")).toBeVisible();
  await expect(region(page, "Julgar")).toHaveCount(0); // no judging before the offender is notified
  await expect(timelineTitles(page, "Histórico do auto")).toHaveText([`Auto de infração lavrado: ${x.auto.number}`]);
}

test.describe("judging an auto de infração", () => {
  test("notified, defended and judged with a suspension applied at once to the credential", async ({
    page,
    request,
  }) => {
    const x = createRegisteredAuto("jardim");
    const defenceUntil = plusDays(x.today, 5);
    const days = 15;
    await signIn(page, ANALYST);
    await openRegistered(page, request, x);

    // Notice: notified today, defence until five days from now.
    const notify = region(page, "Notificar o autuado");
    await expect(notify.getByLabel("Notificado em")).toHaveValue(x.today);
    await expect(notify.getByLabel("Defesa até (inclusive)")).toHaveAttribute("min", x.today);
    await notify.getByLabel("Defesa até (inclusive)").fill(defenceUntil);
    await notify.getByRole("button", { name: "Registrar notificação" }).click();
    await expect(page).toHaveURL(new RegExp(`/m/jardim/autos/${x.auto.id}\\?ok=notify$`));
    await expect(flash(page)).toHaveText("Notificação registrada; o prazo de defesa está correndo.");
    await expect(badge(page)).toHaveText("Em prazo de defesa");
    await expect(row(page, "Notificação")).toHaveText(br(x.today));
    await expect(row(page, "Prazo de defesa")).toHaveText(`até ${br(defenceUntil)}`);
    await expect(region(page, "Notificar o autuado")).toHaveCount(0);
    await expect(timelineEntry(page, "Histórico do auto", "Autuado notificado; prazo de defesa aberto")).toContainText(
      `Defesa até ${br(defenceUntil)}.`,
    );

    // Judging inside the defence term, with no defence on file, is refused and changes nothing.
    const judge = region(page, "Julgar");
    const wait = `O prazo de defesa vai até ${br(defenceUntil)}. O julgamento só pode ser feito depois dele, ou com a defesa registrada.`;
    await expect(judge.getByText(wait)).toBeVisible();
    await judge.getByLabel("Suspensão (dias)", { exact: true }).fill(String(days));
    await judge.getByLabel("Fundamentação").fill("Tentativa de julgar antes do fim do prazo de defesa.");
    const early = nextPost(page, x);
    await judge.getByRole("button", { name: "Julgar e aplicar" }).click();
    expect((await early).status()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText(
      `O prazo de defesa vai até ${br(defenceUntil)}: aguarde o fim do prazo ou registre a defesa apresentada.`,
    );
    await expect(badge(page)).toHaveText("Em prazo de defesa");
    await expect(row(page, "Decisão")).toHaveText("—");
    await expect(page.getByText("Auto julgado. A penalidade foi aplicada.")).toHaveCount(0);
    expect((await publicVerdict(request, x)).verdict).toBe("VALID");

    // The defence, received today.
    const defence = region(page, "Defesa");
    const summary = "O condutor alega que a rua estava interditada e junta fotos.";
    await expect(defence.getByLabel("Recebida em")).toHaveValue(x.today);
    await defence.getByLabel("Resumo da defesa").fill(summary);
    await defence.getByRole("button", { name: "Registrar defesa" }).click();
    await expect(page).toHaveURL(new RegExp(`/m/jardim/autos/${x.auto.id}\\?ok=defence$`));
    await expect(flash(page)).toHaveText("Defesa registrada.");
    await expect(badge(page)).toHaveText("Em prazo de defesa");
    await expect(row(page, "Defesa")).toHaveText(`${br(x.today)}: ${summary}`);
    await expect(region(page, "Defesa")).toHaveCount(0); // recorded once
    await expect(judge.getByText(wait)).toHaveCount(0); // the defence on file opens the judgement
    await expect(timelineEntry(page, "Histórico do auto", "Defesa registrada")).toContainText(summary);

    // The judging form: what the law allows for INOBSERVANCIA (art. 28) — no cap on the suspension.
    await expect(judge.getByRole("group", { name: "Penalidade aplicada" }).getByRole("checkbox")).toHaveCount(3);
    for (const option of ["Notificação escrita", "Advertência", "Cassação"])
      await expect(judge.getByLabel(option, { exact: true })).not.toBeChecked();
    const suspension = judge.getByLabel("Suspensão (dias)", { exact: true });
    await expect(suspension).not.toHaveAttribute("max", /./);
    await expect(judge.getByLabel("Decisão notificada ao autuado em")).toHaveValue(x.today);
    await expect(judge.getByLabel(/Prazo de recurso até/)).toHaveCount(0); // Jardim's law sets it (art. 30)
    const apply = judge.getByLabel(`Aplicar à credencial ${x.credential.serial} já`, { exact: false });
    await expect(apply).toBeChecked();
    await expectAccessible(page);

    const why = "Relatório e fotos do fiscal comprovam a inobservância; a defesa não a afasta.";
    await suspension.fill(String(days));
    await judge.getByLabel("Fundamentação").fill(why);
    await apply.check();
    await judge.getByRole("button", { name: "Julgar e aplicar" }).click();
    await expect(page).toHaveURL(new RegExp(`/m/jardim/autos/${x.auto.id}\\?ok=decide$`));
    await expect(flash(page)).toHaveText("Auto julgado. A penalidade foi aplicada.");
    await expect(badge(page)).toHaveText("Julgado");
    await expect(row(page, "Notificação")).toHaveText(br(x.today));
    await expect(row(page, "Defesa")).toHaveText(`${br(x.today)}: ${summary}`);
    await expect(row(page, "Decisão")).toHaveText(`suspensão por ${days} dias — ${why}`);
    await expect(row(page, "Prazo de recurso")).toHaveText(`até ${br(plusDays(x.today, 8))} (${LAW}, art. 30)`);
    await expect(row(page, "Recurso")).toHaveText("—");
    await expect(region(page, "Julgar")).toHaveCount(0); // judged once
    await expect(region(page, "Arquivar o auto…")).toHaveCount(0);
    await expect(region(page, "Recurso")).toBeVisible(); // the appeal may now be recorded
    await expect(timelineTitles(page, "Histórico do auto")).toHaveText([
      `Auto de infração lavrado: ${x.auto.number}`,
      "Autuado notificado; prazo de defesa aberto",
      "Defesa registrada",
      "Auto de infração julgado",
    ]);
    await expect(timelineEntry(page, "Histórico do auto", "Auto de infração julgado")).toContainText(
      `suspensão por ${days} dias`,
    );

    // Every verification says so at once…
    expect(await publicVerdict(request, x)).toMatchObject({ verdict: "SUSPENDED", reason: "suspended" });
    // …and so does the credential's page: suspended for the days judged, today included.
    const until = br(plusDays(x.today, days - 1));
    await region(page, "O fato").getByRole("link", { name: x.credential.serial }).click();
    await expect(page).toHaveURL(new RegExp(`/m/jardim/credenciais/${x.credential.id}$`));
    await expect(page.locator(".bo-cabecalho .selo")).toHaveText(`Suspensa até ${until}`);
    await expect(
      page.locator("dt", { hasText: /^Motivo da situação$/ }).locator("xpath=following-sibling::dd[1]"),
    ).toHaveText(`Auto de infração ${x.auto.number}: suspensão por ${days} dias (${LAW}, art. 28)`);
    await expect(timelineEntry(page, "Histórico da credencial", `Ativa → Suspensa até ${until}`)).toContainText(
      `Auto de infração ${x.auto.number}`,
    );
  });

  test("an unreasoned archive is refused; an archived auto leaves the credential valid", async ({ page, request }) => {
    const x = createRegisteredAuto("jardim");
    await signIn(page, ANALYST);
    await openRegistered(page, request, x);
    const archive = region(page, "Arquivar o auto…");
    await archive.getByText("Arquivar o auto…").click();
    const reason = archive.getByLabel("Motivo do arquivamento");

    // Too short a reason: the browser only asks for one; the server wants ten characters.
    await reason.fill("Engano.");
    const refused = nextPost(page, x);
    await archive.getByRole("button", { name: "Arquivar", exact: true }).click();
    expect((await refused).status()).toBe(400);
    const error = "Explique por que o auto é arquivado.";
    await expect(archive.getByText(error)).toBeVisible();
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(reason).toHaveAccessibleDescription(error);
    await expect(reason).toHaveValue("Engano.");
    await expect(archive.locator("details")).toHaveAttribute("open", "");
    await expect(page).not.toHaveURL(/ok=archive/);
    await expect(page.getByText("Auto arquivado.")).toHaveCount(0);
    await expect(badge(page)).toHaveText("Lavrado");
    await expect(row(page, "Decisão")).toHaveText("—");
    await expect(timelineTitles(page, "Histórico do auto")).toHaveCount(1);
    await expectAccessible(page);

    const why = "Placa anotada errada pelo fiscal: o condutor autuado não é o titular.";
    await reason.fill(why);
    await archive.getByRole("button", { name: "Arquivar", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/m/jardim/autos/${x.auto.id}\\?ok=archive$`));
    await expect(flash(page)).toHaveText("Auto arquivado.");
    await expect(badge(page)).toHaveText("Arquivado");
    await expect(row(page, "Notificação")).toHaveText("ainda não notificado");
    await expect(row(page, "Decisão")).toHaveText(`arquivado — ${why}`);
    for (const panel of ["Notificar o autuado", "Julgar", "Arquivar o auto…", "Recurso"])
      await expect(region(page, panel)).toHaveCount(0);
    await expect(timelineTitles(page, "Histórico do auto")).toHaveText([
      `Auto de infração lavrado: ${x.auto.number}`,
      "Auto de infração arquivado",
    ]);
    await expect(timelineEntry(page, "Histórico do auto", "Auto de infração arquivado")).toContainText(why);

    // Nothing happened to the credential.
    const verdict = await publicVerdict(request, x);
    expect(verdict.verdict).toBe("VALID");
    expect(verdict.reason).toBeUndefined();
    await region(page, "O fato").getByRole("link", { name: x.credential.serial }).click();
    await expect(page.locator(".bo-cabecalho .selo")).toHaveText("Ativa");
    await expect(page.locator("dt", { hasText: /^Motivo da situação$/ })).toHaveCount(0);
  });
});
