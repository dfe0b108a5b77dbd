// What the law says of each service besides who it credentials (issue #30's editor, ADR 075): how
// the holders are chosen (licitação or credenciamento), how long the permissão or autorização lasts
// and how often it may be extended, and the colours of the vehicle, the dístico, the helmet and the
// uniform — each cited at a unit of the law. "Quem a lei credencia" (category-offers.ts) creates the
// services; this list's form completes them. Read and written by list-fields.ts. Pure.
import { citationOptions, errorsOrEntry, isOption, quoteInto, str, termFields, termOf } from "./editor-parts";
import { type FieldValues, type ListEditor, type ListField } from "./list-fields";
import { objectsIn } from "./proposal-places";

type Doc = Record<string, unknown>;

const SELECTION = [
  { value: "LICITACAO", label: "Licitação (as vagas vão a quem vence)" },
  { value: "CREDENCIAMENTO", label: "Credenciamento (quem cumpre os requisitos)" },
];
const YEARS_MONTHS = [
  { value: "Y", label: "anos" },
  { value: "M", label: "meses" },
];
const PARTS = [
  ["VEICULO", "Cor do veículo"],
  ["DISTICO", "Cor do dístico"],
  ["CAPACETE", "Cor do capacete"],
  ["UNIFORME", "Cor do uniforme"],
] as const;
const NOT_SAID = "A lei não diz";

/** A citation's select: the law's units (or the draft's quoted ones). */
const cited = (name: string, label: string, options: ListField["options"]): ListField => ({
  name,
  label,
  placeholder: "Escolha o dispositivo…",
  options,
});

export const CATEGORY_DETAILS_EDITOR: ListEditor = {
  path: ["categories"],
  key: "code",
  title: (c) => str(c.label),
  fields: (doc, units) => {
    const citations = citationOptions(doc, units);
    return [
      { name: "selecao", label: "Como os titulares são escolhidos:", options: SELECTION, placeholder: NOT_SAID },
      cited("selecaoCitacao", "Dispositivo que diz como são escolhidos:", citations),
      {
        name: "prazo",
        label: "Prazo máximo da permissão ou autorização:",
        numeric: true,
        hint: "Em branco se a lei não fixa.",
      },
      {
        name: "prazoUnidade",
        label: "Unidade do prazo máximo:",
        options: YEARS_MONTHS,
        placeholder: "anos",
        beside: true,
      },
      { name: "prorrogacao", label: "Prorrogável por:", numeric: true, hint: "Em branco se a lei não prevê." },
      {
        name: "prorrogacaoUnidade",
        label: "Unidade da prorrogação:",
        options: YEARS_MONTHS,
        placeholder: "anos",
        beside: true,
      },
      { name: "vezes", label: "Quantas vezes pode ser prorrogado:", numeric: true, beside: true },
      cited("prazoCitacao", "Dispositivo que fixa o prazo:", citations),
      ...PARTS.map(([part, label]) => ({
        name: `cor.${part}`,
        label: `${label}:`,
        hint: part === "VEICULO" ? `${NOT_SAID}: em branco.` : undefined,
      })),
      cited("coresCitacao", "Dispositivo que fixa as cores novas:", citations),
    ];
  },
  read: (c) => {
    const [selection] = objectsIn([c.selection]);
    const [term] = objectsIn([c.term]);
    const [extension] = objectsIn([term?.extension]);
    const max = termFields(term?.max);
    const more = termFields(extension?.duration);
    const colours = objectsIn(c.colours);
    return {
      selecao: str(selection?.kind),
      selecaoCitacao: str(selection?.citation),
      prazo: max.amount,
      prazoUnidade: max.amount ? max.unit : "Y",
      prorrogacao: more.amount,
      prorrogacaoUnidade: more.amount ? more.unit : "Y",
      vezes: extension ? String(extension.times ?? "") : "",
      prazoCitacao: str(term?.citation),
      ...Object.fromEntries(PARTS.map(([part]) => [`cor.${part}`, str(colours.find((x) => x.part === part)?.colour)])),
      coresCitacao: "",
    };
  },
  write: (c, typed, { doc, fields, units }) => {
    const errors: FieldValues = {};
    const has = (name: string) => Boolean(typed[name]);
    // A citation the text already had is kept even when it is not among the options (no law attached).
    const kept = new Set(
      [objectsIn([c.selection])[0]?.citation, objectsIn([c.term])[0]?.citation].filter((x) => typeof x === "string"),
    );
    const citation = (name: string, needed: boolean) => {
      if (!needed) return null;
      const typedCitation = typed[name] ?? "";
      if (!kept.has(typedCitation) && !isOption(fields, name, typedCitation))
        errors[name] = "escolha o dispositivo da lei que o diz.";
      return typedCitation;
    };
    const selection = has("selecao") && isOption(fields, "selecao", typed.selecao) ? typed.selecao : null;
    const selectionCitation = citation("selecaoCitacao", Boolean(selection));
    const max = has("prazo") ? termOf(typed.prazo, typed.prazoUnidade || "Y") : null;
    const more = has("prorrogacao") ? termOf(typed.prorrogacao, typed.prorrogacaoUnidade || "Y") : null;
    const times = Number(typed.vezes || "1");
    if (max && "error" in max) errors.prazo = max.error;
    if (more && "error" in more) errors.prorrogacao = more.error;
    if (more && !max) errors.prazo = "a prorrogação é de um prazo: informe o prazo máximo.";
    if (more && !(Number.isInteger(times) && times > 0)) errors.vezes = "informe quantas vezes, um número inteiro.";
    const termCitation = citation("prazoCitacao", Boolean(max));
    // A colour kept as it was keeps its citation; a new or changed one cites the unit chosen.
    const before = objectsIn(c.colours);
    const colours = PARTS.flatMap(([part]) => {
      const colour = typed[`cor.${part}`] ?? "";
      const kept = before.find((x) => x.part === part && x.colour === colour);
      return colour ? [kept ?? { part, colour, citation: null }] : [];
    });
    const coloursCitation = citation(
      "coresCitacao",
      colours.some((x) => x.citation === null),
    );
    return errorsOrEntry(errors, () => {
      for (const cite of [selectionCitation, termCitation, coloursCitation]) if (cite) quoteInto(doc, cite, units);
      const written = colours.map((x) => (x.citation === null ? { ...x, citation: coloursCitation } : x));
      // In the entry's own order (a part left blank is taken out), so an unchanged form changes nothing.
      const updates: Doc = {
        selection: selection ? { kind: selection, citation: selectionCitation } : undefined,
        term:
          max && "duration" in max
            ? {
                max: max.duration,
                ...(more && "duration" in more ? { extension: { duration: more.duration, times } } : {}),
                citation: termCitation,
              }
            : undefined,
        colours: written.length || "colours" in c ? written : undefined,
      };
      return Object.fromEntries(Object.entries({ ...c, ...updates }).filter(([, v]) => v !== undefined));
    });
  },
};
