// The federal baseline under every municipal pack (shared/laws/federal-baseline.md): Lei
// 12.009/2009 art. 2º, CTB arts. 139-A and 329, Resolução CONTRAN 943/2022, Lei 12.587/2012 arts.
// 11-A and 11-B (by Lei 13.640/2018). Stricter wins (ADRs 013, 060).
import { defineBaseline } from "./federal";
import { CNH_B_OR_HIGHER, CNH_WITH_A } from "./vocabulary";

const L12009 = (unit: string) => `Lei 12.009/2009, ${unit}`;
const CTB = (unit: string) => `Lei 9.503/1997 (CTB), ${unit}`;
const R943 = (unit: string) => `Resolução CONTRAN 943/2022, ${unit}`;
const L12587 = (unit: string) => `Lei 12.587/2012, ${unit}`;

const PEOPLE = ["AUTONOMO", "VINCULADO", "PREPOSTO"] as const;
const MOTO = { modes: [...PEOPLE], categories: ["MOTOTAXI" as const, "MOTOBOY" as const, "MOTOFRETE" as const] };
const MOTOBOY = { modes: [...PEOPLE], categories: ["MOTOBOY" as const] };
const MOTOTAXI = { modes: [...PEOPLE], categories: ["MOTOTAXI" as const] };
const MOTOFRETE = { modes: [...PEOPLE], categories: ["MOTOFRETE" as const] };
const APP = { modes: [...PEOPLE], categories: ["APLICATIVO" as const] };
const NONE = { kind: "NONE" as const };
const OWN = { kind: "OWN_EXPIRY" as const };

