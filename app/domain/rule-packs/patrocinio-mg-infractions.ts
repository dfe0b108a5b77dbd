// Patrocínio (MG) — Lei 4.883/2017, arts. 30 to 35: the infraction catalogue.
// Groups 1–4 are classified by art. 33 as leve, média, grave and gravíssima. The law lists the
// penalties in increasing order (art. 34) but leaves to a decree how each class maps to them
// and the fine values (art. 34, parágrafo único), so every class carries the whole scale.
import type { RulePackInput } from "./schema";

const L = (unit: string) => `Lei 4.883/2017, ${unit}`;

const fullScale = {
  warning: true,
  fine: { unit: "UFM" as const, setByRegulation: true },
  suspension: {},
  cassacao: true,
  citation: L("art. 34"),
};

const GROUP_CLASS = { 1: "LEVE", 2: "MEDIA", 3: "GRAVE", 4: "GRAVISSIMA" } as const;

type Items = Record<1 | 2 | 3 | 4, string[]>;

const art30: Items = {
  1: [
    "Deixar o condutor de renovar, anualmente, o atestado médico de sanidade física e mental",
    "Deixar o condutor de renovar seu registro anualmente",
    "Deixar de atualizar o endereço junto à Secretaria Municipal de Segurança Pública, Trânsito e Transportes",
    "Permitir ou fumar durante o trajeto",
    "Trajar-se de forma inadequada (calções, camisetas cavadas, chinelos etc.)",
    "Transportar objetos que dificultem a segurança e a acomodação do passageiro",
    "Tratar com falta de urbanidade e polidez os usuários e o público em geral",
    "Omitir-se quanto ao asseio próprio, do veículo ou do equipamento do passageiro",
  ],
  2: [
    "Não conduzir o usuário até o destino final, interrompendo voluntariamente a viagem",
    "Dificultar a fiscalização",
    "Ausentar-se do veículo durante a prestação do serviço",
    "Efetuar o serviço nesta modalidade em outro município",
    "Destratar o usuário ou o público durante a prestação do serviço",
    "Sonegar troco",
    "Abastecer o veículo quando transportando passageiros",
  ],
  3: [
    "Desacatar a fiscalização",
    "Proceder de maneira incorreta ou com falta de decoro na execução do serviço",
    "Movimentar o veículo sem que o usuário esteja acomodado ou tenha concluído o desembarque",
    "Estacionar fora dos pontos de apoio ou provisórios, em serviço, para angariar passageiros",
    "Portar-se inconvenientemente, sem compostura ou decoro, em serviço, no ponto ou fora dele",
    "Disputar passageiros com outras categorias de transporte regulamentadas no município",
  ],
  4: [
    "Dirigir em situação que ofereça risco à segurança do passageiro e transeuntes ou contrariando o CTB",
    "Portar ou manter no veículo arma de qualquer espécie, mesmo possuindo porte",
    "Dirigir o veículo com a CNH suspensa",
    "Prestar serviço em estado de embriaguez ou sob efeito de substâncias entorpecentes ou alucinógenas",
    "Agredir fisicamente o passageiro",
    "Angariar passageiros em ponto de ônibus ou de táxi",
  ],
};

const art31: Items = {
  1: [
    "Deixar de dar baixa, em até 15 dias, no cadastro de condutores auxiliares, findo o vínculo",
    "Não apresentar ou revalidar quaisquer documentos obrigatórios",
    "Não manter no veículo a autorização de trânsito",
    "Não acatar determinação da Secretaria Municipal de Segurança Pública, Trânsito e Transportes",
    "Não manter atualizado o cadastro, inclusive de seu condutor auxiliar",
  ],
  2: [
    "Não manter nos veículos os equipamentos exigidos",
    "Não comunicar qualquer acidente com o veículo no prazo de 5 dias",
    "Executar serviço com veículo em más condições de higiene e conservação",
    "Permitir que o veículo circule com vida útil vencida",
  ],
  3: [
    "Permitir que pessoa não autorizada conduza o veículo",
    "Permutar veículos sem prévia autorização",
    "Permitir que o veículo preste serviço em más condições de funcionamento e segurança",
  ],
  4: [
    "Não submeter a nova vistoria veículo reparado após acidente que comprometeu a segurança",
    "Não dar baixa no veículo nos casos de substituição, cancelamento, cassação ou redução de frota",
    "Deixar a prestação do serviço a cargo exclusivo do condutor auxiliar (permissionário)",
    "Ceder, emprestar ou locar a permissão",
    "Manter em serviço mototaxista portador de moléstia contagiosa ou infectocontagiosa",
  ],
};

const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"];

function catalogue(article: 30 | 31, items: Items, offender: "CONDUTOR" | "TITULAR") {
  return ([1, 2, 3, 4] as const).flatMap((group) =>
    items[group].map((description, i) => ({
      code: `ART${article}_G${group}_${ROMAN[i]}`,
      description,
      offender,
      class: GROUP_CLASS[group],
      citation: L(`art. ${article}, Grupo ${group}, ${ROMAN[i]}`),
    })),
  );
}

export const patrocinioInfractions: RulePackInput["infractions"] = {
  classes: [
    { code: "LEVE", label: "Leve (Grupo 1)", rank: 1, citation: L("art. 33, I"), penalty: fullScale },
    { code: "MEDIA", label: "Média (Grupo 2)", rank: 2, citation: L("art. 33, II"), penalty: fullScale },
    { code: "GRAVE", label: "Grave (Grupo 3)", rank: 3, citation: L("art. 33, III"), penalty: fullScale },
    { code: "GRAVISSIMA", label: "Gravíssima (Grupo 4)", rank: 4, citation: L("art. 33, IV"), penalty: fullScale },
  ],
  catalogue: [
    ...catalogue(30, art30, "CONDUTOR"),
    ...catalogue(31, art31, "TITULAR"),
    {
      code: "ART32_MOTOTAXI_SEM_PERMISSAO",
      description: "Exercer a atividade de mototáxi sem a permissão da Prefeitura",
      offender: "QUALQUER",
      penalty: { fine: { amount: 5, unit: "UFM" }, vehicleSeizure: true, citation: L("art. 32") },
      citation: L("art. 32"),
    },
    {
      code: "ART35_CONDENACAO_CRIMINAL",
      description: "Condenação criminal transitada em julgado",
      offender: "TITULAR",
      penalty: { cassacao: true, citation: L("art. 35") },
      citation: L("art. 35"),
    },
    {
      code: "ART15_PUBLICIDADE_BENS_PUBLICOS",
      description:
        "Publicidade do serviço em telefones públicos, abrigos de ônibus, postes, escolas, creches e outros bens públicos",
      offender: "TITULAR",
      penalty: {
        cassacao: true,
        other: ["penalidade do art. 163 do Código Penal"],
        citation: L("art. 15, parágrafo único"),
      },
      citation: L("art. 15, parágrafo único"),
    },
  ],
  penaltyScale: {
    penalties: [
      "advertência por escrito",
      "multa",
      "suspensão da autorização de trânsito, do permissionário ou do condutor auxiliar",
      "cassação do registro",
    ],
    citation: L("art. 34"),
  },
  reclassification: {
    note: "A Secretaria pode dar classificação diversa, atenuando-a ou agravando-a, conforme as circunstâncias e consequências do fato.",
    citation: L("art. 33, parágrafo único"),
  },
  enforcement: {
    process: {
      note: "Regras de apuração, valores das multas e recursos serão instituídos por decreto.",
      citation: L("art. 34, parágrafo único"),
    },
  },
};
