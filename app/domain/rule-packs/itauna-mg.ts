// Itaúna (MG) — Lei 4.785/2013: motoboy and motofrete, by condutor autônomo (art. 5º) or by a
// pessoa jurídica (art. 6º) whose drivers meet art. 5º, I, IV, V, VII and VIII.
import { definePack } from "./load";
import type { RulePackInput } from "./schema";
import { CNH_WITH_A } from "./vocabulary";

const L = (unit: string) => `Lei 4.785/2013, ${unit}`;

/** The autônomo's requirement (art. 5º) and, for the PJ's driver, the same through art. 6º, parágrafo único. */
function autonomoAndVinculado<R extends object>(rule: R, item: string) {
  return [
    { ...rule, citation: L(`art. 5º, ${item}`), appliesTo: { modes: ["AUTONOMO" as const] } },
    {
      ...rule,
      citation: L(`art. 6º, parágrafo único, c/c art. 5º, ${item}`),
      appliesTo: { modes: ["VINCULADO" as const] },
    },
  ];
}

const drivers = { modes: ["AUTONOMO" as const, "VINCULADO" as const] };
const autonomo = { modes: ["AUTONOMO" as const] };
const operadora = { modes: ["OPERADORA" as const] };
const NONE = { kind: "NONE" as const };
const OWN = { kind: "OWN_EXPIRY" as const };

const offer = (code: "MOTOBOY" | "MOTOFRETE", label: string) => ({
  code,
  label,
  acts: [
    {
      kind: "CREDENCIAMENTO" as const,
      modes: ["AUTONOMO" as const, "VINCULADO" as const, "OPERADORA" as const],
      label: "Credenciamento",
      citation: L("art. 3º, V"),
    },
  ],
  modes: [
    { mode: "AUTONOMO" as const, citation: L("art. 5º") },
    { mode: "VINCULADO" as const, citation: L("art. 6º, parágrafo único") },
    { mode: "OPERADORA" as const, citation: L("art. 6º") },
  ],
});

const vistoriaItems = [
  {
    code: "ORIGINAL_FABRICA",
    label: "Veículo original de fábrica (Resoluções do Contran)",
    safety: true,
    citation: L("art. 8º, I"),
  },
  {
    code: "DISPOSITIVO_CARGA",
    label: "Dispositivo de transporte de carga instalado",
    safety: false,
    citation: L("art. 8º, VI"),
  },
  {
    code: "MATA_CACHORRO",
    label: "Protetor de motor mata-cachorro fixado no chassi",
    safety: true,
    citation: L("art. 8º, VII"),
  },
  {
    code: "ANTENA_CORTA_PIPAS",
    label: "Aparador de linha (antena corta-pipas)",
    safety: true,
    citation: L("art. 8º, VIII"),
  },
  {
    code: "ESCAPAMENTO",
    label: "Sem descarga livre nem silenciador esportivo acima do ruído permitido",
    safety: false,
    citation: L("art. 8º, § 1º"),
  },
  {
    code: "ALFORJES",
    label: "Alforjes, bolsas ou caixas laterais: largura até o guidom, sem passar da traseira nem do assento",
    safety: true,
    citation: L("art. 13"),
  },
  {
    code: "BAU_DIMENSOES",
    label: "Baú com até 60 cm de largura e 70 cm de altura a partir do assento",
    safety: true,
    citation: L("art. 14"),
  },
  {
    code: "BAU_FAIXAS",
    label: "Faixas retrorrefletivas no baú",
    safety: true,
    citation: L("art. 14, parágrafo único"),
  },
  {
    code: "GRELHA_DIMENSOES",
    label: "Grelha com até 60 cm de largura e carga até 40 cm acima do assento",
    safety: true,
    citation: L("art. 15"),
  },
  {
    code: "CONJUNTO_BAU_GRELHA",
    label: "Baú sobre grelha: conjunto até 70 cm da base do assento",
    safety: true,
    citation: L("art. 16"),
  },
];

