// Patrocínio (MG) — Lei 4.883/2017: mototáxi (permissão, by licitação), motoboy and
// moto-frete (autorização, by credenciamento). Natural persons only (art. 6º, § 1º); a
// titular may indicate one preposto with the same requirements (arts. 6º, § 4º, and 14).
import { definePack } from "./load";
import { patrocinioInfractions } from "./patrocinio-mg-infractions";
import type { RulePackInput } from "./schema";
import { CNH_WITH_A } from "./vocabulary";

const L = (unit: string) => `Lei 4.883/2017, ${unit}`;
const CARGO = ["MOTOBOY", "MOTOFRETE"] as const;

/** The titular's requirement (art. 5º) and the same one for the preposto (art. 14, § 2º). */
function titularAndPreposto<R extends object>(rule: R, unit: string) {
  return [
    { ...rule, citation: L(unit), appliesTo: { modes: ["AUTONOMO" as const] } },
    { ...rule, citation: L(`art. 14, § 2º, c/c ${unit}`), appliesTo: { modes: ["PREPOSTO" as const] } },
  ];
}

const titular = { modes: ["AUTONOMO" as const] };
/** Inspected on every vehicle of the law (art. 5º, §§ 1º and 7º). */
const everyVehicle = [
  {
    code: "ANTENA_CORTA_PIPAS",
    label: "Aparador de linha (antena corta-pipas) no guidom",
    safety: true,
    citation: L("art. 5º, § 7º"),
  },
  {
    code: "MATA_CACHORRO",
    label: "Protetor de motor e pernas (mata-cachorro)",
    safety: true,
    citation: L("art. 5º, § 7º"),
  },
  {
    code: "COR_E_DISTICO",
    label: "Cor do veículo e dístico do serviço no tanque",
    safety: false,
    citation: L("art. 5º, § 1º, IV"),
  },
  { code: "PLACA_ALUGUEL", label: "Placa de aluguel", safety: false, citation: L("art. 5º, § 1º, V") },
];
const NONE = { kind: "NONE" as const };
const OWN = { kind: "OWN_EXPIRY" as const };

