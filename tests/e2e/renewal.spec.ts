// Renewal and expiry walked through the pages (issue #29, ADR 057, docs/renovacao.md). In each
// city a fresh driver is issued as journeys.spec.ts issues them; a second server whose clock lives
// 20 days before the credential's last day (inside the 60-day window of ADR 028) serves the
// renewal: the driver sees what is carried over and what is asked again, sends only that, the
// analyst approves, the new credential prints the validity the law gives it and its QR opens
// VÁLIDO, the old one SUBSTITUÍDO. A credential not renewed is VÁLIDO on its last day and VENCIDO
// the day after, in the municipality's zone. Only the servers' clocks move (libfaketime), never the
// database; every shifted server runs with JOBS_DISABLED, so its daily jobs never expire or remind
// the credentials the other specs share on this worker's database.
import { type Page, test } from "@playwright/test";
import { addDays, daysBetween } from "../../app/domain/eligibility/calendar";
import { civilDate } from "../../app/domain/time";
import { expect, signIn, signOut } from "./journey-steps";
import {
  car,
  type City,
  dateBr,
  isoOf,
  issueThroughPages,
  monthsAfter,
  monthsBetween,
  motorcycle,
  renewOnLater,
} from "./renewal-steps";
import { startSecondServer } from "./second-server";
import { runFixture } from "./support";

const NO_JOBS = { JOBS_DISABLED: "1" };
// Each test makes its own driver and servers: with E2E_WORKERS > 1 they run side by side.
test.describe.configure({ mode: "parallel" });

/** The QR's page and its JSON verdict (api.md) on `base`; nothing in them of `secrets`. */
async function expectVerdict(page: Page, base: string, path: string, label: string, api: string, secrets: string[]) {
  await page.goto(`${base}${path}`);
  await expect(page.getByRole("status")).toContainText(label);
  const json = await (await page.request.get(`${base}/api/v1/verify/${path.replace(/^\/v\//, "")}`)).json();
  expect(json).toMatchObject({ verdict: api });
  const shown = [await page.content(), JSON.stringify(json)].join("\n");
  for (const s of secrets) expect(shown, "dado pessoal na verificação").not.toContain(s);
}

// Each city's first issuance as in journeys.spec.ts; how each renewed credential counts, from the
// table of ADR 057 / docs/renovacao.md: Patrocínio's crachá "por igual período" (Lei 4.883/2017,
// art. 4º, § 1º); the seals of Itaúna (Lei 4.785/2013, art. 8º, IX) and Lavras (Lei 4.544/2019,
// art. 10, §§ 2º-3º) from the new vistoria's approval; the rest, where the law is silent, follow
// the old one as the portal's default. Lavras's platform declared the driver's data sent at the first
// issuance (art. 10, § 4º); the renewal needs no new declaration.
const CITIES: Array<City & { holder: string; asked?: string[] }> = [
  {
    name: "Patrocínio",
    holder: "Renato Renovação de Patrocínio",
    zone: "America/Sao_Paulo",
    municipality: "Patrocínio (MG)",
    category: "Mototáxi",
    mode: /Autônomo/,
    analyst: "analista.patrocinio@credencia.demo",
    platePrefix: "PRN",
    answers: motorcycle({ cep: "38740-000", city: "Patrocínio", uf: "MG", passengers: true, cargo: false }),
    principal: "Crachá",
    checks: [{ label: "Crachá", counts: "FOLLOWS_PREVIOUS" }],
    // The "recentes" photos and proof of residence (art. 5º, IX and X) and the medical certificate
    // the law renews yearly (art. 5º, § 2º).
    asked: ["(Lei 4.883/2017, art. 5º, IX)", "(Lei 4.883/2017, art. 5º, X)", "(Lei 4.883/2017, art. 5º, § 2º)"],
  },
  {
    name: "Itaúna",
    holder: "Ivo Renovação de Itaúna",
    zone: "America/Sao_Paulo",
    municipality: "Itaúna (MG)",
    category: "Motoboy",
    mode: /Autônomo/,
    analyst: "analista.itauna@credencia.demo",
    platePrefix: "IRN",
    answers: motorcycle({ cep: "35680-000", city: "Itaúna", uf: "MG", passengers: false, cargo: true }),
    principal: "Certificado",
    checks: [
      { label: "Certificado", counts: "FOLLOWS_PREVIOUS" },
      { label: "Selo de vistoria", counts: "FROM_APPROVAL" },
    ],
  },
  {
    name: "Lavras",
    holder: "Lia Renovação de Lavras",
    zone: "America/Sao_Paulo",
    municipality: "Lavras (MG)",
    category: "Transporte remunerado privado individual (aplicativo)",
    mode: /Vinculado/,
    company: { login: "operador.lavras@credencia.demo", name: "Leva e Traz" },
    platformDeclares: true,
    analyst: "analista.lavras@credencia.demo",
    platePrefix: "LRN",
    answers: car({ cep: "37200-000", city: "Lavras", uf: "MG" }),
    principal: "Selo de vistoria",
    checks: [{ label: "Selo de vistoria", counts: "FROM_APPROVAL" }],
  },
  {
    name: "Jardim",
    holder: "Jair Renovação de Jardim",
    zone: "America/Campo_Grande",
    municipality: "Jardim (MS)",
    category: "Mototáxi",
    mode: /Vinculado/,
    company: { login: "operador.jardim@credencia.demo", name: "Moto Táxi Pantanal" },
    analyst: "analista.jardim@credencia.demo",
    platePrefix: "JRN",
    answers: motorcycle({
      cep: "79240-000",
      city: "Jardim",
      uf: "MS",
      passengers: true,
      cargo: false,
      controlNumber: "27",
      bloodType: "AB-",
    }),
    principal: "Crachá",
    checks: [{ label: "Crachá", counts: "FOLLOWS_PREVIOUS" }],
  },
];

