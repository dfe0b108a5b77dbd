// The vistorias of a draft in forms (issue #30's editor, ADR 075): how often each one is done and
// whom it reaches, and what the inspector checks — the items a law lists (Itaúna art. 8º), each a
// safety item that fails the vehicle or one the prefeitura may give time to mend. Items are one
// list gathered from every vistoria; a new one goes to the vistoria chosen. Pure.
import {
  codeOf,
  errorsOrEntry,
  isOption,
  scopeOf,
  str,
  TERM_UNITS,
  termFields,
  termOf,
  withCitedCreate,
  withModes,
} from "./editor-parts";
import type { EntryWritten, FieldValues, ListEditor } from "./list-fields";
import { objectsIn } from "./proposal-places";

type Doc = Record<string, unknown>;

const PERIOD_UNITS = TERM_UNITS.filter((u) => u.value !== "H");

const vistorias: ListEditor = {
  path: ["vistorias"],
  key: "id",
  title: (v, doc) => `Vistoria de ${scopeOf(v, doc)}`,
  fields: () => [
    { name: "prazo", label: "De quanto em quanto tempo", numeric: true, hint: "O período entre duas vistorias." },
    { name: "unidade", label: "Unidade do período", options: PERIOD_UNITS, beside: true },
  ],
  read: (v) => {
    const term = termFields(v.period);
    return { prazo: term.amount, unidade: term.unit };
  },
  write: (v, typed): EntryWritten => {
    if (!PERIOD_UNITS.some((u) => u.value === typed.unidade))
      return { errors: { unidade: "escolha a unidade do período." } };
    const term = termOf(typed.prazo, typed.unidade);
    if ("error" in term) return { errors: { prazo: term.error } };
    return { entry: { ...v, period: term.duration } };
  },
};

// ---- the items: one list gathered from every vistoria ----------------------------------------

/** Where an item came from (its vistoria's place) and whom that vistoria reaches; dropped when put back. */
const FROM = "_vistoria";
const SCOPE = "_alcance";

const SAFETY = [
  { value: "sim", label: "Item de segurança: sem ele o veículo é reprovado" },
  { value: "nao", label: "Não é de segurança: a prefeitura pode dar prazo para corrigir" },
];

const vistoriaOptions = (doc: Doc) =>
  objectsIn(doc.vistorias).map((v, i) => ({ value: String(i), label: `Vistoria de ${scopeOf(v, doc)}` }));

const items: ListEditor = {
  path: ["vistorias", "items"],
  key: "code",
  gather: {
    get: (doc) =>
      objectsIn(doc.vistorias).length
        ? objectsIn(doc.vistorias).flatMap((v, i) =>
            objectsIn(v.items).map((item) => ({ ...item, [FROM]: i, [SCOPE]: scopeOf(v, doc) })),
          )
        : undefined,
    put: (doc, list) => {
      const all = objectsIn(doc.vistorias);
      const back = all.map((): Doc[] => []);
      for (const item of objectsIn(list)) {
        const { [FROM]: from, [SCOPE]: _, ...rest } = item;
        back[Number(from)]?.push(rest);
      }
      // A vistoria written without items (the federal floor's are checked) stays without the key.
      all.forEach((v, i) => {
        if (Array.isArray(v.items) || back[i].length) v.items = back[i];
      });
    },
  },
  // Vistorias may check the same item (Patrocínio's three do): a code repeats only in another one.
  clashes: (existing, added) => existing.code === added.code && existing[FROM] === added[FROM],
  title: (item) => `${str(item.label) || str(item.code)} (vistoria de ${str(item[SCOPE])})`,
  fields: (doc) => [
    { name: "nome", label: "O que o vistoriador confere", rows: 2 },
    { name: "seguranca", label: "Se faltar", options: SAFETY },
    // Only a new item chooses its vistoria (read leaves it out for the others: not drawn).
    { name: "vistoria", label: "Em qual vistoria", options: vistoriaOptions(doc) },
  ],
  read: (item) => ({
    nome: str(item.label),
    seguranca: item.safety === true ? "sim" : item.safety === false ? "nao" : "",
    ...(item[FROM] === undefined ? { vistoria: "" } : {}),
  }),
  write: (item, typed, { fields }) => {
    const errors: FieldValues = {};
    if (!typed.nome) errors.nome = "escreva o que o vistoriador confere.";
    if (!SAFETY.some((s) => s.value === typed.seguranca)) errors.seguranca = "diga se é um item de segurança.";
    const isNew = item[FROM] === undefined;
    if (isNew && !isOption(fields, "vistoria", typed.vistoria ?? "")) errors.vistoria = "escolha a vistoria.";
    return errorsOrEntry(errors, () => ({
      ...item,
      label: typed.nome,
      safety: typed.seguranca === "sim",
      ...(isNew ? { [FROM]: Number(typed.vistoria), [SCOPE]: "" } : {}),
    }));
  },
};

export const VISTORIAS_EDITOR = withModes(vistorias);
export const VISTORIA_ITEMS_EDITOR = withCitedCreate(items, (typed) => ({
  code: codeOf(typed.nome ?? "").toUpperCase(),
}));
