// What Vale do Ipê's draft holds once its author has included every proposal of its law
// (tests/e2e/new-town.spec.ts): each rule at the unit it was read from, with the law's words.
// Also the steps of that draft written in the page's forms.
import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "./support";

/**
 * The rules "Incluir" places from the law's proposals (art. 3º, I, II twice, III and V; art. 4º, I to
 * IV; the fee of art. 7º); and the appeal's term (art. 10, parágrafo único), set in the infractions.
 * The documents the law names, with their validity: the CNH of the category art. 3º, II asks, the
 * course's certificate (IV), those of VI and § 1º, the photo of art. 8º, a. The annual vistoria of
 * art. 5º and the seal it issues; the infractions of art. 9º, each with the penalties of art. 10, and
 * that scale; the fields the crachá shows (art. 8º, a to c), and the crachá itself, valid for a year
 * (art. 8º); the vagas of mototáxi per inhabitants (art. 6º), once the form says the town has mototáxi.
 */
const INCLUDED = {
  personRules: ["min_age", "cnh_category", "cnh_min_years", "cnh_ear", "residence"],
  vehicleRules: [
    "vehicle_age",
    "min_cc",
    "vehicle_registration_category",
    "vehicle_licensing_municipality",
    "vehicle_ownership",
  ],
  fees: ["taxa"],
};
const INCLUDED_DOCUMENTS = [
  "CNH",
  "CERTIFICADO_CURSO_ESPECIALIZADO",
  "CERTIDAO_CRIMINAL",
  "ATESTADO_ANTECEDENTES",
  "COMPROVANTE_RESIDENCIA",
  "FOTO",
];
const INCLUDED_INFRACTIONS = ["ART9_I", "ART9_II", "ART9_III"];

/** The draft's document after every "Incluir" of the page, checked rule by rule. */
export function expectDraftFromTheLaw(withProposals: any, lawLabel: string) {
  for (const [list, ids] of Object.entries(INCLUDED))
    expect(withProposals[list].map((r: { id: string }) => r.id)).toEqual(ids);
  expect(withProposals.fees[0]).toMatchObject({ amount: 5, unit: "UFVI", citation: `${lawLabel}, art. 7º` });
  expect(withProposals.documents.map((d: { type: string }) => d.type)).toEqual(INCLUDED_DOCUMENTS);
  const documentOf = (type: string) => withProposals.documents.find((d: { type: string }) => d.type === type);
  expect(documentOf("CERTIDAO_CRIMINAL").validity).toEqual({ kind: "DURATION", duration: "P90D" });
  expect(documentOf("CNH")).toMatchObject({ validity: { kind: "OWN_EXPIRY" }, citation: `${lawLabel}, art. 3º, II` });
  expect(withProposals.parameters.diasComprovanteResidenciaAtualizado).toMatchObject({ value: 90, unit: "DAYS" });
  expect(withProposals.infractions.catalogue.map((i: { code: string }) => i.code)).toEqual(INCLUDED_INFRACTIONS);
  expect(withProposals.infractions.catalogue[0].penalty).toMatchObject({
    fine: { min: 2, max: 10, unit: "UFVI" },
    citation: `${lawLabel}, art. 10`,
  });
  expect(withProposals.infractions.penaltyScale.citation).toBe(`${lawLabel}, art. 10`);
  expect(withProposals.quotas).toMatchObject([
    { categories: ["MOTOTAXI"], unit: "PERMISSAO", inhabitantsPerUnit: 1000 },
  ]);
  // Art. 3º, § 2º: the mototáxi's colete and capacete, for that service only.
  expect(withProposals.serviceRequirements).toEqual([
    expect.objectContaining({ code: "COLETE_CAPACETE", appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] } }),
  ]);
  expect(withProposals.credentials).toMatchObject([
    { type: "SELO_VISTORIA", validity: { kind: "UNTIL_NEXT_VISTORIA" }, issuedOn: "VISTORIA" },
    { type: "CRACHA", validity: { duration: "P1Y" } },
  ]);
  // Art. 5º's annual vistoria lists no items: the inspector checks the federal floor's (CTB 139-A).
  expect(withProposals.vistorias).toMatchObject([
    { id: "vistoria", period: "P1Y", periodCitation: `${lawLabel}, art. 5º`, items: [] },
  ]);
  expect(withProposals.identificationCard.cards[0].fields.map((f: { field: string }) => f.field)).toEqual([
    "HOLDER_NAME",
    "PHOTO",
    "REGISTRATION_NUMBER",
    "BLOOD_TYPE",
  ]);
  expect(withProposals.infractions.enforcement.appeal).toEqual({
    within: "P15D",
    citation: `${lawLabel}, art. 10, parágrafo único`,
  });
  expect(withProposals.personRules[0]).toMatchObject({
    kind: "MIN_AGE",
    years: 21,
    citation: `${lawLabel}, art. 3º, I`,
    appliesTo: { modes: ["AUTONOMO"] },
  });
  // Read from the law as amended (Lei 1.301/2026), with its words.
  const minCc = withProposals.vehicleRules.find((r: { id: string }) => r.id === "min_cc");
  expect(minCc).toMatchObject({ cc: 150, citation: `${lawLabel}, art. 4º, II` });
  expect(withProposals.quotes[minCc.citation]).toBe("ter motor de, no mínimo, 150 cc (cento e cinquenta cilindradas);");
}