for (const city of CITIES)
  test(`${city.name}: renewed 20 days before the last day through the pages; the new credential's validity is the law's, its QR VÁLIDO, the old one SUBSTITUÍDO`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const first = await issueThroughPages(page, city, city.holder);
    const { driver } = first;

    // Each checked credential's last day as the driver's page shows it.
    await signIn(page, driver.email, driver.password);
    await page.goto("/credenciais");
    const oldUntil: Record<string, string> = {};
    for (const { label } of city.checks) {
      const dates = await page
        .getByRole("region", { name: new RegExp(`^${label} —`) })
        .locator("dd")
        .nth(1)
        .innerText();
      oldUntil[label] = isoOf(dates.match(/a (\d{2}\/\d{2}\/\d{4})/)![1]);
    }
    await signOut(page);
    const today = civilDate(new Date(), city.zone);
    const offset = daysBetween(today, oldUntil[city.principal]) - 20;
    const renewalDay = addDays(today, offset);
    const expected: Record<string, string> = {};
    for (const { label, counts } of city.checks)
      // The law's term as first issued (a year; Itaúna's seal six months, the semi-annual inspection of
      // Lei 4.785/2013, art. 8º, IX): after the old last day, or from the renewal's approval.
      expected[label] = monthsAfter(
        counts === "FOLLOWS_PREVIOUS" ? oldUntil[label] : renewalDay,
        monthsBetween(today, oldUntil[label]),
      );

    const later = await startSecondServer({ clockOffsetDays: offset, env: NO_JOBS });
    try {
      const { page: p, qr } = await renewOnLater(browser, later, city, first, { renewalDay, expected }, async (d) => {
        const summary = d.getByRole("region", { name: "Renovação" });
        for (const { label } of city.checks)
          await expect(summary).toContainText(
            `: a atual vale até ${dateBr(oldUntil[label])}; a nova valerá de ${dateBr(renewalDay)} até ${dateBr(expected[label])}.`,
          );
        const asked = summary.getByRole("list", { name: "Documentos pedidos de novo" });
        for (const citation of city.asked ?? []) await expect(asked).toContainText(citation);
        if (city.asked) await expect(asked.getByRole("listitem")).toHaveCount(city.asked.length);
        await expect(summary.getByRole("list", { name: "Documentos aproveitados" })).toContainText(
          /vale até|sem prazo/,
        );
        // Only what is asked again is offered for upload.
        await expect(d.locator("details[data-pendente]")).toHaveCount(await asked.getByRole("listitem").count());
      });
      await signIn(p, driver.email, driver.password);
      await p.goto("/credenciais");
      // Neither the replaced batch nor the new one (its window opens 60 days before its last day) offers "Renovar".
      await expect(p.getByRole("button", { name: "Renovar" })).toHaveCount(0);
      await expect(p.getByText(`A renovação abre em ${dateBr(addDays(expected[city.principal], -60))}`)).toBeVisible();
      await signOut(p);
      const cpf = driver.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");
      for (const { label } of city.checks) {
        await expectVerdict(p, "", qr[label], "VÁLIDO", "VALID", []);
        // The old one: SUBSTITUÍDO, without the CPF or e-mail, nor the photo (api.md: photoUrl only
        // where the verdict is VALID, EXPIRED or SUSPENDED). api.md's `credential` keeps holderName
        // and plate for every verdict but INVALID, so they are not asserted away (see the report).
        await expectVerdict(p, "", first.qr[label], "SUBSTITUÍDO", "SUPERSEDED", [
          driver.cpf,
          cpf,
          driver.email,
          "photoUrl",
        ]);
        await expect(p.getByRole("img")).toHaveCount(0);
      }
      await p.context().close();
    } finally {
      await later.stop();
    }
  });

/** "@YYYY-MM-DD HH:MM:SS" in UTC (libfaketime's absolute start, read in TZ=UTC) of a civil time in `offsetHours` from UTC. */
const utcFaketime = (isoDay: string, time: string, offsetHours: number) => {
  const instant = new Date(`${isoDay}T${time}:00Z`).getTime() - offsetHours * 3_600_000;
  return `@${new Date(instant).toISOString().slice(0, 19).replace("T", " ")}`;
};

test("Jardim: a crachá not renewed is VÁLIDO at 23:30 of its last day and VENCIDO at 00:30 the day after, in Campo Grande's time", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const out = runFixture(
    "tests/e2e/fixtures/holder-credential.ts",
    "jardim",
    "Vera Vencida Souza",
    "senha-da-vera-vencida",
  );
  const h = JSON.parse(out.trim().split("\n").pop()!) as { token: string; serial: string; today: string };
  // seed.ts: valid from 30 days ago for 365 days, the last day included.
  const lastDay = addDays(addDays(h.today, -30), 364);
  const path = `/v/${h.token}`;
  // Campo Grande is UTC−4 all year (no daylight saving since 2019).
  for (const [time, day, label, api] of [
    ["23:30", lastDay, "VÁLIDO", "VALID"],
    ["00:30", addDays(lastDay, 1), "VENCIDO", "EXPIRED"],
  ] as const) {
    const server = await startSecondServer({
      faketime: utcFaketime(day, time, -4),
      env: { ...NO_JOBS, TZ: "UTC" },
    });
    try {
      await expectVerdict(page, server.url, path, label, api, []);
    } finally {
      await server.stop();
    }
  }
});