const raw: RulePackInput = {
  id: "patrocinio-mg",
  version: "1.0.0",
  effectiveDate: "2017-02-14",
  law: {
    label: "Lei 4.883/2017",
    title: "Sistema de transporte e prestação de serviços com motocicletas: moto-táxi, motoboy e moto-frete",
    date: "2017-02-14",
  },
  municipality: { ibge: "3148103", name: "Patrocínio", uf: "MG" },
  fiscalUnit: "UFM",
  parameters: {
    pedirSeguroObrigatorio: {
      label: "Pedir mesmo assim o seguro obrigatório (DPVAT) que a lei cita",
      unit: "SWITCH",
      value: 0,
      default: 0,
      editable: true,
      citation: L("art. 5º, § 5º"),
      note: "O DPVAT não existe hoje (Lei Complementar 211/2024): com 0 o documento não é pedido e o condutor vê por quê; 1 volta a pedi-lo (por exemplo, se um decreto passar a exigir um seguro privado no lugar).",
    },
    valorUfmBrl: {
      label: "Valor da UFM em reais",
      unit: "BRL",
      value: null,
      default: null,
      editable: true,
      citation: L("art. 32"),
      note: "Fixado pela legislação tributária municipal; o pacote não supõe valor.",
    },
    diasFotoRecente: {
      label: 'Idade máxima (dias) das fotos 3x4 "recentes"',
      unit: "DAYS",
      value: 90,
      default: 90,
      editable: true,
      citation: L("art. 5º, IX"),
      note: 'A lei diz apenas "recentes"; 90 dias é o padrão do produto, ajustável pelo gestor.',
    },
    diasComprovanteResidenciaRecente: {
      label: 'Idade máxima (dias) do comprovante de residência "recente"',
      unit: "DAYS",
      value: 90,
      default: 90,
      editable: true,
      citation: L("art. 5º, X"),
      note: 'A lei diz apenas "recente"; 90 dias é o padrão do produto, ajustável pelo gestor.',
    },
    validadeCredencialSemPrazoLegal: {
      label: "Validade (meses) da autorização de trânsito, cuja validade a lei não fixa",
      unit: "MONTHS",
      value: 12,
      default: 12,
      editable: true,
      citation: L("art. 5º, § 3º"),
      note: "A lei não fixa a validade da autorização de trânsito: prazo definido pela prefeitura (padrão de 12 meses), não pela lei.",
    },
  },
  categories: [
    {
      code: "MOTOTAXI",
      label: "Mototáxi",
      acts: [
        { kind: "PERMISSAO", modes: ["AUTONOMO"], label: "Permissão", citation: L("art. 6º") },
        { kind: "REGISTRO", modes: ["PREPOSTO"], label: "Cadastro de preposto", citation: L("art. 14, § 1º") },
      ],
      modes: [
        { mode: "AUTONOMO", citation: L("art. 6º, § 1º") },
        { mode: "PREPOSTO", citation: L("art. 14") },
      ],
      selection: { kind: "LICITACAO", citation: L("art. 6º") },
      term: { max: "P5Y", extension: { duration: "P5Y", times: 1 }, citation: L("art. 6º") },
      colours: [
        { part: "VEICULO", colour: "amarela topázio Y 198", citation: L("art. 5º, § 1º, IV") },
        { part: "DISTICO", colour: "preta (dístico do serviço no tanque)", citation: L("art. 5º, § 1º, IV") },
        { part: "CAPACETE", colour: "amarela, com a placa do veículo em dísticos pretos", citation: L("art. 13, IX") },
      ],
    },
    ...CARGO.map((code) => ({
      code,
      label: code === "MOTOBOY" ? "Motoboy" : "Moto-frete",
      acts: [
        { kind: "AUTORIZACAO" as const, modes: ["AUTONOMO" as const], label: "Autorização", citation: L("art. 6º") },
        {
          kind: "REGISTRO" as const,
          modes: ["PREPOSTO" as const],
          label: "Cadastro de preposto",
          citation: L("art. 14, § 1º"),
        },
      ],
      modes: [
        { mode: "AUTONOMO" as const, citation: L("art. 6º, § 1º") },
        { mode: "PREPOSTO" as const, citation: L("art. 14") },
      ],
      selection: { kind: "CREDENCIAMENTO" as const, citation: L("art. 6º") },
      term: { max: "P5Y", extension: { duration: "P5Y", times: 1 }, citation: L("art. 6º") },
      colours: [
        { part: "VEICULO" as const, colour: "preta", citation: L("art. 5º, § 1º, IV") },
        {
          part: "DISTICO" as const,
          colour: "amarela topázio Y 198 (dístico do serviço no tanque)",
          citation: L("art. 5º, § 1º, IV"),
        },
        {
          part: "CAPACETE" as const,
          colour: "preta, com a placa do veículo em dísticos amarelos",
          citation: L("art. 13, X"),
        },
      ],
    })),
  ],
  personRules: [
    ...titularAndPreposto({ id: "min_age", kind: "MIN_AGE" as const, years: 21 }, "art. 5º, I"),
    ...titularAndPreposto(
      { id: "cnh_category", kind: "CNH_CATEGORY" as const, anyOf: CNH_WITH_A, label: "A" },
      "art. 5º, II",
    ),
    ...titularAndPreposto({ id: "cnh_years", kind: "CNH_MIN_YEARS" as const, years: 2 }, "art. 5º, II"),
    {
      id: "incompatible_permissions",
      kind: "INCOMPATIBLE_PERMISSIONS",
      permissions: ["TAXI", "TRANSPORTE_ESCOLAR", "TRANSPORTE_COLETIVO"],
      citation: L("art. 8º"),
      appliesTo: { modes: ["AUTONOMO", "PREPOSTO"] },
    },
    { id: "one_vehicle", kind: "ONE_VEHICLE", citation: L("art. 6º, § 2º"), appliesTo: titular },
  ],
  vehicleRules: [
    {
      id: "vehicle_min_displacement",
      kind: "MIN_DISPLACEMENT",
      cc: 125,
      citation: L("art. 3º, I, a"),
      appliesTo: titular,
    },
    {
      id: "vehicle_max_displacement",
      kind: "MAX_DISPLACEMENT",
      cc: 250,
      citation: L("art. 3º, I, b"),
      appliesTo: titular,
    },
    // "vida útil" without a starting point: counted from the manufacture year (ADR 003).
    {
      id: "vehicle_age",
      kind: "MAX_AGE",
      years: 5,
      basis: "MANUFACTURE_YEAR",
      citation: L("art. 3º, II"),
      appliesTo: titular,
    },
    {
      id: "vehicle_registration_category",
      kind: "REGISTRATION_CATEGORY",
      category: "ALUGUEL",
      citation: L("art. 3º, parágrafo único"),
      appliesTo: titular,
    },
    {
      id: "vehicle_licensing_municipality",
      kind: "LICENSED_IN_MUNICIPALITY",
      exceptLeased: false,
      citation: L("art. 5º, § 1º, I"),
      appliesTo: titular,
    },
    {
      id: "vehicle_ownership",
      kind: "OWNERSHIP",
      allowed: ["HOLDER"],
      citation: L("art. 5º, § 5º"),
      appliesTo: titular,
    },
    {
      id: "vehicle_service_exclusivity",
      kind: "SERVICE_EXCLUSIVITY",
      forbids: "CARGO",
      citation: L("art. 5º, § 8º"),
      appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] },
    },
    {
      id: "vehicle_service_exclusivity",
      kind: "SERVICE_EXCLUSIVITY",
      forbids: "PASSENGERS",
      citation: L("art. 5º, § 8º"),
      appliesTo: { modes: ["AUTONOMO"], categories: [...CARGO] },
    },
  ],
  documents: [
    ...titularAndPreposto(
      { type: "CNH", label: "Carteira Nacional de Habilitação (categoria A)", validity: OWN },
      "art. 5º, II",
    ),
    ...titularAndPreposto(
      {
        type: "CERTIFICADO_CURSO_ESPECIALIZADO",
        label: "Certificado do curso especializado (Contran)",
        validity: NONE,
      },
      "art. 5º, III",
    ),
    ...titularAndPreposto({ type: "RG", label: "Documento de identidade (RG)", validity: NONE }, "art. 5º, V"),
    ...titularAndPreposto(
      { type: "QUITACAO_MILITAR", label: "Comprovante de quitação com o serviço militar", validity: NONE },
      "art. 5º, VI",
    ),
    ...titularAndPreposto(
      { type: "QUITACAO_ELEITORAL", label: "Certidão de quitação eleitoral", validity: NONE },
      "art. 5º, VI",
    ),
    ...titularAndPreposto(
      {
        type: "ATESTADO_MEDICO",
        label: "Atestado médico de sanidade física e mental",
        validity: { kind: "DURATION" as const, duration: "P1Y", citation: L("art. 5º, § 2º") },
      },
      "art. 5º, VII",
    ),
    ...titularAndPreposto(
      {
        type: "INSCRICAO_INSS",
        label: "Comprovante de inscrição no INSS como contribuinte individual",
        validity: NONE,
      },
      "art. 5º, VIII",
    ),
    ...titularAndPreposto(
      {
        type: "FOTO_3X4",
        label: "Duas fotos 3x4 coloridas e recentes",
        quantity: 2,
        validity: { kind: "RECENT" as const, parameter: "diasFotoRecente" },
        holderPhoto: true,
      },
      "art. 5º, IX",
    ),
    ...titularAndPreposto(
      {
        type: "COMPROVANTE_RESIDENCIA",
        label: "Comprovante de residência recente",
        validity: { kind: "RECENT" as const, parameter: "diasComprovanteResidenciaRecente" },
      },
      "art. 5º, X",
    ),
    ...titularAndPreposto(
      {
        type: "CERTIDAO_CRIMINAL",
        label: "Certidões negativas criminais",
        validity: { kind: "DURATION" as const, duration: "P5Y" },
      },
      "art. 5º, XI",
    ),
    ...titularAndPreposto(
      {
        type: "ATESTADO_ANTECEDENTES",
        label: "Atestado de antecedentes criminais",
        validity: { kind: "DURATION" as const, duration: "P5Y" },
      },
      "art. 5º, XI",
    ),
    ...titularAndPreposto({ type: "CPF", label: "Documento com o número do CPF", validity: NONE }, "art. 5º, XII"),
    {
      type: "CRLV",
      label: "CRLV atualizado no Município de Patrocínio",
      citation: L("art. 5º, § 1º, I"),
      appliesTo: titular,
      validity: OWN,
      fromMunicipality: true,
    },
    {
      type: "DPVAT",
      label: "Bilhete do seguro obrigatório (DPVAT) em nome do titular",
      citation: L("art. 5º, § 5º"),
      appliesTo: titular,
      validity: OWN,
      withoutObject: { basis: "DPVAT", askParameter: "pedirSeguroObrigatorio" },
    },
    {
      type: "CRV",
      label: "Certificado de Registro do Veículo (CRV) em nome do titular",
      citation: L("art. 5º, § 5º"),
      appliesTo: titular,
      validity: NONE,
    },
    {
      type: "LAUDO_VISTORIA",
      label: "Laudo de vistoria do órgão executivo de trânsito",
      citation: L("art. 5º, § 1º, II"),
      appliesTo: titular,
      validity: NONE,
    },
    {
      type: "LAUDO_INSPECAO",
      label: "Laudo de inspeção do veículo",
      citation: L("art. 5º, § 1º, III"),
      appliesTo: titular,
      validity: NONE,
    },
    {
      type: "APOLICE_SEGURO_PASSAGEIRO",
      label: "Cópia da apólice de seguro específica para passageiros",
      citation: L("art. 19, § 2º"),
      appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] },
      validity: OWN,
    },
    {
      type: "INDICACAO_PREPOSTO",
      label: "Indicação do preposto, por escrito, pelo titular",
      citation: L("art. 14, § 1º"),
      appliesTo: { modes: ["PREPOSTO"] },
      validity: NONE,
      submittedBy: "HOLDER",
    },
    {
      type: "ESCALA_SERVICO",
      label: "Escala do titular e do preposto",
      citation: L("art. 14, § 3º"),
      appliesTo: { modes: ["PREPOSTO"] },
      validity: NONE,
      submittedBy: "HOLDER",
    },
  ],
  quotas: [
    {
      id: "quota_permissions",
      unit: "PERMISSION",
      categories: ["MOTOTAXI"],
      modes: ["AUTONOMO"],
      inhabitantsPerUnit: 2000,
      rounding: "FLOOR",
      citation: L("art. 10, I"),
    },
    {
      id: "quota_permissions",
      unit: "PERMISSION",
      categories: ["MOTOBOY"],
      modes: ["AUTONOMO"],
      inhabitantsPerUnit: null,
      rounding: "FLOOR",
      citation: L("art. 10, II"),
    },
    {
      id: "quota_permissions",
      unit: "PERMISSION",
      categories: ["MOTOFRETE"],
      modes: ["AUTONOMO"],
      inhabitantsPerUnit: null,
      rounding: "FLOOR",
      citation: L("art. 10, III"),
    },
  ],
  credentials: [
    {
      type: "CERTIFICADO",
      label: "Certificado de registro cadastral",
      citation: L("art. 4º, § 1º"),
      appliesTo: { modes: ["AUTONOMO", "PREPOSTO"] },
      validity: { kind: "DURATION", duration: "P1Y", citation: L("art. 4º, § 1º") },
      renewal: {
        duration: "P1Y",
        counts: "FOLLOWS_PREVIOUS",
        basis: "LAW",
        note: "Renovação facultada por igual período: o novo ano segue o anterior.",
        citation: L("art. 4º, § 1º"),
      },
    },
    {
      type: "CRACHA",
      label: "Crachá de registro (uso obrigatório em serviço)",
      citation: L("art. 5º, § 4º"),
      appliesTo: { modes: ["AUTONOMO", "PREPOSTO"] },
      validity: { kind: "DURATION", duration: "P1Y", citation: L("art. 4º, § 1º") },
      renewal: {
        duration: "P1Y",
        counts: "FOLLOWS_PREVIOUS",
        basis: "LAW",
        note: "O crachá é a forma do registro e segue a sua validade.",
        citation: L("art. 4º, § 1º"),
      },
    },
    {
      type: "AUTORIZACAO_TRANSITO",
      label: "Autorização de trânsito",
      citation: L("art. 5º, § 3º"),
      appliesTo: titular,
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
      appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] },
      period: "P6M",
      periodCitation: L("art. 5º, § 6º"),
      discretionary: true,
      items: [
        ...everyVehicle,
        // Art. 19 is the mototáxi chapter: its equipment is asked of mototáxi only.
        ...[
          "Alças metálicas traseira e lateral para o passageiro",
          "Cano de escapamento com isolante térmico",
          "Suporte para os pés do passageiro",
          "Capa de chuva",
          "Espelhos retrovisores dos dois lados",
        ].map((label, i) => ({
          code: ["ALCAS_PASSAGEIRO", "ESCAPAMENTO_ISOLADO", "PEDALEIRA_PASSAGEIRO", "CAPA_CHUVA", "RETROVISORES"][i],
          label,
          safety: i !== 3,
          citation: L(`art. 19, ${["I", "II", "III", "IV", "V"][i]}`),
        })),
      ],
    },
    {
      id: "vistoria",
      appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOBOY"] },
      period: "P6M",
      periodCitation: L("art. 5º, § 6º"),
      discretionary: true,
      items: everyVehicle,
    },
    {
      id: "vistoria",
      appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOFRETE"] },
      period: "P1Y",
      periodCitation: L("art. 23"),
      discretionary: false,
      // "Todos os veículos" (art. 5º, § 6º): the semi-annual inspections at the authority's discretion reach moto-frete too.
      discretionaryInspections: { period: "P6M", citation: L("art. 5º, § 6º") },
      items: [
        {
          code: "ANTENA_CORTA_PIPAS",
          label: "Aparador de linha (antena corta-pipas) no guidom",
          safety: true,
          citation: L("art. 5º, § 7º"),
        },
        {
          code: "MATA_CACHORRO",
          label: "Protetor de motor e pernas (mata-cachorro)",
          safety: true,
          citation: L("art. 5º, § 7º"),
        },
        {
          code: "COR_E_DISTICO",
          label: "Cor do veículo e dístico do serviço no tanque",
          safety: false,
          citation: L("art. 5º, § 1º, IV"),
        },
        { code: "PLACA_ALUGUEL", label: "Placa de aluguel", safety: false, citation: L("art. 5º, § 1º, V") },
        {
          code: "DISPOSITIVO_CARGA",
          label: "Baú, grelha, alforjes ou caixas laterais nas dimensões do Contran",
          safety: true,
          citation: L("art. 23, § 1º"),
        },
        {
          code: "RETROVISORES_LIVRES",
          label: "Dispositivo e carga não prejudicam os retrovisores",
          safety: true,
          citation: L("art. 23, § 2º"),
        },
        {
          code: "FAIXAS_SIDECAR",
          label: "Faixas retrorrefletivas no sidecar e no semirreboque",
          safety: true,
          citation: L("art. 23, § 4º"),
        },
        {
          code: "SIDECAR_OU_SEMIRREBOQUE",
          label: "Sem uso simultâneo de sidecar e semirreboque",
          safety: true,
          citation: L("art. 23, § 5º"),
        },
      ],
    },
  ],
  infractions: patrocinioInfractions,
  deadlines: [
    {
      id: "atestado_apos_licitacao",
      who: "TITULAR",
      label: "Apresentar o atestado médico após a homologação da licitação",
      within: "P30D",
      citation: L("art. 5º, § 2º"),
      // Only mototáxi permissions go through a licitação (art. 6º); motoboy and moto-frete are credentialed.
      appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] },
    },
    {
      id: "baixa_condutor_auxiliar",
      who: "TITULAR",
      label: "Dar baixa do condutor auxiliar após o fim do vínculo",
      within: "P15D",
      sanction: "Infração do Grupo 1 (art. 31)",
      citation: L("art. 31, Grupo 1, I"),
    },
    {
      id: "comunicacao_acidente",
      who: "TITULAR",
      label: "Comunicar qualquer acidente com o veículo",
      within: "P5D",
      sanction: "Infração do Grupo 2 (art. 31)",
      citation: L("art. 31, Grupo 2, II"),
    },
    {
      id: "renovacao_registro",
      who: "CONDUTOR",
      label: "Renovar o registro",
      every: "P1Y",
      sanction: "Infração do Grupo 1 (art. 30)",
      citation: L("art. 30, Grupo 1, II"),
    },
  ],
  serviceRequirements: [
    {
      code: "COLETE_CAPACETE",
      label: "Colete de segurança e capacete com dispositivos retrorrefletivos",
      citation: L("art. 5º, IV"),
    },
    { code: "UNIFORME", label: "Uniforme padronizado em perfeito estado", citation: L("art. 12, II") },
    {
      code: "PORTE_CRACHA",
      label: "Portar os documentos pessoais e do veículo e o crachá oficial",
      citation: L("art. 13, VI"),
    },
    {
      code: "UM_PASSAGEIRO",
      label: "Não conduzir mais de um passageiro nem criança no colo",
      citation: L("art. 13, XI"),
      appliesTo: { modes: ["AUTONOMO", "PREPOSTO"], categories: ["MOTOTAXI"] },
    },
    {
      code: "SEGURO_PASSAGEIRO",
      label: "Manter apólice autônoma de seguro para passageiros",
      citation: L("art. 19, § 1º"),
      appliesTo: { modes: ["AUTONOMO"], categories: ["MOTOTAXI"] },
    },
  ],
  silences: [
    "Valores das multas e a correspondência entre grupo de infração e penalidade ficam para decreto (art. 34, parágrafo único).",
    "Validade da autorização de trânsito não fixada (art. 5º, § 3º).",
    'Termo inicial da "vida útil" de 5 anos não definido (art. 3º, II); o pacote conta do ano de fabricação.',
    "Valor da taxa da autorização, que é onerosa (art. 6º, § 6º), não fixado.",
    "Tarifa e pontos ficam para decreto (arts. 17 e 26).",
    "O comprovante de residência não precisa ser do Município (art. 5º, X); não há requisito de residência local.",
  ],
};

export const patrocinioMg = definePack(raw);
