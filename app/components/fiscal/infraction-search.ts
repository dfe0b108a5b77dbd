// The infraction catalogue for the street: readable names, and a search ignoring accents and case
// that matches citations and a few everyday words the laws do not use.
export type InfractionItem = {
  code: string;
  description: string;
  citation: string;
  classCode: string | null;
  classLabel: string | null;
};

/** "Lei 4.883/2017, art. 30, Grupo 1, III" → "Art. 30, Grupo 1, III" (the law is the same for every item). */
export function shortCitation(citation: string): string {
  const unit = citation.replace(/^Lei(?: Complementar)? [\d.]+\/\d{4},\s*/i, "");
  return unit.charAt(0).toUpperCase() + unit.slice(1);
}

/** "Leve (Grupo 1)" → "leve"; no class → "penalidade própria". */
export function classWord(classLabel: string | null): string {
  return classLabel ? classLabel.replace(/\s*\(.*\)\s*$/, "").toLowerCase() : "penalidade própria";
}

/** The one readable name of an infraction, used by the picker, the queue and the autos list. */
export function infractionLabel(item: Pick<InfractionItem, "description" | "citation" | "classLabel">): string {
  return `${shortCitation(item.citation)} — ${item.description} (${classWord(item.classLabel)})`;
}

export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

// Everyday words → words of the laws' catalogues. Kept short: each entry is a word fiscais
// type that no catalogue uses.
const EVERYDAY: Record<string, string[]> = {
  capacete: ["equipamento"],
  colete: ["equipamento"],
  antena: ["equipamento"],
  bebado: ["embriaguez"],
  alcool: ["embriaguez"],
  droga: ["entorpecente"],
  cigarro: ["fumar"],
  sujo: ["higiene", "asseio"],
  briga: ["agredir", "desacatar"],
  carteira: ["cnh"],
  habilitacao: ["cnh"],
  seguro: ["seguro", "apolice"],
  crianca: ["crianca", "menor"],
  clandestino: ["sem a permissao", "sem permissao"],
};

function wordMatches(word: string, haystack: string): boolean {
  if (haystack.includes(word)) return true;
  return Object.entries(EVERYDAY).some(
    ([everyday, lawWords]) =>
      everyday.startsWith(word) && word.length >= 4 && lawWords.some((w) => haystack.includes(w)),
  );
}

/** The items whose name, citation or class match every word typed; all of them for an empty query. */
export function searchInfractions<T extends InfractionItem>(items: readonly T[], query: string): T[] {
  const words = normalize(query).split(" ").filter(Boolean);
  if (!words.length) return [...items];
  return items.filter((item) => {
    const haystack = ` ${normalize(`${item.description} ${item.citation} ${classWord(item.classLabel)} ${item.classLabel ?? ""}`)} `;
    return words.every((w) => wordMatches(w, haystack));
  });
}
