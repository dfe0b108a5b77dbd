// The infractions a law lists and the penalties it sets (issue #30, ADR 073), read from its
// structure more than from its words: the incisos under "Constituem infrações:" are infractions, the
// incisos under "… as seguintes penalidades:" are the law's scale of penalties. Each infraction is
// proposed with the law's penalties when the law has one list of them for all ("aplicadas conforme a
// gravidade"); a law with classes of gravity (leve, média, grave) has that reading left to its author.
import { NUMBER, numberValue, roman } from "./numbers";
import type { LawUnit } from "./structure";

export type Offender = "CONDUTOR" | "TITULAR" | "OPERADORA" | "QUALQUER";

/** A penalty as the pack's infraction tables carry it, without its citation. */
export interface PenaltyReading {
  warning: boolean;
  fine?: { min?: number; max?: number; amount?: number; unit?: string; setByRegulation: boolean };
  suspension?: { maxDays?: number };
  cassacao: boolean;
  driverExclusion: boolean;
  vehicleSeizure: boolean;
}

export interface InfractionReading {
  anchor: string;
  quote: string;
  /** From the unit's address: art. 30, Grupo 1, I → "ART30_G1_I" (the shipped packs' own codes). */
  code: string;
  description: string;
  offender: Offender;
}

export interface PenaltiesReading {
  anchor: string;
  quote: string;
  /** The penalties in the law's order, in its words ("advertência escrita", "multa de 2 a 10 UFVI"). */
  penalties: string[];
  penalty: PenaltyReading;
}

const LISTS_INFRACTIONS =
  /constitu(?:i|em)\s+infra[çc](?:[ãa]o|[õo]es)|s[ãa]o\s+infra[çc][õo]es|considera-se\s+infra[çc][ãa]o/i;
const LISTS_PENALTIES = /penalidades?\b[^.]*(?::\s*$|seguintes)/i;

/** Who commits the article's infractions, as its lead names them; nobody named, anyone. */
function offenderOf(lead: string): Offender {
  if (/empresas?|operadoras?|empregador/i.test(lead)) return "OPERADORA";
  if (/condutor|motorista|mototaxista|motofretista/i.test(lead)) return "CONDUTOR";
  if (/permission[áa]rios?|autorizat[áa]rios?|titular/i.test(lead)) return "TITULAR";
  return "QUALQUER";
}

/** art30_grp1_inc3 → ART30_G1_III; art9_cpt_inc2 → ART9_II; art9_par1_inc1_ali2 → ART9_P1_I_B. */
export function infractionCode(anchor: string): string {
  return anchor
    .split("_")
    .filter((part) => part !== "cpt")
    .map((part) => {
      const [, kind, n] = /^([a-z]+)(\d+)?(u)?$/.exec(part) ?? [];
      const number = Number(n);
      if (kind === "art") return `ART${n}`;
      if (kind === "grp") return `G${n}`;
      if (kind === "par") return part.endsWith("u") ? "PU" : `P${n}`;
      if (kind === "inc") return roman(number);
      if (kind === "ali") return String.fromCharCode(64 + number);
      return part.toUpperCase();
    })
    .join("_");
}

