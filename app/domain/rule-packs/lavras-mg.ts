// Lavras (MG) — Lei 4.544/2019: transporte remunerado privado individual de passageiros by app.
// Operators (pessoas jurídicas with head office or branch in Lavras) are credentialed (art. 3º);
// drivers register through a credentialed operator (art. 9º); an additional driver for the same
// vehicle meets the same requirements (art. 8º). In force 180 days after publication (art. 19).
import { definePack } from "./load";
import type { RulePackInput } from "./schema";
import { CNH_B_OR_HIGHER } from "./vocabulary";

const L = (unit: string) => `Lei 4.544/2019, ${unit}`;

/** The driver's requirement (art. 9º) and the same one for the additional driver (art. 8º). */
function driverAndAdditional<R extends object>(rule: R, unit: string) {
  return [
    { ...rule, citation: L(unit), appliesTo: { modes: ["VINCULADO" as const] } },
    { ...rule, citation: L(`art. 8º, c/c ${unit}`), appliesTo: { modes: ["PREPOSTO" as const] } },
  ];
}

const driver = { modes: ["VINCULADO" as const] };
const operadora = { modes: ["OPERADORA" as const] };
const NONE = { kind: "NONE" as const };
const OWN = { kind: "OWN_EXPIRY" as const };
const YEARLY = { kind: "DURATION" as const, duration: "P1Y" };