/** Vale do Ipê's mototaxista of 30 the author expects the law to accept (art. 3º and 4º), and his vagas. */
const MOTOTAXISTA = {
  "Data de nascimento": "1996-05-10",
  "Data da primeira habilitação nesta categoria": "2021-03-01",
  "Ano de fabricação": "2022",
  "Cilindrada (cc)": "160",
  "População do município": "23418",
  "Permissões em vigor": "3",
};

/**
 * One example applicant written in the draft page's form (no JSON), in the town named so: the mototaxista of 30, born on
 * `birthDate`, and the outcome the author expects — accepted, or refused by the rules named.
 */
export async function writeExample(
  page: Page,
  townName: string,
  example: { name: string; birthDate?: string; refusedBy?: string[] },
) {
  const section = page.getByRole("region", { name: "Exemplos de requerentes" });
  await section.getByLabel("Serviço do novo exemplo").selectOption({ label: "Mototáxi — Autônomo (titular)" });
  await section.getByRole("button", { name: "Escrever um exemplo" }).click();
  const form = page.getByRole("region", { name: "Exemplos de requerentes" });
  await expect(form.getByRole("heading", { name: "Novo exemplo: Mototáxi — Autônomo (titular)" })).toBeVisible();
  await form.getByLabel("Quem é o exemplo").fill(example.name);
  for (const [label, value] of Object.entries({
    ...MOTOTAXISTA,
    "Data de nascimento": example.birthDate ?? MOTOTAXISTA["Data de nascimento"],
  }))
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel("Categoria da CNH").selectOption("A");
  await form.getByLabel("Tipo sanguíneo").selectOption("O+");
  await form.getByLabel("Categoria do registro").selectOption("ALUGUEL");
  await form.getByLabel("Quem é o proprietário?").selectOption("HOLDER");
  for (const question of [
    "A CNH tem a observação EAR (exerce atividade remunerada)?",
    `Você mora em ${townName}?`,
    `O veículo está licenciado em ${townName}?`,
  ])
    await form.getByRole("group", { name: question }).getByLabel("Sim").check();
  await form
    .getByLabel("O que a lei faz com este requerente")
    .selectOption(example.refusedBy ? "NOT_ELIGIBLE" : "ELIGIBLE");
  for (const rule of example.refusedBy ?? [])
    await form.getByRole("checkbox", { name: new RegExp(`^${rule} `) }).check();
  await form.getByRole("button", { name: "Salvar o exemplo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Exemplo salvo no rascunho" })).toBeVisible();
}

/**
 * What the author corrects of the law's reading in the lists' forms (no JSON): who commits art. 9º,
 * III; the atestado's name on the checklist; the fee of art. 7º by what it pays. The crachá's
 * validity is the law's (art. 8º) as read.
 */
/** Opens one of the draft's lists in its form (the page draws one at a time) and returns its section. */
async function openList(page: Page, title: string) {
  await page
    .getByRole("navigation", { name: "Listas do rascunho, uma de cada vez" })
    .getByRole("link", { name: title, exact: true })
    .click();
  const section = page.getByRole("region", { name: title });
  await expect(section).toBeVisible();
  return section;
}