const raw: RulePackInput = {
  id: "itauna-mg",
  version: "1.0.0",
  effectiveDate: "2013-10-10",
  law: {
    label: "Lei 4.785/2013",
    title: "Regras para o exercício das atividades de entrega de mercadorias e motoboy com motocicletas ou motonetas",
    date: "2013-10-10",
  },
  municipality: { ibge: "3133808", name: "Itaúna", uf: "MG" },
  fiscalUnit: "UFPM",
  parameters: {
    valorUfpmBrl: {
      label: "Valor da UFPM em reais",
      unit: "BRL",
      value: null,
      default: null,
      editable: true,
      citation: L("art. 24"),
      note: "Fixado pela legislação tributária municipal; o pacote não supõe valor.",
    },
    validadeCredencialSemPrazoLegal: {
      label: "Validade (meses) das credenciais cuja validade a lei não fixa",
      unit: "MONTHS",
      value: 12,
      default: 12,
      editable: true,
      citation: L("art. 19, III"),
      note: "A lei não fixa a validade do certificado de credenciamento, do credenciamento da pessoa jurídica nem da autorização de circulação: prazo definido pela prefeitura (padrão de 12 meses), não pela lei.",
    },
  },
  categories: [offer("MOTOBOY", "Motoboy"), offer("MOTOFRETE", "Motofrete")],
  personRules: [
    ...autonomoAndVinculado({ id: "min_age", kind: "MIN_AGE" as const, years: 21 }, "I"),
    ...autonomoAndVinculado({ id: "cnh_category", kind: "CNH_CATEGORY" as const, anyOf: CNH_WITH_A, label: "A" }, "IV"),
    ...autonomoAndVinculado({ id: "cnh_years", kind: "CNH_MIN_YEARS" as const, years: 2 }, "IV"),
    ...autonomoAndVinculado({ id: "residence", kind: "RESIDENCE_IN_MUNICIPALITY" as const }, "VIII"),
    { id: "one_vehicle", kind: "ONE_VEHICLE", citation: L("art. 5º, parágrafo único"), appliesTo: autonomo },
  ],
  vehicleRules: [
    {
      id: "vehicle_age",
      kind: "MAX_AGE",
      years: 8,
      basis: "FIRST_REGISTRATION",
      replaceWithin: { duration: "P90D", citation: L("art. 9º") },
      citation: L("art. 8º, II"),
      appliesTo: drivers,
    },
    {
      id: "vehicle_min_displacement",
      kind: "MIN_DISPLACEMENT",
      cc: 95,
      citation: L("art. 8º, III"),
      appliesTo: drivers,
    },
    {
      id: "vehicle_registration_category",
      kind: "REGISTRATION_CATEGORY",
      category: "ALUGUEL",
      citation: L("art. 8º, IV"),
      appliesTo: drivers,
    },
    { id: "vehicle_licensing_up_to_date", kind: "LICENSING_UP_TO_DATE", citation: L("art. 11"), appliesTo: drivers },
    {
      id: "vehicle_service_exclusivity",
      kind: "SERVICE_EXCLUSIVITY",
      forbids: "PASSENGERS",
      citation: L("art. 19, XIV"),
      appliesTo: drivers,
    },
    {
      id: "vehicle_ownership",
      kind: "OWNERSHIP",
      allowed: ["OPERATOR"],
      citation: L("art. 6º, VI"),
      appliesTo: { modes: ["VINCULADO"] },
    },
  ],
  operatorRules: [
    {
      id: "operator_head_office",
      kind: "HEAD_OFFICE_IN_MUNICIPALITY",
      orBranch: false,
      citation: L("art. 6º, IV"),
      appliesTo: operadora,
    },
    {
      id: "operator_credentialed",
      kind: "OPERATOR_CREDENTIALED",
      citation: L("art. 6º, parágrafo único"),
      appliesTo: { modes: ["VINCULADO"] },
    },
  ],
  documents: [
    {
      type: "CND_MUNICIPAL",
      label: "Certidão negativa de débitos municipais",
      citation: L("art. 5º, II"),
      appliesTo: autonomo,
      validity: OWN,
      fromMunicipality: true,
    },
    {
      type: "INSCRICAO_AUTONOMO",
      label: "Comprovante de cadastro como profissional autônomo na Secretaria Municipal de Finanças",
      citation: L("art. 5º, III"),
      appliesTo: autonomo,
      validity: NONE,
      fromMunicipality: true,
    },
    ...autonomoAndVinculado(
      { type: "CNH", label: "Carteira Nacional de Habilitação (categoria A)", validity: OWN },
      "IV",
    ),
    ...autonomoAndVinculado(
      {
        type: "CERTIDAO_CRIMINAL",
        label: "Certidão negativa de distribuição criminal (CTB, art. 329)",
        validity: NONE,
      },
      "V",
    ),
    {
      type: "DOCUMENTO_PROPRIEDADE_VEICULO",
      label: "Documento de propriedade do veículo",
      citation: L("art. 5º, VI"),
      appliesTo: autonomo,
      validity: NONE,
    },
    {
      type: "DOCUMENTO_PROPRIEDADE_VEICULO",
      label: "Documento de propriedade do veículo em nome da pessoa jurídica",
      citation: L("art. 6º, VI"),
      appliesTo: { modes: ["VINCULADO"] },
      validity: NONE,
      submittedBy: "OPERATOR",
    },
    ...autonomoAndVinculado(
      {
        type: "CERTIFICADO_CURSO_ESPECIALIZADO",
        label: "Certificado do curso especializado (Contran)",
        validity: NONE,
      },
      "VII",
    ),
    ...autonomoAndVinculado({ type: "RG", label: "Cópia da carteira de identidade", validity: NONE }, "VIII"),
    ...autonomoAndVinculado({ type: "CPF", label: "Cópia do CPF", validity: NONE }, "VIII"),
    ...autonomoAndVinculado(
      {
        type: "COMPROVANTE_RESIDENCIA",
        label: "Comprovante de residência no Município",
        validity: NONE,
        fromMunicipality: true,
      },
      "VIII",
    ),
    {
      type: "CND_MUNICIPAL",
      label: "Certidão negativa de débitos municipais",
      citation: L("art. 6º, I"),
      appliesTo: operadora,
      validity: OWN,
      fromMunicipality: true,
    },
    {
      type: "INSCRICAO_MUNICIPAL",
      label: "Comprovante de cadastro na Secretaria Municipal de Finanças",
      citation: L("art. 6º, II"),
      appliesTo: operadora,
      validity: NONE,
      fromMunicipality: true,
    },
    {
      type: "CONTRATO_SOCIAL",
      label: "Cópia do contrato social",
      citation: L("art. 6º, III"),
      appliesTo: operadora,
      validity: NONE,
    },
    { type: "CARTAO_CNPJ", label: "Cartão CNPJ", citation: L("art. 6º, III"), appliesTo: operadora, validity: NONE },
    {
      type: "CND_INSS",
      label: "Certidão negativa do INSS",
      citation: L("art. 6º, V"),
      appliesTo: operadora,
      validity: OWN,
    },
    {
      type: "CRF_FGTS",
      label: "Certificado de regularidade do FGTS",
      citation: L("art. 6º, V"),
      appliesTo: operadora,
      validity: OWN,
    },
    {
      type: "CND_FEDERAL",
      label: "Certidão negativa de tributos federais",
      citation: L("art. 6º, V"),
      appliesTo: operadora,
      validity: OWN,
    },
    {
      type: "CND_ESTADUAL",
      label: "Certidão negativa de tributos estaduais",
      citation: L("art. 6º, V"),
      appliesTo: operadora,
      validity: OWN,
    },
  ],
  credentials: [
    {
      type: "CERTIFICADO",
      label: "Certificado de Credenciamento de Condutor",
      citation: L("art. 19, III"),
      appliesTo: drivers,
      validity: { kind: "NOT_SET" },
      renewal: {
        counts: "FOLLOWS_PREVIOUS",
        basis: "PORTAL_DEFAULT",
        note: "A lei não diz como a renovação conta: padrão do portal — a nova validade segue a anterior (ADR 057).",
      },
    },
    {
      type: "SELO_VISTORIA",
      label: "Selo de vistoria",
      citation: L("art. 8º, § 2º"),
      appliesTo: drivers,
      validity: { kind: "UNTIL_NEXT_VISTORIA", citation: L("art. 8º, IX") },
      renewal: {
        counts: "FROM_APPROVAL",
        basis: "LAW",
        note: "O selo vale até a próxima vistoria: o novo conta da vistoria da renovação.",
        citation: L("art. 8º, IX"),
      },
      issuedOn: "VISTORIA",
    },
    {
      type: "AUTORIZACAO_TRANSITO",
      label: "Autorização de circulação do veículo",
      citation: L("art. 8º, § 2º"),
      appliesTo: drivers,
      validity: { kind: "NOT_SET" },
      renewal: {
        counts: "FOLLOWS_PREVIOUS",
        basis: "PORTAL_DEFAULT",
        note: "A lei não diz como a renovação conta: padrão do portal — a nova validade segue a anterior (ADR 057).",
      },
    },
    {
      type: "CERTIFICADO_OPERADOR",
      label: "Credenciamento da pessoa jurídica (autorização intransferível)",
      citation: L("art. 10, parágrafo único"),
      appliesTo: operadora,
      validity: { kind: "NOT_SET" },
      renewal: {
        counts: "FOLLOWS_PREVIOUS",
        basis: "PORTAL_DEFAULT",
        note: "A lei não diz como a renovação conta: padrão do portal — a nova validade segue a anterior (ADR 057).",
      },
    },
  ],
  vistorias: [
    {
      id: "vistoria",
      appliesTo: drivers,
      period: "P6M",
      periodCitation: L("art. 8º, IX"),
      discretionary: false,
      items: vistoriaItems,
    },
  ],
  infractions: {
    classes: [
      {
        code: "LEVE",
        label: "Leve",
        rank: 1,
        citation: L("art. 23, § 1º"),
        penalty: { warning: true, fine: { max: 2, unit: "UFPM" }, citation: L("art. 24, I") },
      },
      {
        code: "MEDIA",
        label: "Média",
        rank: 2,
        citation: L("art. 23, § 2º"),
        penalty: { suspension: { maxDays: 15 }, fine: { max: 4, unit: "UFPM" }, citation: L("art. 24, II") },
      },
      {
        code: "GRAVE",
        label: "Grave",
        rank: 3,
        citation: L("art. 23, § 3º"),
        penalty: {
          cassacao: true,
          fine: { max: 6, unit: "UFPM" },
          other: ["cancelamento do alvará"],
          citation: L("art. 24, III"),
        },
      },
    ],
    catalogue: [
      {
        code: "DECORO",
        description:
          "Atentar contra o respeito e o decoro entre condutores e permissionários, o público ou o Município, sem risco de dano",
        offender: "QUALQUER",
        class: "LEVE",
        citation: L("art. 23, § 1º"),
      },
      {
        code: "CADASTRO",
        description: "Atentar contra as regras administrativas de cadastro de permissionários, condutores e veículos",
        offender: "QUALQUER",
        class: "MEDIA",
        citation: L("art. 23, § 2º"),
      },
      {
        code: "DANO_OU_RISCO",
        description: "Causar dano ou risco à saúde ou ao patrimônio de qualquer pessoa ou do Poder Público",
        offender: "QUALQUER",
        class: "GRAVE",
        citation: L("art. 23, § 3º"),
      },
      {
        code: "OMISSAO_COMUNICACAO_72H",
        description: "Não comunicar em 72 horas óbito de condutor em acidente ou desligamento da empresa",
        offender: "OPERADORA",
        penalty: {
          cassacao: true,
          other: ["descredenciamento da pessoa jurídica"],
          citation: L("art. 7º, parágrafo único"),
        },
        citation: L("art. 7º, parágrafo único"),
      },
    ],
    repeat: {
      window: "P1Y",
      strict: true,
      scope: "ANY_INFRACTION",
      effect: "NEXT_CLASS",
      citation: L("art. 24, parágrafo único"),
    },
    enforcement: {
      process: {
        note: "Apuração por comissão de 3 servidores, assegurada ampla defesa.",
        citation: L("art. 22, § 1º"),
      },
    },
  },
  deadlines: [
    {
      id: "relacao_condutores",
      who: "OPERADORA",
      label: "Apresentar a relação de condutores em operação (ou quando solicitada)",
      every: "P3M",
      citation: L("art. 7º"),
    },
    {
      id: "comunicacao_obito_desligamento",
      who: "OPERADORA",
      label: "Comunicar óbito de condutor em acidente ou desligamento",
      within: "PT72H",
      sanction: "Descredenciamento da pessoa jurídica",
      citation: L("art. 7º, parágrafo único"),
    },
    {
      id: "atualizacao_endereco_operadora",
      who: "OPERADORA",
      label: "Atualizar o endereço após alteração",
      within: "P30D",
      citation: L("art. 18, III"),
    },
    {
      id: "atualizacao_endereco_condutor",
      who: "CONDUTOR",
      label: "Atualizar o endereço após mudança de domicílio",
      within: "P30D",
      citation: L("art. 19, VIII"),
    },
    {
      id: "substituicao_veiculo",
      who: "TITULAR",
      label: "Substituir o veículo com vida útil vencida (ou dar baixa)",
      within: "P90D",
      citation: L("art. 9º"),
    },
  ],
  serviceRequirements: [
    { code: "COLETE", label: "Colete de segurança com dispositivos retrorrefletivos", citation: L("art. 5º, IX") },
    {
      code: "PORTE_CERTIFICADO",
      label: "Portar o Certificado de Credenciamento de Condutor",
      citation: L("art. 19, III"),
    },
    { code: "PORTE_ALVARA", label: "Portar alvará válido", citation: L("art. 19, IV") },
    { code: "SEM_PASSAGEIROS", label: "Não transportar passageiros mediante remuneração", citation: L("art. 19, XIV") },
    {
      code: "CARGAS_PROIBIDAS",
      label: "Sem combustíveis ou galões, salvo botijão de 13 kg e água de 20 L com sidecar",
      citation: L("art. 17"),
    },
  ],
  silences: [
    "Validade do Certificado de Credenciamento, do credenciamento da pessoa jurídica e da autorização de circulação não fixadas.",
    "Validade do selo de vistoria não fixada; o pacote a faz durar até a próxima inspeção semestral (art. 8º, IX).",
    'Multas só com teto ("até"); não há mínimo.',
    "Taxas de credenciamento e vistoria não fixadas.",
    "Substituição temporária do veículo avariado (art. 8º, § 3º) não tem prazo.",
    "Não há figura de preposto nem cota.",
    "O art. 5º, VI exige o documento de propriedade do veículo, sem dizer que esteja em nome do autônomo.",
  ],
};

export const itaunaMg = definePack(raw);