const raw: RulePackInput = {
  id: "lavras-mg",
  version: "1.0.0",
  // Published 2019-12-17; 180 days counted with the day of publication and the last day
  // (LC 95/1998, art. 8º, § 1º) end on 2020-06-13, so the law is in force from 2020-06-14.
  effectiveDate: "2020-06-14",
  law: {
    label: "Lei 4.544/2019",
    title: "Serviço de transporte remunerado privado individual de passageiros",
    date: "2019-12-17",
  },
  municipality: { ibge: "3138203", name: "Lavras", uf: "MG" },
  fiscalUnit: "UFML",
  parameters: {
    pedirSeguroObrigatorio: {
      label: "Pedir mesmo assim o seguro obrigatório (DPVAT) que a lei cita",
      unit: "SWITCH",
      value: 0,
      default: 0,
      editable: true,
      citation: L("art. 10, VI"),
      note: "O DPVAT não existe hoje (Lei Complementar 211/2024): com 0 o documento não é pedido e o condutor vê por quê; 1 volta a pedi-lo (por exemplo, se um decreto passar a exigir um seguro privado no lugar).",
    },
    valorUfmlBrl: {
      label: "Valor da UFML em reais",
      unit: "BRL",
      value: null,
      default: null,
      editable: true,
      citation: L("art. 10, § 3º"),
      note: "Fixado pela legislação tributária municipal; o pacote não supõe valor.",
    },
    diasComprovanteResidenciaAtualizado: {
      label: 'Idade máxima (dias) do comprovante de residência "atualizado"',
      unit: "DAYS",
      value: 90,
      default: 90,
      editable: true,
      citation: L("art. 9º, II"),
      note: 'A lei diz apenas "atualizado"; 90 dias é o padrão do produto, ajustável pelo gestor.',
    },
    prazoRelacaoVeiculosDias: {
      label: "Prazo (dias) para a operadora apresentar a relação de veículos",
      unit: "DAYS",
      value: null,
      default: null,
      editable: true,
      citation: L("art. 6º, X"),
      note: "A lei deixa o prazo à Secretaria de Desenvolvimento Econômico; sem valor até ser definido.",
    },
    validadeCredencialSemPrazoLegal: {
      label: "Validade (meses) do credenciamento da operadora, cuja validade a lei não fixa",
      unit: "MONTHS",
      value: 12,
      default: 12,
      editable: true,
      citation: L("art. 3º, § 1º"),
      note: "A lei não fixa a validade do credenciamento da operadora: prazo definido pela prefeitura (padrão de 12 meses), não pela lei.",
    },
  },
  categories: [
    {
      code: "APLICATIVO",
      label: "Transporte remunerado privado individual (aplicativo)",
      acts: [
        {
          kind: "CREDENCIAMENTO",
          modes: ["OPERADORA"],
          label: "Credenciamento da operadora",
          citation: L("art. 3º, § 1º"),
        },
        {
          kind: "REGISTRO",
          modes: ["VINCULADO", "PREPOSTO"],
          label: "Cadastro do motorista em operadora credenciada",
          citation: L("art. 9º"),
        },
      ],
      modes: [
        { mode: "VINCULADO", citation: L("art. 9º") },
        { mode: "PREPOSTO", citation: L("art. 8º") },
        { mode: "OPERADORA", citation: L("art. 3º") },
      ],
    },
  ],
  personRules: [
    ...driverAndAdditional(
      { id: "cnh_category", kind: "CNH_CATEGORY" as const, anyOf: CNH_B_OR_HIGHER, label: "B ou superior" },
      "art. 9º, I",
    ),
    ...driverAndAdditional({ id: "cnh_ear", kind: "CNH_EAR" as const }, "art. 9º, I"),
    ...driverAndAdditional({ id: "residence", kind: "RESIDENCE_IN_MUNICIPALITY" as const }, "art. 9º, II"),
  ],
  vehicleRules: [
    {
      id: "vehicle_age",
      kind: "MAX_AGE",
      years: 8,
      basis: "MANUFACTURE_YEAR",
      olderAllowedWith: { document: "LAUDO_ENGENHEIRO_MECANICO" },
      citation: L("art. 10, I"),
      appliesTo: driver,
    },
    { id: "vehicle_min_doors", kind: "MIN_DOORS", doors: 4, citation: L("art. 10, III"), appliesTo: driver },
    {
      id: "vehicle_licensing_municipality",
      kind: "LICENSED_IN_MUNICIPALITY",
      exceptLeased: true,
      citation: L("art. 10, IV"),
      appliesTo: driver,
    },
    { id: "vehicle_max_passengers", kind: "MAX_PASSENGERS", seats: 7, citation: L("art. 10, VII"), appliesTo: driver },
    {
      id: "vehicle_ownership",
      kind: "OWNERSHIP",
      allowed: ["HOLDER", "OTHER_PERSON"],
      allowedWhenLeased: ["OPERATOR", "OTHER_COMPANY"],
      citation: L("art. 10, § 5º"),
      appliesTo: driver,
    },
  ],
  operatorRules: [
    {
      id: "operator_head_office",
      kind: "HEAD_OFFICE_IN_MUNICIPALITY",
      orBranch: true,
      citation: L("art. 3º"),
      appliesTo: operadora,
    },
    {
      id: "operator_credentialed",
      kind: "OPERATOR_CREDENTIALED",
      citation: L("art. 9º"),
      appliesTo: { modes: ["VINCULADO", "PREPOSTO"] },
    },
    { id: "operator_reported_driver", kind: "DRIVER_DATA_REPORTED", citation: L("art. 10, § 4º"), appliesTo: driver },
  ],
  documents: [
    ...driverAndAdditional(
      { type: "CNH", label: "CNH categoria B ou superior com EAR, em situação normal", validity: OWN },
      "art. 9º, I",
    ),
    ...driverAndAdditional(
      {
        type: "COMPROVANTE_RESIDENCIA",
        label: "Comprovante de residência atualizado em Lavras",
        validity: { kind: "RECENT" as const, parameter: "diasComprovanteResidenciaAtualizado" },
        fromMunicipality: true,
      },
      "art. 9º, II",
    ),
    ...driverAndAdditional(
      { type: "CERTIDAO_CRIMINAL_ESTADUAL", label: "Certidão negativa criminal da Justiça Estadual", validity: NONE },
      "art. 9º, III",
    ),
    ...driverAndAdditional(
      { type: "CERTIDAO_CRIMINAL_FEDERAL", label: "Certidão negativa criminal da Justiça Federal", validity: NONE },
      "art. 9º, III",
    ),
    ...driverAndAdditional(
      {
        type: "CERTIDOES_CRIMINAIS_RESIDENCIAS",
        label: "Certidões negativas criminais das cidades de residência nos últimos 5 anos",
        validity: NONE,
      },
      "art. 9º, III",
    ),
    ...driverAndAdditional(
      {
        type: "INSCRICAO_AUTONOMO",
        label: "Inscrição na Secretaria Municipal da Fazenda como motorista autônomo",
        validity: NONE,
        fromMunicipality: true,
      },
      "art. 9º, IV",
    ),
    ...driverAndAdditional(
      {
        type: "INSCRICAO_INSS",
        label: "Comprovante de inscrição no INSS como contribuinte individual",
        validity: NONE,
      },
      "art. 9º, V",
    ),
    ...driverAndAdditional(
      { type: "CND_FEDERAL", label: "Certidão negativa de débitos da Receita Federal", validity: OWN },
      "art. 9º, VI",
    ),
    ...driverAndAdditional(
      { type: "CND_INSS", label: "Certidão negativa de débitos do INSS", validity: OWN },
      "art. 9º, VI",
    ),
    ...driverAndAdditional(
      { type: "CND_ESTADUAL", label: "Certidão negativa de débitos da Receita Estadual", validity: OWN },
      "art. 9º, VI",
    ),
    ...driverAndAdditional(
      {
        type: "CND_MUNICIPAL",
        label: "Certidão negativa de débitos da Fazenda de Lavras",
        validity: OWN,
        fromMunicipality: true,
      },
      "art. 9º, VI",
    ),
    ...driverAndAdditional(
      {
        type: "CERTIFICADO_CURSO_PASSAGEIROS",
        label: "Certificado do curso de transporte remunerado de passageiros (Contran)",
        validity: NONE,
      },
      "art. 9º, VII",
    ),
    ...driverAndAdditional(
      { type: "EXAME_TOXICOLOGICO", label: "Exame toxicológico de laboratório reconhecido", validity: YEARLY },
      "art. 9º, VIII",
    ),
    {
      type: "CRLV",
      label: "Certificado de Registro e Licenciamento do Veículo (CRLV)",
      citation: L("art. 10, V"),
      appliesTo: driver,
      validity: OWN,
    },
    {
      type: "SEGURO_APP",
      label: "Seguro de acidentes pessoais a passageiros (APP)",
      citation: L("art. 10, VI"),
      appliesTo: driver,
      validity: OWN,
    },
    {
      type: "DPVAT",
      label: "Seguro obrigatório (DPVAT)",
      citation: L("art. 10, VI"),
      appliesTo: driver,
      validity: OWN,
      withoutObject: { basis: "DPVAT", askParameter: "pedirSeguroObrigatorio" },
    },
    {
      type: "LAUDO_ENGENHEIRO_MECANICO",
      label: "Laudo de engenheiro mecânico sobre o estado do veículo (acima de 8 anos)",
      citation: L("art. 10, I"),
      appliesTo: driver,
      validity: YEARLY,
      condition: "VEHICLE_OVER_MAX_AGE",
    },
    {
      type: "CONTRATO_LOCACAO",
      label: "Contrato de locação do veículo",
      citation: L("art. 10, § 5º"),
      appliesTo: driver,
      validity: OWN,
      condition: "VEHICLE_LEASED",
    },
    {
      type: "INSCRICAO_MUNICIPAL",
      label: "Comprovante de inscrição municipal",
      citation: L("art. 3º, § 2º"),
      appliesTo: operadora,
      validity: NONE,
      fromMunicipality: true,
    },
    {
      type: "ALVARA_FUNCIONAMENTO",
      label: "Alvará de Funcionamento (Licença de Localização e Funcionamento)",
      citation: L("art. 3º, § 2º"),
      appliesTo: operadora,
      validity: OWN,
      fromMunicipality: true,
    },
    {
      type: "ATOS_CONSTITUTIVOS",
      label: "Registro dos atos constitutivos",
      citation: L("art. 3º, § 2º"),
      appliesTo: operadora,
      validity: NONE,
    },
  ],
  credentials: [
    {
      type: "SELO_VISTORIA",
      label: "Selo de vistoria no para-brisa (código de inscrição e validade)",
      citation: L("art. 10, § 2º"),
      appliesTo: driver,
      validity: { kind: "DURATION", duration: "P1Y", citation: L("art. 10, § 3º") },
      renewal: {
        duration: "P1Y",
        counts: "FROM_APPROVAL",
        basis: "LAW",
        note: "Nova vistoria anual: o selo traz a validade da vistoria (art. 10, § 2º) e conta da vistoria da renovação.",
        citation: L("art. 10, § 3º"),
      },
      issuedOn: "VISTORIA",
    },
    {
      type: "CERTIFICADO_OPERADOR",
      label: "Credenciamento da empresa operadora",
      citation: L("art. 3º, § 1º"),
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
      appliesTo: driver,
      period: "P1Y",
      periodCitation: L("art. 10, § 3º"),
      discretionary: false,
      items: [
        { code: "BOM_ESTADO", label: "Bom estado de uso e funcionamento", safety: true, citation: L("art. 10, II") },
        { code: "SEM_BAGAGEIRO_EXTERNO", label: "Sem bagageiro externo", safety: false, citation: L("art. 10, III") },
        {
          code: "SEM_MODIFICACOES",
          label: "Sem modificações das características de fábrica",
          safety: true,
          citation: L("art. 10, § 1º"),
        },
      ],
    },
  ],
  fees: [
    { id: "taxa_vistoria", label: "Vistoria anual do veículo", amount: 3, unit: "UFML", citation: L("art. 10, § 3º") },
  ],
  infractions: {
    catalogue: [
      {
        code: "INOBSERVANCIA_MOTORISTA",
        description: "Inobservância dos preceitos do serviço pelo motorista vinculado",
        offender: "CONDUTOR",
        penalty: {
          warning: true,
          fine: { unit: "UFML", setByRegulation: true },
          suspension: { maxDays: 60 },
          driverExclusion: true,
          citation: L("art. 13"),
        },
        citation: L("art. 13"),
      },
      {
        code: "INOBSERVANCIA_OPERADORA",
        description: "Inobservância dos preceitos do serviço pela operadora autorizatária",
        offender: "OPERADORA",
        penalty: {
          warning: true,
          fine: { unit: "UFML", setByRegulation: true },
          suspension: { maxDays: 60 },
          cassacao: true,
          citation: L("art. 13"),
        },
        citation: L("art. 13"),
      },
      {
        code: "OMISSAO_RELATORIO_MENSAL",
        description: "Não enviar o relatório mensal dos motoristas cadastrados com a documentação",
        offender: "OPERADORA",
        penalty: { cassacao: true, other: ["descredenciamento da operadora"], citation: L("art. 9º, parágrafo único") },
        citation: L("art. 9º, parágrafo único"),
      },
    ],
    penaltyScale: {
      penalties: [
        "advertência",
        "multa",
        "suspensão por até 60 dias",
        "exclusão do motorista",
        "cassação da autorização da operadora",
      ],
      citation: L("art. 13"),
    },
    enforcement: {
      process: {
        note: "Penalidades especificadas em regulamentação; auto de infração notificado ao autorizatário.",
        citation: L("art. 12, § 2º"),
      },
    },
  },
  deadlines: [
    {
      id: "relatorio_mensal",
      who: "OPERADORA",
      label: "Relatório mensal dos motoristas cadastrados, com cópia dos documentos",
      every: "P1M",
      sanction: "Descredenciamento",
      citation: L("art. 9º, parágrafo único"),
    },
    {
      id: "relacao_veiculos",
      who: "OPERADORA",
      label: "Relação de veículos (ano, modelo, placa, proprietários e condutores)",
      parameter: "prazoRelacaoVeiculosDias",
      citation: L("art. 6º, X"),
    },
    {
      id: "comunicacao_exclusao",
      who: "OPERADORA",
      label: "Comunicar a exclusão de motorista da plataforma",
      immediate: true,
      citation: L("art. 13, parágrafo único"),
    },
    {
      id: "exame_toxicologico",
      who: "CONDUTOR",
      label: "Apresentar exame toxicológico",
      every: "P1Y",
      citation: L("art. 9º, VIII"),
    },
  ],
  serviceRequirements: [
    { code: "SO_POR_PLATAFORMA", label: "Embarque só de viagens pedidas pela plataforma", citation: L("art. 7º") },
    { code: "VESTIMENTA", label: "Civilidade e vestimenta adequada", citation: L("art. 14") },
    {
      code: "ATENDIMENTO_24H",
      label: "Canal de atendimento ao usuário e ao PROCON 24 horas",
      citation: L("art. 6º, VII"),
      appliesTo: operadora,
    },
  ],
  silences: [
    "Sem idade mínima nem tempo mínimo de habilitação para o motorista.",
    "Valores das multas e a graduação das penalidades ficam para regulamento (arts. 12 e 18).",
    "Nenhuma credencial do motorista (crachá) é prevista; só o selo do veículo e o credenciamento da operadora.",
    "Validade do credenciamento da operadora não fixada.",
    "Validade das certidões criminais não fixada.",
    'A "situação normal" da CNH (art. 9º, I) é verificada na análise do documento, não por dado informado.',
  ],
};

export const lavrasMg = definePack(raw);
