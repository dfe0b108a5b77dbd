// Rules drafted from a law's text (issue #30): each proposal is a candidate rule a person accepts,
// edits or discards, pointing at the unit (and quoting the sentence) it was read from; what no
// unit speaks of is listed as silent, never invented. Patterns over the units' wording, tuned on the
// four shipped laws and checked against their packs (tests/unit/domain/laws/proposals.test.ts).
// A proposal is a reading, not a rule: nothing here becomes part of a pack without a person.
import { cardProposals } from "./card-proposals";
import { citationFor } from "./citation";
import { documentSentence, documentsNamedIn } from "./document-proposals";
import { listedProposals } from "./infraction-proposals";
import { NUMBER, numberValue } from "./numbers";
import { wornInService } from "./service-proposals";
import { CNH, cnhHolding, CREDENTIAL_WORDS, SERVICE_WORDS } from "./service-words";
import type { LawUnit } from "./structure";
import { ABOUT_VEHICLE, VEHICLE, VEHICLE_READERS, type VehicleKind } from "./vehicle-proposals";

export type ProposalKind =
  | "MIN_AGE"
  | "CNH_CATEGORY"
  | "CNH_MIN_YEARS"
  | "CNH_EAR"
  | "COURSE"
  | "RESIDENCE_IN_MUNICIPALITY"
  | "SERVICE_EQUIPMENT"
  | VehicleKind
  | "QUOTA"
  | "CREDENTIAL_VALIDITY"
  | "APPEAL_DEADLINE"
  | "FEE"
  | "DOCUMENT"
  | "INFRACTION"
  | "PENALTIES"
  | "ID_CARD";

/** What each kind is, in the words the author reads (and the silences list). */
export const PROPOSAL_KIND_LABELS: Record<ProposalKind, string> = {
  MIN_AGE: "Idade mínima do condutor",
  CNH_CATEGORY: "Categoria da CNH",
  CNH_MIN_YEARS: "Tempo mínimo de habilitação",
  CNH_EAR: "Observação EAR na CNH",
  COURSE: "Curso especializado",
  RESIDENCE_IN_MUNICIPALITY: "Residência no município",
  SERVICE_EQUIPMENT: "O que o condutor usa em serviço",
  VEHICLE_MAX_AGE: "Idade máxima do veículo",
  MIN_DISPLACEMENT: "Cilindrada mínima",
  MAX_DISPLACEMENT: "Cilindrada máxima",
  MIN_DOORS: "Número mínimo de portas",
  MAX_PASSENGERS: "Lotação máxima",
  VEHICLE_REGISTRATION_CATEGORY: "Categoria de registro do veículo",
  VEHICLE_LICENSED_HERE: "Veículo registrado no município",
  VEHICLE_OWNERSHIP: "Propriedade do veículo",
  QUOTA: "Vagas por habitantes",
  VISTORIA_PERIOD: "Periodicidade da vistoria",
  VISTORIA_SEAL: "Selo de vistoria",
  CREDENTIAL_VALIDITY: "Validade da credencial",
  APPEAL_DEADLINE: "Prazo de recurso",
  FEE: "Taxa em unidade fiscal",
  DOCUMENT: "Documento a apresentar",
  INFRACTION: "Infração",
  PENALTIES: "Penalidades",
  ID_CARD: "Campos do crachá",
};

export interface Proposal {
  kind: ProposalKind;
  /** The candidate rule in a sentence: "Idade mínima de 21 anos". */
  text: string;
  /** The values a rule of this kind would carry (years, cc, anyOf…). */
  value: Record<string, unknown>;
  /** Tells apart proposals of one kind read from one unit: a document's type. */
  key?: string;
  /** The unit it was read from, and its wording. */
  anchor: string;
  quote: string;
}

export interface Draft {
  proposals: Proposal[];
  /** Kinds no unit of the text speaks of: the author decides, the portal does not invent. */
  silent: ProposalKind[];
}

type Reading = Omit<Proposal, "anchor" | "quote">;
/** What a unit's words propose; `article` is the words of the article it belongs to. */
type Reader = (text: string, article: string) => Reading | Reading[] | null;

const n = (m: RegExpExecArray, at: number) => numberValue(m[at], m[at + 1]);

