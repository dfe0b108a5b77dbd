import { expect, type Page, test } from "@playwright/test";
import { downloadPdf, expectPrinted, qrPath } from "./journey-steps";
import { confirmAndSignIn, expectAccessible, newCpf, runFixture, signIn, signOut, uploadAllDocuments } from "./support";

// Each test walks a company from registration to approval and a driver's bond (~55 s on a quiet
// machine with two workers): the default 60 s left no room for a shared CI machine.
test.describe.configure({ timeout: 180_000 });

// The operator portal end to end: a Lavras platform from registration to its monthly report, an
// Itaúna company ending a driver's bond within the 72-hour notice, and a Jardim concessionária
// refused a motorcycle past the population quota.

/** A valid CNPJ, different on every call (twelve digits, then the two check digits). */
function newCnpj(): string {
  const digits = String(Date.now() % 1e8)
    .padStart(8, "3")
    .concat("0001")
    .split("")
    .map(Number);
  for (const len of [12, 13]) {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const r = digits.slice(0, len).reduce((acc, d, i) => acc + d * weights[i], 0) % 11;
    digits.push(r < 2 ? 0 : 11 - r);
  }
  return digits.join("");
}

async function signUp(page: Page, name: string, cpf = newCpf()) {
  const email = `${name.split(" ")[0].toLowerCase()}.${cpf}@exemplo.com.br`;
  await page.goto("/cadastro");
  await page.getByLabel("CPF").fill(cpf);
  await page.getByLabel("Nome completo").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill("uma senha longa o bastante");
  await page.getByLabel("Repita a senha").fill("uma senha longa o bastante");
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByRole("heading", { name: "Confira seu e-mail" })).toBeVisible();
  await confirmAndSignIn(page, email, "uma senha longa o bastante");
  return { cpf, email };
}

const json = (out: string) => JSON.parse(out.trim().split("\n").pop()!) as Record<string, string>;