export const federalBr = defineBaseline({
  id: "federal-br",
  version: "1.1.0",
  acts: [
    {
      label: "Lei 12.009/2009",
      title: "Exercício das atividades de mototaxista, motoboy e moto-frete",
      date: "2009-07-29",
    },
    {
      label: "Lei 9.503/1997 (CTB)",
      title: "Código de Trânsito Brasileiro (cap. XIII-A, incluído pela Lei 12.009/2009)",
      date: "1997-09-23",
    },
    {
      label: "Resolução CONTRAN 943/2022",
      title:
        "Requisitos mínimos de segurança do transporte remunerado de passageiros (mototáxi) e de cargas (motofrete)",
      date: "2022-03-28",
    },
    {
      label: "Lei 12.587/2012",
      title: "Política Nacional de Mobilidade Urbana (arts. 11-A e 11-B incluídos pela Lei 13.640/2018)",
      date: "2012-01-03",
    },
  ],
  personRules: [
    { id: "min_age", kind: "MIN_AGE", years: 21, citation: L12009("art. 2º, I"), appliesTo: MOTO },
    {
      id: "cnh_category",
      kind: "CNH_CATEGORY",
      anyOf: CNH_WITH_A,
      label: "A",
      citation: L12009("art. 2º, II"),
      appliesTo: MOTO,
    },
    { id: "cnh_years", kind: "CNH_MIN_YEARS", years: 2, citation: L12009("art. 2º, II"), appliesTo: MOTO },
    {
      id: "cnh_category",
      kind: "CNH_CATEGORY",
      anyOf: CNH_B_OR_HIGHER,
      label: "B ou superior",
      citation: L12587("art. 11-B, I"),
      appliesTo: APP,
    },
    { id: "cnh_ear", kind: "CNH_EAR", citation: L12587("art. 11-B, I"), appliesTo: APP },
  ],
  vehicleRules: [
    {
      id: "vehicle_registration_category",
      kind: "REGISTRATION_CATEGORY",
      category: "ALUGUEL",
      citation: CTB("art. 139-A, I"),
      appliesTo: MOTOFRETE,
    },
    {
      id: "vehicle_registration_category",
      kind: "REGISTRATION_CATEGORY",
      category: "ALUGUEL",
      citation: R943("art. 2º"),
      appliesTo: MOTOTAXI,
    },
  ],
  documents: [
    {
      type: "CNH",
      label: "Carteira Nacional de Habilitação (categoria A há pelo menos 2 anos)",
      citation: L12009("art. 2º, II"),
      appliesTo: MOTO,
      validity: OWN,
      subject: "PERSON",
    },
    {
      type: "CERTIFICADO_CURSO_ESPECIALIZADO",
      label: "Certificado de aprovação no curso especializado (Contran)",
      citation: L12009("art. 2º, III"),
      appliesTo: MOTO,
      validity: NONE,
      subject: "PERSON",
    },
    // Lei 12.009/2009, art. 2º, parágrafo único: what the motoboy of serviço comunitário de rua
    // also presents (the summary does not number its items: the sole paragraph is cited whole).
    ...(
      [
        ["RG", "Carteira de identidade", "PERSON", ["DOCUMENTOS_PESSOAIS"]],
        ["TITULO_ELEITOR", "Título de eleitor", "PERSON", ["QUITACAO_ELEITORAL"]],
        ["CPF", "Inscrição no CPF", "PERSON", ["DOCUMENTOS_PESSOAIS"]],
        ["COMPROVANTE_RESIDENCIA", "Comprovante de residência", "PERSON", []],
        [
          "CERTIDAO_CRIMINAL",
          "Certidões negativas das varas criminais",
          "PERSON",
          ["CERTIDAO_CIVEL_CRIMINAL", "CERTIDAO_CRIMINAL_ESTADUAL", "CERTIDAO_CRIMINAL_FEDERAL"],
        ],
        [
          "CRLV",
          "Identificação da motocicleta utilizada em serviço (CRLV)",
          "VEHICLE",
          ["DOCUMENTO_PROPRIEDADE_VEICULO", "CRV"],
        ],
      ] as const
    ).map(([type, label, subject, sameAs]) => ({
      type,
      label,
      citation: L12009("art. 2º, parágrafo único"),
      appliesTo: MOTOBOY,
      validity: NONE,
      subject,
      sameAs: [...sameAs],
    })),
    {
      type: "CERTIDAO_CRIMINAL",
      label:
        "Certidão negativa do registro de distribuição criminal (homicídio, roubo, estupro e corrupção de menores)",
      citation: CTB("art. 329"),
      appliesTo: MOTOTAXI,
      validity: NONE,
      subject: "PERSON",
      sameAs: ["CERTIDAO_CIVEL_CRIMINAL"],
    },
    {
      type: "CNH",
      label: "CNH categoria B ou superior com a observação EAR",
      citation: L12587("art. 11-B, I"),
      appliesTo: APP,
      validity: OWN,
      subject: "PERSON",
    },
    {
      type: "CRLV",
      label: "Certificado de Registro e Licenciamento do Veículo (CRLV)",
      citation: L12587("art. 11-B, III"),
      appliesTo: APP,
      validity: OWN,
      subject: "VEHICLE",
    },
    {
      type: "CERTIDAO_CRIMINAL",
      label: "Certidão negativa de antecedentes criminais",
      citation: L12587("art. 11-B, IV"),
      appliesTo: APP,
      validity: NONE,
      subject: "PERSON",
      sameAs: ["CERTIDAO_CRIMINAL_ESTADUAL", "CERTIDAO_CRIMINAL_FEDERAL"],
    },
    {
      type: "SEGURO_APP",
      label: "Seguro de acidentes pessoais a passageiros (APP)",
      citation: L12587("art. 11-A, parágrafo único, II"),
      appliesTo: APP,
      validity: OWN,
      subject: "VEHICLE",
    },
    {
      type: "INSCRICAO_INSS",
      label: "Inscrição como contribuinte individual do INSS",
      citation: L12587("art. 11-A, parágrafo único, III"),
      appliesTo: APP,
      validity: NONE,
      subject: "PERSON",
    },
  ],
  vistorias: [
    {
      id: "vistoria",
      appliesTo: MOTOFRETE,
      period: "P6M",
      periodCitation: CTB("art. 139-A, IV"),
      discretionary: false,
      items: [
        {
          code: "MATA_CACHORRO",
          label: "Protetor de motor e pernas (mata-cachorro) fixado no chassi",
          safety: true,
          citation: CTB("art. 139-A, II"),
        },
        {
          code: "ANTENA_CORTA_PIPAS",
          label: "Aparador de linha (antena corta-pipas)",
          safety: true,
          citation: CTB("art. 139-A, III"),
        },
        {
          code: "DISPOSITIVO_CARGA",
          label: "Dispositivo de transporte de cargas conforme o Contran",
          safety: true,
          citation: CTB("art. 139-A, § 1º"),
        },
      ],
    },
    {
      id: "vistoria",
      appliesTo: MOTOTAXI,
      discretionary: false,
      items: [
        {
          code: "MATA_CACHORRO",
          label: "Protetor de pernas e motor fixado na estrutura do veículo",
          safety: true,
          citation: R943("art. 3º, I"),
        },
        {
          code: "ANTENA_CORTA_PIPAS",
          label: "Aparador de linha (corta-pipas) fixado no guidom",
          safety: true,
          citation: R943("art. 3º, II"),
        },
        {
          code: "ALCAS_PASSAGEIRO",
          label: "Alças de apoio para o passageiro (equipamento do transporte de passageiros)",
          safety: true,
          citation: R943("art. 3º, III"),
          sameAs: ["BANCOS_SUPORTES"],
        },
      ],
    },
  ],
  serviceRequirements: [
    {
      code: "COLETE",
      label: "Colete de segurança com dispositivos retrorrefletivos",
      citation: L12009("art. 2º, IV"),
      appliesTo: MOTO,
      sameAs: ["COLETE_CAPACETE"],
    },
  ],
  notApplicable: [
    {
      code: "DPVAT",
      label: "Seguro obrigatório de danos pessoais (DPVAT)",
      citation: L12587("art. 11-A, parágrafo único, II"),
      appliesTo: APP,
      reason:
        "O DPVAT deixou de ser cobrado, e o seguro criado para substituí-lo (SPVAT) foi revogado antes de começar: hoje nenhuma seguradora emite bilhete ou apólice dele, então o documento não é pedido.",
      basis: [
        "Lei 6.194/1974 (criou o DPVAT): prêmio fixado em zero pelo CNSP a partir de 2021",
        "Lei Complementar 207/2024 (substituiu o DPVAT pelo SPVAT, a partir de 2025)",
        "Lei Complementar 211/2024 (revogou a Lei Complementar 207/2024: não há seguro obrigatório de veículos em vigor)",
      ],
    },
  ],
  notes: [
    "Lei 12.587/2012, art. 11-A, parágrafo único, I (cobrança dos tributos municipais) é dever do Município, não requisito do motorista.",
    "Lei 12.587/2012, art. 11-B, II (idade máxima e características do veículo) remete à autoridade de trânsito e ao Município: vale o que o pacote municipal fixa.",
    "Lei 9.503/1997 (CTB), art. 139-A, IV (inspeção semestral) é do moto-frete: o artigo trata só do transporte remunerado de mercadorias, não do mototáxi.",
    "Resolução CONTRAN 943/2022: a inspeção semestral, a troca de equipamento entre carga e passageiro (nunca os dois ao mesmo tempo) e o capacete retrorrefletivo de condutor e passageiro não estão codificados para o mototáxi — o resumo federal não traz o artigo de cada um.",
    "Lei 12.009/2009, art. 2º, parágrafo único: o resumo não numera os incisos; cita-se o parágrafo inteiro. Vale para o motoboy (serviço comunitário de rua); a quitação eleitoral de Patrocínio é lida como o título de eleitor.",
    "CTB art. 329: a renovação da certidão criminal a cada cinco anos não está no resumo federal; vale a validade do pacote municipal.",
  ],
});