/** A unit's words as an entry of a list: no closing ";", "e" or ".", a capital first letter. */
function asEntry(text: string): string {
  const trimmed = text.replace(/\s*(?:[;,.]\s*(?:e|ou)?|\s(?:e|ou))?\s*$/i, "").trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** The unit whose words lead an inciso or alínea: its paragraph, or its article (through a group). */
function leadOf(anchor: string, byAnchor: ReadonlyMap<string, LawUnit>): LawUnit | undefined {
  let parent = anchor;
  while (/_(?:inc|ali|grp)\d+$|_cpt$/.test(parent)) {
    parent = parent.replace(/_(?:inc|ali|grp)\d+$|_cpt$/, "");
    const unit = byAnchor.get(parent);
    if (unit && (unit.kind === "ARTIGO" || unit.kind === "PARAGRAFO")) return unit;
  }
  return undefined;
}

const FINE_RANGE = new RegExp(`de\\s+${NUMBER}\\s+a\\s+${NUMBER}\\s+(UF[A-Z]{1,4}\\b|Unidades?\\s+Fiscais)?`, "i");
const FINE_AMOUNT = new RegExp(`multa\\s+de\\s+${NUMBER}\\s+(UF[A-Z]{1,4}\\b)`, "i");
const UP_TO_DAYS = new RegExp(`at[ée]\\s+${NUMBER}\\s+dias`, "i");

/** What one penalty of a list says: its kind, and its numbers where the law gives them. */
function readPenalty(text: string, into: PenaltyReading): boolean {
  let read = false;
  if (/advert[êe]ncia|notifica[çc][ãa]o\s+escrita/i.test(text)) read = into.warning = true;
  if (/\bmulta\b/i.test(text)) {
    read = true;
    const range = FINE_RANGE.exec(text);
    const amount = FINE_AMOUNT.exec(text);
    const unit = (range?.[5] ?? amount?.[3])?.match(/^UF[A-Z]{1,4}$/i)?.[0];
    into.fine = range
      ? {
          min: numberValue(range[1], range[2]) ?? undefined,
          max: numberValue(range[3], range[4]) ?? undefined,
          unit,
          setByRegulation: false,
        }
      : amount
        ? { amount: numberValue(amount[1], amount[2]) ?? undefined, unit, setByRegulation: false }
        : { setByRegulation: true };
  }
  if (/suspens[ãa]o/i.test(text)) {
    read = true;
    const days = UP_TO_DAYS.exec(text);
    into.suspension = days ? { maxDays: numberValue(days[1], days[2]) ?? undefined } : {};
  }
  if (/cassa[çc][ãa]o/i.test(text)) read = into.cassacao = true;
  if (/exclus[ãa]o\s+do\s+(?:motorista|condutor)/i.test(text)) read = into.driverExclusion = true;
  if (/apreens[ãa]o|remo[çc][ãa]o\s+do\s+ve[íi]culo/i.test(text)) read = into.vehicleSeizure = true;
  return read;
}

/** The infractions a law lists and its lists of penalties, each at the unit that states it. */
export function infractionsOfLaw(units: readonly LawUnit[]): {
  infractions: InfractionReading[];
  penalties: PenaltiesReading[];
} {
  const byAnchor = new Map(units.map((u) => [u.anchor, u]));
  const infractions: InfractionReading[] = [];
  const lists = new Map<string, { lead: LawUnit; items: LawUnit[] }>();
  for (const unit of units) {
    if (unit.kind !== "INCISO" && unit.kind !== "ALINEA") continue;
    if (unit.amendment === "REVOKED") continue;
    const lead = leadOf(unit.anchor, byAnchor);
    if (!lead) continue;
    if (LISTS_INFRACTIONS.test(lead.text))
      infractions.push({
        anchor: unit.anchor,
        quote: unit.text,
        code: infractionCode(unit.anchor),
        description: asEntry(unit.text),
        offender: offenderOf(lead.text),
      });
    else if (LISTS_PENALTIES.test(lead.text)) {
      const list = lists.get(lead.anchor) ?? { lead, items: [] };
      list.items.push(unit);
      lists.set(lead.anchor, list);
    }
  }
  const penalties = [...lists.values()].flatMap(({ lead, items }) => {
    const penalty: PenaltyReading = { warning: false, cassacao: false, driverExclusion: false, vehicleSeizure: false };
    const read = items.filter((item) => readPenalty(item.text, penalty));
    // A list of something else under a lead that names penalties ("… penalidades, observado o seguinte:").
    if (read.length < 2 || read.length < items.length) return [];
    return [
      {
        anchor: lead.anchor,
        quote: lead.text,
        penalties: items.map((i) => asEntry(i.text).replace(/^./, (c) => c.toLowerCase())),
        penalty,
      },
    ];
  });
  return { infractions, penalties };
}

/** A proposal of the law's lists, shaped as proposals.ts's `Proposal` (which imports this file). */
type ListedProposal = {
  kind: "INFRACTION" | "PENALTIES";
  key?: string;
  text: string;
  value: Record<string, unknown>;
  anchor: string;
  quote: string;
};

const OFFENDER_WORDS: Record<Offender, string> = {
  CONDUTOR: "do condutor",
  TITULAR: "do titular",
  OPERADORA: "da empresa",
  QUALQUER: "de quem a cometer",
};

/**
 * The law's infractions, each with the penalties of its one list when it has one (they apply to
 * all, by gravity), and that list as the pack's scale.
 */
export function listedProposals(units: readonly LawUnit[]): ListedProposal[] {
  const { infractions, penalties } = infractionsOfLaw(units);
  const scale = penalties.length === 1 ? penalties[0] : null;
  return [
    ...infractions.map((i): ListedProposal => ({
      kind: "INFRACTION",
      key: i.code,
      text: `Infração ${OFFENDER_WORDS[i.offender]}: ${i.description}${scale ? " — com as penalidades da lei, conforme a gravidade" : ""}`,
      value: {
        code: i.code,
        description: i.description,
        offender: i.offender,
        ...(scale ? { penalty: scale.penalty, penaltyAnchor: scale.anchor, penaltyQuote: scale.quote } : {}),
      },
      anchor: i.anchor,
      quote: i.quote,
    })),
    ...penalties.map((p): ListedProposal => ({
      kind: "PENALTIES",
      text: `Penalidades, em ordem: ${p.penalties.join("; ")}`,
      value: { penalties: p.penalties },
      anchor: p.anchor,
      quote: p.quote,
    })),
  ];
}