test("a Lavras platform registers, is approved, links a driver who accepts and files the monthly report", async ({
  page,
  browser,
}) => {
  await signUp(page, "Fernanda Plataforma");
  await page.getByRole("link", { name: "Empresas" }).click();
  await page.getByRole("link", { name: "Cadastrar uma empresa" }).click();
  await page.getByLabel("Onde a empresa vai operar?").selectOption({ label: "Lavras (MG)" });
  await page.getByRole("button", { name: "Escolher município" }).click();
  await expectAccessible(page);

  // A CNPJ failing its check digits is refused in Portuguese, and nothing typed is lost.
  const cnpj = newCnpj();
  const bad = `${cnpj.slice(0, 13)}${(Number(cnpj[13]) + 1) % 10}`;
  await page.getByLabel("CNPJ").fill(bad);
  await page.getByLabel("Razão social").fill("Vai de App Tecnologia Ltda");
  await page.getByLabel("Nome fantasia (opcional)").fill("Vai de App");
  await page.getByLabel("CEP").fill("37200-000");
  await page.getByLabel("UF").fill("MG");
  await page.getByLabel("Logradouro").fill("Rua Doutor Bias Fortes");
  await page.getByLabel("Número").fill("500");
  await page.getByLabel("Bairro").fill("Centro");
  await page
    .getByRole("group", { name: /A sede da empresa fica em Lavras/ })
    .getByLabel("Sim")
    .check();
  await page.getByLabel("Nome completo do representante").fill("Fernanda Plataforma");
  await page.getByLabel("CPF do representante").fill(newCpf());
  await page.getByRole("button", { name: "Cadastrar empresa" }).click();
  await expect(page.locator("#campo-cnpj-erro")).toHaveText("CNPJ inválido: confira as letras e os dígitos.");
  await expect(page.getByLabel("Razão social")).toHaveValue("Vai de App Tecnologia Ltda");
  await page.getByLabel("CNPJ").fill(cnpj);
  await page.getByRole("button", { name: "Cadastrar empresa" }).click();

  await expect(page.getByRole("heading", { name: "Documentos do credenciamento" })).toBeVisible();
  await expect(page.getByText("Lei 4.544/2019, art. 3º, § 2º").first()).toBeVisible();
  await expectAccessible(page);
  await uploadAllDocuments(page);
  await page.getByRole("button", { name: "Enviar para análise" }).click();
  await expect(page.getByRole("status")).toContainText("Requerimento enviado");

  // The staff approval (approveOperatorAndIssue, as the review screen calls it).
  const { serial } = json(runFixture("tests/e2e/fixtures/operator-approve.ts", cnpj));
  await page.reload();
  await expect(page.getByText(`Certificado ${serial}`)).toBeVisible();
  await expect(page.getByText("VÁLIDO", { exact: true })).toBeVisible();
  // The certificate read back: its text names the company, its number and its last day, and its
  // QR opens the verification page, which says VÁLIDO.
  const validity = await page.getByText(/^Válido de \d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}\.$/).innerText();
  const pdf = await downloadPdf(
    page,
    (await page.getByRole("link", { name: "Baixar certificado (PDF)" }).getAttribute("href")) ?? "",
  );
  await expectPrinted(pdf, {
    "razão social": "Vai de App Tecnologia Ltda",
    número: serial,
    validade: validity.slice(-11, -1),
  });
  await expectAccessible(page);
  const certificatePage = page.url();
  await page.goto(await qrPath(pdf));
  await expect(page.getByText("VÁLIDO", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(serial).first()).toBeVisible();
  await page.goto(certificatePage);

  // Inviting a CPF with no account: the same answer as for any CPF (issue #35); the e-mail says how to create one.
  const driverCpf = newCpf();
  await page.getByRole("link", { name: "Condutores", exact: true }).click();
  await page.getByLabel("CPF do condutor").fill(driverCpf);
  await page.getByLabel("E-mail do condutor").fill(`renata.${driverCpf}@exemplo.com.br`);
  await page.getByRole("button", { name: "Convidar" }).click();
  await expect(page.getByRole("status")).toContainText("Convite enviado para o e-mail informado.");
  await expect(page.getByRole("row").filter({ hasText: "aguardando resposta" })).toContainText("Convidado");
  await expectAccessible(page);

  // The driver creates the account with that CPF and accepts in their own portal.
  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await signUp(driver, "Renata Motorista", driverCpf);
  await driver.getByRole("link", { name: "Vínculos" }).click();
  await expect(driver.getByRole("heading", { name: "Vai de App" })).toBeVisible();
  await expectAccessible(driver);
  await driver.getByRole("button", { name: "Aceitar o vínculo com Vai de App" }).click();
  await expect(driver.getByRole("status")).toContainText("Vínculo aceito");
  await expect(driver.getByRole("row").filter({ hasText: "Vai de App" })).toContainText("Vinculado");
  await driverContext.close();

  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: "Renata Motorista" })).toContainText("Vinculado");

  // The monthly report (art. 9º, parágrafo único), generated from the data and filed.
  await page.getByRole("link", { name: "Relatórios", exact: true }).click();
  await expect(
    page.getByRole("heading", { name: "Relatório mensal dos motoristas cadastrados, com cópia dos documentos" }),
  ).toBeVisible();
  await expect(page.getByText(/Entregar até \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  await page.getByRole("button", { name: /Gerar e entregar: Relatório mensal/ }).click();
  await expect(page.getByRole("status")).toContainText("Relatório gerado e entregue");
  const filed = page.getByRole("row").filter({ hasText: "Relatório mensal" });
  await expect(filed).toContainText("no prazo");
  await expectAccessible(page);
  const csv = await page.request.get((await filed.getByRole("link", { name: /CSV/ }).getAttribute("href")) ?? "");
  expect(await csv.text()).toContain("Renata Motorista");

  // The platform's API key: the driver's status, then refused once revoked.
  await page.getByRole("link", { name: "API", exact: true }).click();
  await page.getByLabel("Nome da nova chave").fill("Servidor de despacho");
  await page.getByRole("button", { name: "Criar chave" }).click();
  const secret = (await page.getByTestId("segredo").textContent())!.trim();
  await expectAccessible(page);
  const status = await page.request.get(`/api/v1/operators/me/drivers/${driverCpf}/status`, {
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(status.status()).toBe(200);
  expect(await status.json()).toMatchObject({ name: "Renata Motorista", credentialInForce: false });
  await page.getByRole("button", { name: "Revogar a chave Servidor de despacho" }).click();
  await expect(page.getByRole("status")).toContainText("Chave revogada");
  const revoked = await page.request.get(`/api/v1/operators/me/drivers/${driverCpf}/status`, {
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(revoked.status()).toBe(401);
  expect((await revoked.json()).error.code).toBe("revoked_api_key");
});

test("an Itaúna company ends a driver's bond and the 72-hour notice is recorded; the city sees it", async ({
  page,
}) => {
  const name = `Diego ${String.fromCharCode(65 + (Date.now() % 26))}${"aeiou"[Date.now() % 5]}lves Motofretista`;
  const { code } = json(runFixture("tests/e2e/fixtures/operator-itauna.ts", name));
  await signIn(page, "operador.itauna@credencia.demo");
  await page.getByRole("link", { name: "Minhas empresas" }).click();
  await page.getByRole("link", { name: "Abrir Rápido Itaúna" }).click();
  await page.getByRole("link", { name: "Condutores", exact: true }).click();
  await page.getByRole("link", { name: `Detalhes de ${name}` }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(
    page.getByText("comunicar à prefeitura em até 72 horas (Lei 4.785/2013, art. 7º, parágrafo único)").first(),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Motivo").selectOption({ label: "Desligamento da empresa" });
  await page.getByLabel("Observação (opcional)").fill("Pediu desligamento");
  await page.getByRole("button", { name: "Encerrar vínculo" }).click();
  await expect(page.getByRole("heading", { name: "Comunicações à prefeitura" })).toBeVisible();
  const notice = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: `Desligamento de condutor — ${name}` }) });
  await expect(notice).toContainText("Comunicado no prazo");
  await expect(notice).toContainText("prazo até");
  await expect(notice).toContainText("Lei 4.785/2013, art. 7º, parágrafo único");
  await expectAccessible(page);

  // The certificate issued through the company is superseded.
  await page.goto(`/v?codigo=${code}`);
  await expect(page.getByText("SUBSTITUÍDO").first()).toBeVisible();

  // A motorcycle in a private person's name is refused where the law demands the company's.
  await page.goto("/operadora");
  await page.getByRole("link", { name: "Abrir Rápido Itaúna" }).click();
  await page.getByRole("link", { name: "Frota", exact: true }).click();
  await page.getByLabel("Placa", { exact: true }).fill("ITA9Z87");
  await page.getByLabel("CPF ou CNPJ do proprietário").fill(newCpf());
  await page.getByLabel("Nome do proprietário").fill("Fulano Particular");
  await page.getByRole("button", { name: "Incluir na frota" }).click();
  await expect(page.getByRole("alert")).toContainText("Lei 4.785/2013, art. 6º, VI");
  await expect(page.getByLabel("Placa", { exact: true })).toHaveValue("ITA9Z87");
  await expectAccessible(page);

  // The owner invites a person to the team (she joins only by accepting, issue #35), then cancels.
  await page.getByRole("link", { name: "Equipe", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Equipe da empresa" })).toBeVisible();
  const memberCpf = newCpf();
  await page.getByLabel("CPF", { exact: true }).fill(memberCpf);
  await page.getByLabel("Nome completo").fill("Beatriz Despachante");
  await page.getByLabel("E-mail").fill(`beatriz.${memberCpf}@exemplo.com.br`);
  await page.getByRole("button", { name: "Convidar para a equipe" }).click();
  await expect(page.getByRole("status")).toContainText("Convite enviado");
  await expect(page.getByRole("row").filter({ hasText: "Beatriz Despachante" })).toContainText(
    `beatriz.${memberCpf}@exemplo.com.br`,
  );
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancelar o convite de Beatriz Despachante" }).click();
  await expect(page.getByRole("status")).toContainText("Convite cancelado");
  await expect(page.getByRole("row").filter({ hasText: "Beatriz Despachante" })).toHaveCount(0);
  await page.getByRole("link", { name: "Dados da empresa", exact: true }).click();
  await expect(page.getByText("Atualizar o endereço após alteração — prazo de 30 dias")).toBeVisible();
  await expectAccessible(page);

  // The city's list of operators, and the notice on the company's page.
  await signOut(page);
  await signIn(page, "analista.itauna@credencia.demo");
  await page.getByRole("link", { name: "Operadoras" }).click();
  await expect(page.getByRole("heading", { name: "Operadoras — Itaúna" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Rápido Itaúna" }).click();
  await expect(page.getByRole("heading", { name: `Desligamento de condutor — ${name}` })).toBeVisible();
  await expectAccessible(page);
});

test("a Jardim concessionária is refused a motorcycle past the population quota", async ({ page }) => {
  const { limit } = json(runFixture("tests/e2e/fixtures/operator-jardim-quota.ts"));
  await signIn(page, "operador.jardim@credencia.demo");
  await page.goto("/operadora");
  await page.getByRole("link", { name: "Abrir Moto Táxi Pantanal" }).click();
  await page.getByRole("link", { name: "Frota", exact: true }).click();
  await expect(page.getByText(`Cota de motocicletas do município: ${Number(limit) - 1} de ${limit}`)).toBeVisible();

  // The last motorcycle the quota allows joins the fleet…
  const owner = await page.locator("p.op-sub").textContent();
  const cnpj = /CNPJ ([\d./-]+)/.exec(owner ?? "")![1];
  for (const [plate, control, ok] of [
    ["JAR2B01", "04", true],
    ["JAR2B02", "05", false],
  ] as const) {
    await page.getByLabel("Placa", { exact: true }).fill(plate);
    await page.getByLabel("Número de controle na empresa").fill(control);
    await page.getByLabel("Cilindrada (cc)").fill("160");
    await page.getByLabel("Lugares para passageiros").fill("1");
    await page.getByLabel("CPF ou CNPJ do proprietário").fill(cnpj);
    await page.getByLabel("Nome do proprietário").fill("Moto Táxi Pantanal Ltda");
    await page.getByRole("button", { name: "Incluir na frota" }).click();
    if (ok) {
      await expect(page.getByRole("status")).toContainText("Veículo incluído na frota");
      await expect(page.getByRole("heading", { name: `Nº ${control} — ${plate}` })).toBeVisible();
    } else {
      // …the next is refused, with the provision of the law, and nothing is lost.
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Cota de motocicletas atingida");
      await expect(alert).toContainText(`a lei admite ${limit} motocicletas`);
      await expect(alert).toContainText("Lei 904/1997, art. 5º, b, com redação dada pela Lei 951/1999");
      await expect(page.getByLabel("Placa", { exact: true })).toHaveValue(plate);
      await expectAccessible(page);
    }
  }
});

test("a titular in Patrocínio reports an accident within the law's 5 days", async ({ page }) => {
  await signIn(page, "condutor.lukasz@credencia.demo");
  await page.getByRole("link", { name: "Vínculos" }).click();
  await page.getByRole("link", { name: "Minhas comunicações à prefeitura" }).click();
  await page
    .getByLabel("O que comunicar")
    .selectOption({ label: "Patrocínio: Comunicar qualquer acidente com o veículo — prazo 5 dias" });
  await page.getByLabel("Descrição").fill("Queda sem feridos na Avenida Faria Pereira");
  await page.getByRole("button", { name: "Registrar" }).click();
  await expect(page.getByRole("status")).toContainText("Comunicação feita à prefeitura");
  const notice = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Acidente com veículo" }) })
    .first();
  await expect(notice).toContainText("Comunicado no prazo");
  await expect(notice).toContainText("Lei 4.883/2017, art. 31, Grupo 2, II");
  await expectAccessible(page);
});
