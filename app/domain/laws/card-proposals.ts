// What the law says the crachá shows (issue #30, ADR 073's structure reading): a unit that says the
// crachá or the "cartão de identificação" "conterá"/"constará" is the card; its fields are read
// from its items (a, b, c) or, where the law lists them in one sentence, from the sentence's parts.
// Each field cites the unit that names it, with its words.
import type { LawUnit } from "./structure";

export type CardField =
  | "HOLDER_NAME"
  | "PHOTO"
  | "COMPANY_NAME"
  | "PERSONAL_DOCUMENT_NUMBERS"
  | "BLOOD_TYPE"
  | "VEHICLE_CONTROL_NUMBER"
  | "REGISTRATION_NUMBER";

/** A field of the card, at the unit that names it (its words are that unit's). */
export interface CardFieldReading {
  field: CardField;
  anchor: string;
  quote: string;
  /** "Fotografia carimbada": the photo stamped by the city. */
  stamped?: boolean;
}

export interface CardReading {
  anchor: string;
  quote: string;
  label: string;
  fields: CardFieldReading[];
}

const CARD = /(crach[áa]|cart[ãa]o\s+de\s+identifica[çc][ãa]o|carteira\s+de\s+identifica[çc][ãa]o)/i;
const CONTENT = /\b(?:conter[áa]|constar[áa]|constar[ãa]o|dever[áa]\s+conter|contendo)(?![\p{L}])/iu;

/** The fields a part of the law's words names, most specific first. */
const FIELD_WORDS: readonly [CardField, RegExp][] = [
  ["COMPANY_NAME", /nome\s+da\s+(?:empresa|operadora)|raz[ãa]o\s+social/i],
  ["PERSONAL_DOCUMENT_NUMBERS", /n[úu]meros?\s+d[oe]s?\s+documentos?\s+pessoa/i],
  ["VEHICLE_CONTROL_NUMBER", /(?:n[úu]mero|prefixo)\s+de\s+controle|prefixo\s+do\s+ve[íi]culo/i],
  [
    "REGISTRATION_NUMBER",
    /n[úu]mero\s+d[aoe]\s+(?:permiss[ãa]o|autoriza[çc][ãa]o|registro|alvar[áa]|credenciamento|cadastro|inscri[çc][ãa]o)/i,
  ],
  ["BLOOD_TYPE", /tip(?:o|agem)\s+sang[üu][íi]ne[oa]|fator\s+RH/i],
  ["PHOTO", /\bfotograf(?:ia|a)\b|\bfoto\b/i],
  ["HOLDER_NAME", /\bnome\b/i],
];

/**
 * The fields named in a unit's words (or in `words`, a part of them), each part of "nome e
 * fotografia, número…" read once; each field quotes the whole unit.
 */
function fieldsIn(unit: LawUnit, words = unit.text): CardFieldReading[] {
  const fields: CardFieldReading[] = [];
  // "a lei conterá: o nome do autorizado, fotografia carimbada, nome da empresa e tipagem sanguínea".
  for (const part of words.split(/,|;|\s+e\s+/)) {
    const known = FIELD_WORDS.find(([, words]) => words.test(part));
    if (!known || fields.some((f) => f.field === known[0])) continue;
    fields.push({
      field: known[0],
      anchor: unit.anchor,
      quote: unit.text,
      ...(known[0] === "PHOTO" && /carimbad/i.test(part) ? { stamped: true } : {}),
    });
  }
  return fields;
}

/** The cards a law describes, each with the fields its units name. */
export function cardsOfLaw(units: readonly LawUnit[]): CardReading[] {
  const cards: CardReading[] = [];
  units.forEach((unit, i) => {
    if (unit.kind === "INCISO" || unit.kind === "ALINEA" || unit.amendment === "REVOKED") return;
    const card = CARD.exec(unit.text);
    if (!card || !CONTENT.test(unit.text)) return;
    // Its items: the incisos and alíneas right after it, under its address.
    const items: LawUnit[] = [];
    for (const next of units.slice(i + 1)) {
      if (!next.anchor.startsWith(`${unit.anchor}_`)) break;
      items.push(next);
    }
    // The card's own sentence after its name (Jardim art. 18), then its items.
    const fields = [
      ...fieldsIn(unit, unit.text.slice(card.index + card[0].length)),
      ...items.flatMap((item) => fieldsIn(item)),
    ].filter((f, j, all) => all.findIndex((g) => g.field === f.field) === j);
    if (fields.length < 2) return;
    const label = /crach/i.test(card[1])
      ? "Crachá de identificação"
      : /carteira/i.test(card[1])
        ? "Carteira de identificação"
        : "Cartão de identificação";
    cards.push({ anchor: unit.anchor, quote: unit.text, label, fields });
  });
  return cards;
}

/** Each field of a card in the words a gestor reads. */
export const CARD_FIELD_WORDS: Record<CardField, string> = {
  HOLDER_NAME: "nome do condutor",
  PHOTO: "fotografia",
  COMPANY_NAME: "nome da empresa",
  PERSONAL_DOCUMENT_NUMBERS: "números dos documentos pessoais",
  BLOOD_TYPE: "tipo sanguíneo",
  VEHICLE_CONTROL_NUMBER: "número de controle do veículo",
  REGISTRATION_NUMBER: "número da permissão, autorização ou registro",
};

/** Each card the law describes as a proposal: its fields, each at the unit (and with the words) that names it. */
export function cardProposals(units: readonly LawUnit[]) {
  return cardsOfLaw(units).map((card) => ({
    kind: "ID_CARD" as const,
    key: card.anchor,
    text: `${card.label} com: ${card.fields.map((f) => CARD_FIELD_WORDS[f.field] + (f.stamped ? " carimbada" : "")).join(", ")}`,
    value: { label: card.label, fields: card.fields },
    anchor: card.anchor,
    quote: card.quote,
  }));
}