export async function correctInTheListForms(page: Page, feeLabel: string) {
  // Who commits art. 9º, III (driving under alcohol), read as "anyone": the driver, set in its form.
  const infractions = await openList(page, "Infrações: o que são, quem as comete e a penalidade");
  await infractions.getByLabel("Quem comete a infração ART9_III").selectOption("CONDUTOR");
  await infractions.getByRole("button", { name: "Salvar as infrações" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Infrações salvas no rascunho (1 mudou)" })).toBeVisible();
  await expectAccessible(page);
  await infractions.screenshot({ path: "docs/previews/gestor-regras-infracoes.png" });
  // A document's name on the driver's checklist, in its form (the law says only "atestado").
  const documents = await openList(page, "Documentos: nome e validade");
  await documents
    .getByLabel("Nome do documento ATESTADO_ANTECEDENTES")
    .fill("Atestado de antecedentes criminais (Polícia Civil)");
  await documents.getByRole("button", { name: "Salvar os documentos" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Documentos salvos no rascunho (1 mudou)" })).toBeVisible();
  // A document the reading missed is added in the same form, cited; without its unit it is refused,
  // with what was typed kept. Taken out again with "Retirar": the law asks no such document.
  await documents.getByLabel("Nome do documento (novo)").fill("Certidão de quitação eleitoral");
  await documents.getByLabel("Validade do documento (novo)").selectOption("NONE");
  await documents.getByRole("button", { name: "Salvar os documentos" }).click();
  await expect(documents.getByText("Novo: escolha o dispositivo da lei que o pede.").first()).toBeVisible();
  await expect(documents.getByLabel("Nome do documento (novo)")).toHaveValue("Certidão de quitação eleitoral");
  await documents.getByLabel("Dispositivo da lei que o pede (novo)").selectOption({ index: 1 });
  await documents.getByRole("button", { name: "Salvar os documentos" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Documentos salvos no rascunho (1 mudou)" })).toBeVisible();
  await expect(documents.getByLabel("Nome do documento CERTIDAO_QUITACAO_ELEITORAL")).toHaveValue(
    "Certidão de quitação eleitoral",
  );
  await page
    .getByRole("region", { name: "Regras do rascunho" })
    .getByRole("button", { name: /^Retirar\s*:\s*Certidão de quitação eleitoral/ })
    .click();
  await expect(
    page.getByRole("status").filter({ hasText: "Regra CERTIDAO_QUITACAO_ELEITORAL retirada" }),
  ).toBeVisible();
  // The fee of art. 7º by what it pays (the proposal names it by its article), in its form.
  const fees = await openList(page, "Taxas: nome e valor");
  await expect(fees.getByLabel("Unidade do valor da taxa taxa")).toHaveValue("UFVI");
  await fees.getByLabel("Nome da taxa taxa").fill(feeLabel);
  await fees.getByRole("button", { name: "Salvar as taxas" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Taxas salvas no rascunho (1 mudou)" })).toBeVisible();
  // The crachá's validity as the law gives it (art. 8º), in the credentials' form.
  const credentials = await openList(page, "Credenciais: nome e validade");
  await expect(credentials.getByLabel("Validade da credencial CRACHA")).toHaveValue("DURATION");
  await expect(credentials.getByLabel("Prazo da credencial CRACHA", { exact: true })).toHaveValue("1");
  await expect(credentials.getByLabel("Unidade do prazo da credencial CRACHA")).toHaveValue("Y");
  await credentials.screenshot({ path: "docs/previews/gestor-regras-credenciais.png" });
  // What the crachá shows, each with the unit of art. 8º that asks it (nothing the law does not ask).
  const card = await openList(page, "O cartão de identificação: o que a lei manda mostrar");
  const asked = (words: string) =>
    card.getByLabel(`${words}: o dispositivo que o pede no cartão Crachá de identificação`);
  await expect(asked("Tipo sanguíneo")).toHaveValue("Lei 1.234/2025, art. 8º, c");
  await expect(asked("Nome da empresa")).toHaveValue("");
  // Each service's selection, term and colours: the law of Vale do Ipê says none of them.
  const services = await openList(page, "Cada serviço: escolha, prazo e cores");
  await expect(services.getByLabel("Como os titulares são escolhidos: MOTOTAXI")).toHaveValue("");
  await services.screenshot({ path: "docs/previews/gestor-regras-servicos.png" });
  await readTheScopeForms(page);
}

/** The vistoria, the vagas, what the driver wears and whom each rule reaches, each in its form. */
async function readTheScopeForms(page: Page) {
  // Art. 5º: a yearly vistoria; it lists no items (the federal floor's are checked).
  const vistorias = await openList(page, "Vistorias: de quanto em quanto tempo");
  await expect(vistorias.getByLabel("De quanto em quanto tempo vistoria")).toHaveValue("1");
  await expect(vistorias.getByLabel("Unidade do período vistoria")).toHaveValue("Y");
  // Art. 6º: one permission per 1.000 inhabitants.
  const quotas = await openList(page, "Vagas por habitantes");
  await expect(quotas.getByLabel("Uma vaga para cada vagas_mototaxi")).toHaveValue("1000");
  // Art. 3º, § 2º, as the driver reads it: what to do, not only what the thing is.
  const conduct = await openList(page, "Em serviço: o que o condutor usa, leva e faz");
  await conduct
    .getByLabel("O que a lei exige em serviço COLETE_CAPACETE")
    .fill("Usar colete e capacete com a identificação do serviço");
  await conduct.getByRole("button", { name: "Salvar as exigências" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Exigências salvas no rascunho (1 mudou)" })).toBeVisible();
  // Art. 4º, III: the plate in the "aluguel" category; IV: in the driver's own name.
  const rules = await openList(page, "A quem cada regra se aplica");
  await expect(rules.getByLabel("Categoria do registro do veículo vehicle_registration_category")).toHaveValue(
    "ALUGUEL",
  );
  const owner = (who: string) => rules.getByLabel(`Em nome de: ${who} vehicle_ownership`, { exact: true });
  await expect(owner("O próprio condutor (o titular, para um preposto)")).toBeChecked();
  await expect(owner("Outra pessoa")).not.toBeChecked();
  await expectAccessible(page);
  await rules.screenshot({ path: "docs/previews/gestor-regras-a-quem.png" });
  // The law groups no infraction in classes: the list says it has none and how one would get there.
  const classes = await openList(page, "Classes de infração e suas penalidades");
  await expect(classes.getByRole("status")).toContainText("O rascunho não tem nenhum item nesta lista");
}
