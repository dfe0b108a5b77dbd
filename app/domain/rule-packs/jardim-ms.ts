// Jardim (MS) — Lei 904/1997, as amended by Leis 924/1998, 951/1999 and 953/1999: mototáxi
// run by companies (concessionárias) authorized by the Executive (art. 4º); drivers are
// authorized to work under a service contract with a registered company (art. 3º, § 2º).
// The amended wording ("Redação dada pela Lei …") is the one encoded, citing the amending law.
import { definePack } from "./load";
import type { RulePackInput } from "./schema";
import { CNH_WITH_A } from "./vocabulary";

const L = (unit: string) => `Lei 904/1997, ${unit}`;
const A = (unit: string, law: "924/1998" | "951/1999" | "953/1999") =>
  `Lei 904/1997, ${unit}, com redação dada pela Lei ${law}`;

const driver = { modes: ["VINCULADO" as const] };
const operadora = { modes: ["OPERADORA" as const] };
const NONE = { kind: "NONE" as const };
const OWN = { kind: "OWN_EXPIRY" as const };

const raw: RulePackInput = {
  id: "jardim-ms",
  version: "1.0.0",
  // The dates of the amending laws are not in the text we have; see silences.
  effectiveDate: "1997-07-17",
  law: {
    label: "Lei 904/1997",
    title:
      "Permissão e regulamentação dos serviços de transporte individual de passageiros em motocicletas de aluguel (moto-táxi)",
    date: "1997-07-17",
    amendments: [
      { label: "Lei 924/1998", date: null },
      { label: "Lei 951/1999", date: null },
      { label: "Lei 953/1999", date: null },
    ],
  },
  municipality: { ibge: "5005004", name: "Jardim", uf: "MS" },
  fiscalUnit: null,
  parameters: {
    pedirSeguroObrigatorio: {
      label: "Pedir mesmo assim o seguro obrigatório (DPVAT) que a lei cita",
      unit: "SWITCH",
      value: 0,
      default: 0,
      editable: true,
      citation: A("art. 16", "924/1998"),
      note: 'O art. 16 (redação da Lei 924/1998) pede a apólice do "Seguro Obrigatório" — o DPVAT, que não existe hoje (Lei Complementar 211/2024): com 0 a apólice não é pedida e a empresa vê por quê; 1 volta a pedi-la (por exemplo, se um decreto exigir um seguro privado no lugar).',
    },
    salarioMinimoBrl: {
      label: "Salário mínimo vigente, em reais",
      unit: "BRL",
      value: 1518,
      default: 1518,
      editable: true,
      citation: L("art. 29, parágrafo único"),
      note: 'A lei fala do "salário mínimo vigente"; R$ 1.518,00 é o nacional de 2025. O gestor atualiza a cada reajuste.',
    },
    validadeCredencialSemPrazoLegal: {
      label: "Validade (meses) do cartão de identificação do condutor, cuja validade a lei não fixa",
      unit: "MONTHS",
      value: 12,
      default: 12,
      editable: true,
      citation: A("art. 15, a", "951/1999"),
      note: "A lei não fixa a validade do cartão de identificação: prazo definido pela prefeitura (padrão de 12 meses), não pela lei.",
    },
  },
  categories: [
    {
      code: "MOTOTAXI",
      label: "Mototáxi",
      acts: [
        { kind: "CONCESSAO", modes: ["OPERADORA"], label: "Concessão à empresa prestadora", citation: L("art. 4º") },
        { kind: "AUTORIZACAO", modes: ["VINCULADO"], label: "Autorização do condutor", citation: L("art. 3º, § 2º") },
      ],
      modes: [
        { mode: "OPERADORA", citation: L("art. 4º") },
        { mode: "VINCULADO", citation: L("art. 3º, § 2º") },
      ],
    },
  ],
  personRules: [
    {
      id: "cnh_category",
      kind: "CNH_CATEGORY",
      anyOf: CNH_WITH_A,
      label: "A (motociclista)",
      citation: L("art. 20, a"),
      appliesTo: driver,
    },
    { id: "residence", kind: "RESIDENCE_IN_MUNICIPALITY", citation: L("art. 20, b"), appliesTo: driver },
  ],
  vehicleRules: [
    { id: "vehicle_min_displacement", kind: "MIN_DISPLACEMENT", cc: 125, citation: L("art. 13"), appliesTo: driver },
    // "no máximo 5 (cinco) anos de uso": use begins with the first registration (ADR 003).
    {
      id: "vehicle_age",
      kind: "MAX_AGE",
      years: 5,
      basis: "FIRST_REGISTRATION",
      citation: L("art. 13"),
      appliesTo: driver,
    },
    {
      id: "vehicle_max_passengers",
      kind: "MAX_PASSENGERS",
      seats: 1,
      citation: A("art. 14", "951/1999"),
      appliesTo: driver,
    },
  ],
  operatorRules: [
    { id: "operator_min_assets", kind: "MIN_ASSETS", brl: 10000, citation: L("art. 9º, c"), appliesTo: operadora },
    { id: "operator_credentialed", kind: "OPERATOR_CREDENTIALED", citation: L("art. 3º, § 2º"), appliesTo: driver },
  ],
  documents: [
    {
      type: "CNH",
      label: "Carteira de habilitação de motociclista",
      citation: L("art. 20, a"),
      appliesTo: driver,
      validity: OWN,
    },
    {
      type: "COMPROVANTE_RESIDENCIA",
      label: "Comprovante de residência em Jardim",
      citation: L("art. 20, b"),
      appliesTo: driver,
      validity: NONE,
      fromMunicipality: true,
    },
    {
      type: "CERTIDAO_CIVEL_CRIMINAL",
      label: "Certidão negativa do distribuidor cível e criminal da Comarca de Jardim",
      citation: L("art. 20, c"),
      appliesTo: driver,
      validity: NONE,
      fromMunicipality: true,
    },
    {
      type: "DOCUMENTOS_PESSOAIS",
      label: "Documentos pessoais",
      citation: L("art. 20, d"),
      appliesTo: driver,
      validity: NONE,
    },
    {
      type: "FOTO",
      label: "Fotografia para o cartão de identificação",
      citation: A("art. 18", "951/1999"),
      appliesTo: driver,
      validity: NONE,
      holderPhoto: true,
    },
    {
      type: "CONTRATO_PRESTACAO_SERVICOS",
      label: "Contrato de prestação de serviços com a empresa",
      citation: L("art. 3º, § 2º"),
      appliesTo: driver,
      validity: NONE,
    },
    {
      type: "SEGURO_OBRIGATORIO",
      label: "Cópia da apólice do seguro obrigatório (DPVAT)",
      citation: A("art. 16", "924/1998"),
      appliesTo: driver,
      validity: OWN,
      submittedBy: "OPERATOR",
      withoutObject: { basis: "DPVAT", askParameter: "pedirSeguroObrigatorio" },
    },
    {
      type: "REQUERIMENTO_REGISTRO",
      label: "Requerimento de registro da empresa",
      citation: L("art. 9º"),
      appliesTo: operadora,
      validity: NONE,
    },
    {
      type: "CONTRATO_LOCACAO_OU_CERTIDAO_IMOVEL",
      label: "Contrato de locação ou certidão do registro de imóveis da Comarca (escritório com estacionamento)",
      citation: L("art. 9º, a"),
      appliesTo: operadora,
      validity: NONE,
      fromMunicipality: true,
    },
    {
      type: "CERTIDAO_CIVEL_CRIMINAL_SOCIOS",
      label: "Certidões negativas cíveis e criminais de cada sócio, da Comarca",
      citation: L("art. 9º, b"),
      appliesTo: operadora,
      validity: NONE,
      fromMunicipality: true,
    },
    {
      type: "CERTIDAO_PROTESTO_SOCIOS",
      label: "Certidões negativas de protesto de cada sócio, da Comarca",
      citation: L("art. 9º, b"),
      appliesTo: operadora,
      validity: NONE,
      fromMunicipality: true,
    },
    {
      type: "COMPROVACAO_PATRIMONIO",
      label: "Comprovação de patrimônio mínimo de R$ 10.000,00",
      citation: L("art. 9º, c"),
      appliesTo: operadora,
      validity: NONE,
    },
  ],
  quotas: [
    {
      id: "quota_concessions",
      unit: "CONCESSION",
      categories: ["MOTOTAXI"],
      modes: ["OPERADORA"],
      inhabitantsPerUnit: 2500,
      rounding: "FLOOR",
      citation: A("art. 5º, a", "953/1999"),
    },
    {
      id: "quota_vehicles",
      unit: "VEHICLE",
      categories: ["MOTOTAXI"],
      modes: ["VINCULADO"],
      inhabitantsPerUnit: 250,
      rounding: "FLOOR",
      citation: A("art. 5º, b", "951/1999"),
    },
  ],
  credentials: [
    {
      type: "CRACHA",
      label: "Cartão de identificação do condutor (crachá plastificado no uniforme)",
      citation: A("art. 15, a", "951/1999"),
      appliesTo: driver,
      validity: { kind: "NOT_SET" },
      renewal: {
        counts: "FOLLOWS_PREVIOUS",
        basis: "PORTAL_DEFAULT",
        note: "A lei não diz como a renovação conta: padrão do portal — a nova validade segue a anterior (ADR 057).",
      },
    },
    {
      type: "CERTIFICADO_OPERADOR",
      label: "Registro da empresa concessionária",
      citation: L("art. 8º"),
      appliesTo: operadora,
      validity: { kind: "DURATION", duration: "P1Y", citation: L("art. 8º") },
      renewal: {
        duration: "P1Y",
        counts: "FOLLOWS_PREVIOUS",
        basis: "LAW",
        note: "Atualização anual do cadastro: cada ano segue o anterior.",
        citation: L("art. 8º"),
      },
    },
  ],
  vistorias: [
    {
      id: "vistoria",
      appliesTo: driver,
      period: "P6M",
      periodCitation: L("art. 23, j"),
      discretionary: false,
      nonSafetyGrace: { max: "P10D", discretionary: true, citation: L("art. 19") },
      items: [
        {
          code: "ESTADO_GERAL",
          label: "Estado e conservação geral da motocicleta",
          safety: false,
          citation: L("art. 3º, § 3º"),
        },
        { code: "FREIOS", label: "Freios", safety: true, citation: L("art. 3º, § 3º") },
        { code: "BANCOS_SUPORTES", label: "Bancos e suportes", safety: true, citation: L("art. 3º, § 3º") },
        {
          code: "SINALIZACAO_DETRAN",
          label: "Sinalizações determinadas pelo DETRAN",
          safety: true,
          citation: L("art. 3º, § 3º"),
        },
        { code: "MATA_CACHORRO", label: "Mata-cachorro", safety: true, citation: L("art. 3º, § 3º") },
        {
          code: "NUMERAL_EMPRESA",
          label: "Numeral da empresa de 8x8 cm nas tampas laterais da bateria",
          safety: false,
          citation: A("art. 2º", "951/1999"),
        },
        {
          code: "PROTETOR_PEDALEIRA",
          label: "Protetor de 10 cm adaptado na pedaleira",
          safety: true,
          citation: A("art. 15", "951/1999"),
        },
        {
          code: "TABELA_TARIFAS",
          label: "Tabela das tarifas em vigor",
          safety: false,
          citation: A("art. 15, b", "951/1999"),
        },
        {
          code: "EQUIPAMENTOS_SEGURANCA",
          label: "Equipamentos de segurança regulamentados pela Secretaria",
          safety: true,
          citation: L("art. 15, d"),
        },
      ],
    },
  ],
  infractions: {
    catalogue: [
      {
        code: "INOBSERVANCIA",
        description: "Inobservância de disposição da lei ou de ato regulamentar",
        offender: "QUALQUER",
        penalty: {
          warning: true,
          fine: { unit: "SALARIO_MINIMO", setByRegulation: true },
          suspension: {},
          cassacao: true,
          other: ["notificação escrita"],
          citation: L("art. 28"),
        },
        citation: L("art. 28"),
      },
      {
        code: "PASSAGEIRO_IRREGULAR",
        description: "Transportar mais de um passageiro, menor de 7 anos ou passageiro com criança de colo",
        offender: "CONDUTOR",
        penalty: {
          cassacao: true,
          fine: { amount: 0.5, unit: "SALARIO_MINIMO" },
          other: ["cassação da licença do condutor", "multa de 50% do salário mínimo ao titular da concessão"],
          citation: L("art. 14, parágrafo único"),
        },
        citation: A("art. 14", "951/1999"),
      },
      {
        code: "SEGURO_VENCIDO",
        description: "Não apresentar a renovação da apólice de seguro vencida",
        offender: "OPERADORA",
        penalty: {
          cassacao: true,
          other: ["revogação automática da concessão após notificação"],
          citation: L("art. 17"),
        },
        citation: L("art. 17"),
      },
    ],
    penaltyScale: {
      penalties: [
        "notificação escrita",
        "multa",
        "suspensão ou cassação da concessão",
        "suspensão ou cassação do registro do condutor",
      ],
      citation: L("art. 28"),
    },
    enforcement: {
      noticeToDailyFine: {
        within: "PT72H",
        fraction: 0.6,
        of: "SALARIO_MINIMO",
        parameter: "salarioMinimoBrl",
        citation: L("art. 29, parágrafo único"),
      },
      removalAfterNotices: { count: 3, citation: L("art. 27, c") },
      appeal: { within: "P8D", citation: L("art. 30") },
    },
  },
  deadlines: [
    {
      id: "atualizacao_cadastro",
      who: "OPERADORA",
      label: "Atualizar o cadastro da empresa",
      every: "P1Y",
      citation: L("art. 8º"),
    },
    {
      id: "alteracao_endereco",
      who: "OPERADORA",
      label: "Comunicar alteração da sede ou cadastral (a lei não fixa prazo)",
      citation: L("art. 7º, f"),
    },
    {
      id: "relacao_condutores",
      who: "OPERADORA",
      label: "Apresentar a relação atualizada de condutores quando solicitada (sem prazo fixado)",
      citation: L("art. 7º, c"),
    },
    {
      id: "renovacao_seguro",
      who: "OPERADORA",
      label: "Apresentar a renovação da apólice ao vencer, sob pena de revogação",
      citation: L("art. 17"),
    },
  ],
  identificationCard: {
    appliesTo: driver,
    cards: [
      {
        label: "Cartão de identificação",
        citation: A("art. 18", "951/1999"),
        fields: [
          { field: "HOLDER_NAME", citation: A("art. 18", "951/1999") },
          { field: "PHOTO", citation: A("art. 18", "951/1999"), stamped: true },
          { field: "COMPANY_NAME", citation: A("art. 18", "951/1999") },
          { field: "PERSONAL_DOCUMENT_NUMBERS", citation: A("art. 18", "951/1999") },
          { field: "BLOOD_TYPE", citation: A("art. 18", "951/1999") },
        ],
      },
      {
        label: "Carteira de identificação do condutor",
        citation: L("art. 22"),
        fields: [
          { field: "COMPANY_NAME", citation: L("art. 22, a") },
          { field: "VEHICLE_CONTROL_NUMBER", citation: L("art. 22, b") },
          { field: "HOLDER_NAME", citation: L("art. 22, c") },
          { field: "REGISTRATION_NUMBER", citation: L("art. 22, d") },
          { field: "BLOOD_TYPE", citation: "Lei 904/1997, art. 22, e, incluída pela Lei 951/1999" },
        ],
      },
    ],
  },
  serviceRequirements: [
    {
      code: "CRACHA_NO_UNIFORME",
      label: "Crachá plastificado fixado no uniforme, visível ao passageiro",
      citation: A("art. 15, a", "951/1999"),
    },
    {
      code: "UNIFORME",
      label: "Uniforme na cor da concessão, com nome e número do motociclista nas costas",
      citation: A("art. 15, c", "951/1999"),
    },
    {
      code: "CAPACETES_FORRADOS",
      label: "Capacetes do condutor e do passageiro, forrados internamente",
      citation: A("art. 23, g", "951/1999"),
    },
    {
      code: "UM_PASSAGEIRO",
      label: "No máximo um passageiro; nunca menor de 7 anos nem com criança de colo",
      citation: A("art. 14", "951/1999"),
    },
    {
      code: "FROTA_24H",
      label: "Frota em turno de 24 horas (fechamento facultativo aos domingos e feriados)",
      citation: A("art. 7º, e", "951/1999"),
      appliesTo: operadora,
    },
  ],
  silences: [
    "Sem idade mínima nem tempo mínimo de habilitação: valem os da camada federal (Lei 12.009/2009, art. 2º, I e II — 21 anos e 2 anos na categoria A).",
    "Sem prazo da concessão nem validade do cartão de identificação; a validade do cartão é um parâmetro definido pela prefeitura (validadeCredencialSemPrazoLegal).",
    "Valor da multa comum (art. 28, b) não fixado; só a multa diária de 60% do salário mínimo (art. 29) e a de 50% (art. 14).",
    'A lei não exige registro do veículo na categoria aluguel, embora fale em "motocicletas de aluguel"; a camada federal exige (Resolução CONTRAN 943/2022, art. 2º).',
    "Alteração de endereço da empresa (art. 7º, f) sem prazo.",
    "Datas das Leis 924/1998, 951/1999 e 953/1999 não constam do texto disponível.",
    "O prazo de 10 dias para sanar defeitos que não comprometam a segurança é a critério da Secretaria (art. 19).",
  ],
};

export const jardimMs = definePack(raw);
