// What each list form of the draft page says (issue #30's editor, ADR 075): its title, what it is
// for, its button, and what the page says once it is saved.
import type { ListName } from "~/domain/rule-packs/list-editors";

/** What each list's section says, and what the page says once it is saved. */
export const LIST_COPY: Record<
  ListName,
  { title: string; intro: string; submit: string; saved: string; none: string; add?: string }
> = {
  servicos: {
    title: "Cada serviço: escolha, prazo e cores",
    intro:
      "O que a lei diz de cada serviço além de quem ele credencia: se os titulares são escolhidos por licitação ou por credenciamento, o prazo máximo da permissão ou autorização e as prorrogações, e as cores do veículo, do dístico, do capacete e do uniforme — cada um com o dispositivo que o diz. A cor do veículo dá a cor da faixa do crachá.",
    submit: "Salvar os serviços",
    saved: "Serviços salvos no rascunho",
    none: "Nenhum serviço mudou.",
  },
  documentos: {
    title: "Documentos: nome e validade",
    intro:
      "Como cada documento aparece na lista do condutor e por quanto tempo vale. Um prazo conta da data de expedição (“expedida há no máximo 90 dias”); “recente” usa o número de dias do parâmetro do município.",
    submit: "Salvar os documentos",
    add: "Outro documento que a lei pede",
    saved: "Documentos salvos no rascunho",
    none: "Nenhum documento mudou.",
  },
  credenciais: {
    title: "Credenciais: nome e validade",
    intro:
      "O que o portal emite a quem é aprovado — o crachá, a permissão, o selo da vistoria — com o nome impresso no PDF e a validade. Quando a lei não fixa a validade, o prazo é da prefeitura e o documento diz isso, sem citar a lei.",
    submit: "Salvar as credenciais",
    saved: "Credenciais salvas no rascunho",
    none: "Nenhuma credencial mudou.",
  },
  taxas: {
    title: "Taxas: nome e valor",
    intro:
      "Cada taxa que a lei cobra, com o valor na unidade em que a lei o escreve: a unidade fiscal do município, reais ou salários mínimos.",
    submit: "Salvar as taxas",
    add: "Outra taxa que a lei cobra",
    saved: "Taxas salvas no rascunho",
    none: "Nenhuma taxa mudou.",
  },
  prazos: {
    title: "Deveres com prazo",
    intro:
      "O que o condutor, o titular ou a empresa deve fazer depois de credenciado — comunicar uma troca de veículo, enviar um relatório — e em quanto tempo.",
    submit: "Salvar os deveres",
    add: "Outro dever que a lei impõe",
    saved: "Deveres salvos no rascunho",
    none: "Nenhum dever mudou.",
  },
  cracha: {
    title: "O cartão de identificação: o que a lei manda mostrar",
    intro:
      "Cada dado que o crachá impresso e o do celular mostram, com o dispositivo da lei que o pede. O que a lei não pede não aparece; a foto, o nome e o número são lidos do pedido do condutor.",
    submit: "Salvar o cartão",
    saved: "Cartão salvo no rascunho",
    none: "Nada mudou no cartão.",
  },
  vistorias: {
    title: "Vistorias: de quanto em quanto tempo",
    intro:
      "Cada vistoria que a lei manda fazer, com o período entre uma e outra e os modos que ela alcança. O selo da vistoria, quando a lei o prevê, é emitido quando o veículo passa.",
    submit: "Salvar as vistorias",
    saved: "Vistorias salvas no rascunho",
    none: "Nenhuma vistoria mudou.",
  },
  itens: {
    title: "O que o vistoriador confere",
    intro:
      "Os itens que a lei lista para a vistoria. Um item de segurança que falta reprova o veículo; os outros a prefeitura pode mandar corrigir num prazo. Quando a lei não lista nenhum, o vistoriador confere os itens da lei federal (CTB e CONTRAN).",
    submit: "Salvar os itens da vistoria",
    add: "Outro item que a lei manda conferir",
    saved: "Itens da vistoria salvos no rascunho",
    none: "Nenhum item da vistoria mudou.",
  },
  vagas: {
    title: "Vagas por habitantes",
    intro:
      "Quantas permissões ou veículos a população do município comporta, quando a lei limita: uma vaga para cada tantos habitantes, arredondado para baixo.",
    submit: "Salvar as vagas",
    saved: "Vagas salvas no rascunho",
    none: "Nenhuma vaga mudou.",
  },
  conduta: {
    title: "Em serviço: o que o condutor usa, leva e faz",
    intro:
      "O que a lei exige do condutor enquanto trabalha — colete, uniforme, crachá à vista, um só passageiro — e a quem se aplica. O condutor lê esta lista antes de pedir o credenciamento.",
    submit: "Salvar as exigências",
    add: "Outra exigência da lei",
    saved: "Exigências salvas no rascunho",
    none: "Nenhuma exigência mudou.",
  },
  regras: {
    title: "A quem cada regra se aplica",
    intro:
      "As regras do condutor, do veículo e da empresa, cada uma com os modos que ela alcança: um titular, um vinculado a empresa, um preposto, a própria empresa. Os números das regras (idade, cilindrada, anos de habilitação) estão em “Valores das regras”.",
    submit: "Salvar a quem se aplicam",
    saved: "Regras salvas no rascunho",
    none: "Nenhuma regra mudou.",
  },
  classes: {
    title: "Classes de infração e suas penalidades",
    intro:
      "As classes em que a lei agrupa as infrações (leve, média, grave…) e a penalidade de cada uma: advertência, multa de valor fixo ou entre um mínimo e um máximo, ou com valor deixado ao regulamento, suspensão e cassação.",
    submit: "Salvar as classes",
    saved: "Classes salvas no rascunho",
    none: "Nenhuma classe mudou.",
  },
  infracoes: {
    title: "Infrações: o que são, quem as comete e a penalidade",
    intro:
      "Cada infração do rascunho com o trecho da lei. Quem a comete decide de quem é a penalidade: o condutor que dirigia, o titular da permissão ou a empresa. O portal lê isso da lei, mas a mesma palavra pode ter sentidos diferentes em artigos diferentes: confira. A classe dá a penalidade; a infração a que a lei dá uma penalidade própria a mostra aqui.",
    submit: "Salvar as infrações",
    saved: "Infrações salvas no rascunho",
    none: "Nenhuma infração mudou.",
  },
};