/** Kinds read unit by unit; infractions and penalties are read from the law's lists (infraction-proposals.ts). */
const readers: Record<Exclude<ProposalKind, "INFRACTION" | "PENALTIES" | "ID_CARD">, Reader> = {
  ...VEHICLE_READERS,
  MIN_AGE: (t) => {
    const m =
      new RegExp(`${NUMBER}\\s+anos\\s+de\\s+idade`, "i").exec(t) ??
      new RegExp(`(?:completado|completos|idade\\s+m[íi]nima\\s+de)\\s+${NUMBER}\\s+anos`, "i").exec(t);
    const years = m && n(m, 1);
    return years && years >= 16 ? { kind: "MIN_AGE", text: `Idade mínima de ${years} anos`, value: { years } } : null;
  },
  CNH_CATEGORY: (t) => {
    if (!CNH.test(t)) return null;
    // "Habilitação para motociclista" names category A without its letter.
    if (/habilita[çc][ãa]o\s+(?:para|de)\s+motociclista/i.test(t))
      return {
        kind: "CNH_CATEGORY",
        text: "CNH na categoria A (motociclista)",
        value: { anyOf: cnhHolding("A", false) },
      };
    const m = /categorias?\s+[“"']?([ABCDE])[”"']?(\s+ou\s+superior(?:es)?)?/.exec(t);
    if (!m) return null;
    const anyOf = cnhHolding(m[1], Boolean(m[2]));
    return { kind: "CNH_CATEGORY", text: `CNH na categoria ${m[2] ? `${m[1]} ou superior` : m[1]}`, value: { anyOf } };
  },
  CNH_MIN_YEARS: (t) => {
    const m =
      new RegExp(`${NUMBER}\\s+anos?\\s+de\\s+habilita[çc][ãa]o`, "i").exec(t) ??
      new RegExp(
        `habilita[çc][ãa]o[^.;]{0,60}?(?:h[áa]|por)\\s*,?\\s*(?:pelo\\s+menos|no\\s+m[íi]nimo)?\\s*,?\\s*${NUMBER}\\s+anos?`,
        "i",
      ).exec(t);
    const years = m && n(m, 1);
    return years ? { kind: "CNH_MIN_YEARS", text: `Habilitado há pelo menos ${years} ano(s)`, value: { years } } : null;
  },
  CNH_EAR: (t) =>
    /\bEAR\b|exerce\s+atividade\s+remunerada/i.test(t)
      ? { kind: "CNH_EAR", text: "CNH com a observação EAR (exerce atividade remunerada)", value: {} }
      : null,
  COURSE: (t) =>
    /curso\s+(?:especializado|de\s+capacita[çc][ãa]o|de\s+forma[çc][ãa]o)/i.test(t)
      ? { kind: "COURSE", text: "Aprovação em curso especializado", value: {} }
      : null,
  SERVICE_EQUIPMENT: (t) => {
    const worn = wornInService(t);
    return worn
      ? { kind: "SERVICE_EQUIPMENT", key: worn.code, text: `Em serviço: ${worn.label}`, value: { ...worn } }
      : null;
  },
  RESIDENCE_IN_MUNICIPALITY: (t) =>
    /resid[êe]ncia\s+(?:atualizado\s+)?(?:no|do|na)\s+(?:Munic[íi]pio|cidade)|residir\s+no\s+Munic[íi]pio/i.test(t)
      ? { kind: "RESIDENCE_IN_MUNICIPALITY", text: "Residência no município", value: {} }
      : null,
  QUOTA: (t) => {
    const m = new RegExp(`(?:a|para)\\s+cada\\s+${NUMBER}\\s+habitantes`, "i").exec(t);
    const inhabitantsPerUnit = m && n(m, 1);
    if (!inhabitantsPerUnit) return null;
    // What the unit counts (permissões of mototáxi…), when it says: which category, which act.
    const categories = SERVICE_WORDS.filter(([, words]) => words.test(t)).map(([code]) => code);
    const unit = /permiss/i.test(t)
      ? "PERMISSAO"
      : /concess/i.test(t)
        ? "CONCESSAO"
        : /ve[íi]culos/i.test(t)
          ? "VEICULO"
          : null;
    return {
      kind: "QUOTA",
      text: `Uma vaga para cada ${inhabitantsPerUnit.toLocaleString("pt-BR")} habitantes`,
      value: { inhabitantsPerUnit, ...(categories.length && unit ? { categories, unit } : {}) },
    };
  },
  CREDENTIAL_VALIDITY: (t) => {
    const m = new RegExp(`validade\\s+de\\s+${NUMBER}\\s+(anos?|mes(?:es)?)`, "i").exec(t);
    const amount = m && n(m, 1);
    if (!amount) return null;
    const duration = /ano/i.test(m[3]) ? `P${amount}Y` : `P${amount}M`;
    // The credential it is the validity of, when the unit names one the portal issues.
    const named = CREDENTIAL_WORDS.find(([, words]) => words.test(t));
    return {
      kind: "CREDENTIAL_VALIDITY",
      text: `${named ? named[2] : "Credencial"} válido(a) por ${amount} ${m[3]}`,
      value: { duration, ...(named ? { credential: named[0], label: named[2] } : {}) },
    };
  },
  APPEAL_DEADLINE: (t) => {
    if (!/recurso|recorrer/i.test(t)) return null;
    const m = new RegExp(`prazo\\s+de\\s+${NUMBER}\\s+dias`, "i").exec(t);
    const days = m && n(m, 1);
    return days
      ? { kind: "APPEAL_DEADLINE", text: `Recurso em até ${days} dias`, value: { within: `P${days}D` } }
      : null;
  },
  FEE: (t) => {
    const m = new RegExp(`${NUMBER}\\s+(UF[A-Z]{1,4}\\b|Unidades?\\s+Fiscais)`, "i").exec(t);
    const amount = m && n(m, 1);
    if (!amount || !/taxa|pagamento/i.test(t)) return null;
    // "5 UFVI": the unit's acronym, for a fee accepted into a draft that names no fiscal unit.
    const value: Record<string, number | string> = { amount };
    if (/^UF[A-Z]{1,4}$/.test(m[3])) value.unit = m[3];
    return { kind: "FEE", text: `Taxa de ${amount} ${m[3]}`, value };
  },
  DOCUMENT: (t, article) =>
    documentsNamedIn(t, article).map((d) => ({
      kind: "DOCUMENT",
      key: d.type,
      text: documentSentence(d),
      value: { ...d },
    })),
};

/** The candidate rules a law's text speaks of, and the kinds it is silent on. */
export function draftFromLaw(units: readonly LawUnit[]): Draft {
  const proposals: Proposal[] = [];
  let article = "";
  for (const unit of units) {
    if (unit.kind === "ARTIGO") article = unit.text;
    for (const kind of Object.keys(readers) as (keyof typeof readers)[]) {
      if (ABOUT_VEHICLE.has(kind as VehicleKind) && !VEHICLE.test(unit.text) && !VEHICLE.test(article)) continue;
      for (const read of [readers[kind](unit.text, article) ?? []].flat())
        proposals.push({ ...read, anchor: unit.anchor, quote: unit.text });
    }
  }
  proposals.push(...listedProposals(units), ...cardProposals(units));
  const found = new Set(proposals.map((p) => p.kind));
  return { proposals, silent: (Object.keys(PROPOSAL_KIND_LABELS) as ProposalKind[]).filter((k) => !found.has(k)) };
}

/** The draft as pages show it: each proposal with its kind's label and its unit's citation in the law. */
export function citedDraftFromLaw(lawLabel: string, units: readonly LawUnit[]) {
  const { proposals, silent } = draftFromLaw(units);
  return {
    proposals: proposals.map((p) => ({
      ...p,
      // What a proposal reads from other units (an infraction's penalties, a card's fields) cites them.
      value: withCitations(p.value, (anchor) => citationFor(lawLabel, anchor)) as Proposal["value"],
      kindLabel: PROPOSAL_KIND_LABELS[p.kind],
      citation: citationFor(lawLabel, p.anchor),
    })),
    silent: silent.map((k) => PROPOSAL_KIND_LABELS[k]),
  };
}

/** The citation key beside an anchor key: `anchor` → `citation`, `penaltyAnchor` → `penaltyCitation`. */
const citationKey = (key: string) =>
  key === "anchor" ? "citation" : key.endsWith("Anchor") ? `${key.slice(0, -"Anchor".length)}Citation` : null;

/** A value with the citation of every unit it points at, beside each anchor. */
function withCitations(value: unknown, cite: (anchor: string) => string): unknown {
  if (Array.isArray(value)) return value.map((v) => withCitations(v, cite));
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, v]) => {
      const cited = citationKey(key);
      return cited && typeof v === "string"
        ? [
            [key, v],
            [cited, cite(v)],
          ]
        : [[key, withCitations(v, cite)]];
    }),
  );
}
