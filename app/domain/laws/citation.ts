// A rule's citation read as the units of the law it points at (issue #30, ADR 067):
// "Lei 4.544/2019, art. 10, § 2º, c/c art. 9º, I" → art10_par2 and art9_cpt_inc1 of Lei 4.544/2019,
// the anchors structureOfLaw gives the same units. Pure.
import { roman, romanValue } from "./numbers";

export interface CitedUnit {
  /** "Lei 4.544/2019" */
  law: string;
  anchor: string;
}

const LAW = /^(Lei [\d.]+\/\d{4}),\s*(.+)$/;
/** ", com redação dada pela Lei 951/1999", ", incluída pela Lei 951/1999": which law wrote it, not where. */
const WORDING = /,\s*(?:com reda[çc][ãa]o dada|inclu[íi]d[ao]|acrescid[ao]) pel[ao]s? Leis? [\d./ e,]+$/i;

/** The anchor one "art. N, § N, I, a" part names, or null when a piece of it is not a unit. */
function anchorOf(part: string): string | null {
  const [first, ...rest] = part.split(/\s*,\s*/);
  const article = /^arts?\.\s*(\d+)(?:-([A-Z]))?\s*[º°]?(?:-([A-Z]))?$/i.exec(first);
  if (!article) return null;
  const articleAnchor = `art${article[1]}${(article[2] ?? article[3] ?? "").toLowerCase()}`;
  let container = `${articleAnchor}_cpt`;
  let anchor = articleAnchor;
  let inciso: string | undefined;
  for (const token of rest) {
    const paragraph = /^§\s*(\d+)\s*[º°]?$/.exec(token);
    const group = /^Grupo\s+(\d+)$/i.exec(token);
    if (paragraph || /^par[áa]grafo [úu]nico$/i.test(token)) {
      anchor = container = `${articleAnchor}_par${paragraph ? paragraph[1] : "1u"}`;
    } else if (group) {
      anchor = container = `${articleAnchor}_grp${group[1]}`;
    } else if (/^caput$/i.test(token)) {
      anchor = articleAnchor;
    } else if (!Number.isNaN(romanValue(token))) {
      anchor = inciso = `${container}_inc${romanValue(token)}`;
    } else if (/^[a-z]$/.test(token)) {
      anchor = `${inciso ?? container}_ali${token.charCodeAt(0) - 96}`;
    } else return null;
  }
  return anchor;
}

/** The units a citation names, or null when it cannot be read as a law's units. */
export function citedUnits(citation: string): CitedUnit[] | null {
  const match = LAW.exec(citation.trim());
  if (!match) return null;
  const units: CitedUnit[] = [];
  for (const part of match[2].replace(WORDING, "").split(/\s*,\s*c\/c\s+/)) {
    const anchor = anchorOf(part);
    if (!anchor) return null;
    units.push({ law: match[1], anchor });
  }
  return units;
}

/** One citation as a reader follows it: where each unit it names is, and its wording. */
export interface CitationReading {
  citation: string;
  units: { anchor: string; label: string; text: string }[];
  /** The citation names a unit the law's text does not have, or cannot be read. */
  unresolved: boolean;
}

/** Reads a citation against the units of the law it cites (by label); a unit not found is unresolved. */
export function readCitation(
  citation: string,
  lawLabel: string,
  units: ReadonlyMap<string, { label?: string; text: string }>,
): CitationReading {
  const cited = citedUnits(citation);
  const found = (cited ?? []).flatMap((c) => {
    const unit = c.law === lawLabel ? units.get(c.anchor) : undefined;
    return unit ? [{ anchor: c.anchor, label: unit.label ?? "", text: unit.text }] : [];
  });
  return { citation, units: found, unresolved: !cited || found.length !== cited.length };
}

const ordinal = (n: string) => (Number(n) < 10 ? `${n}º` : n);

/** The citation of a unit, as the packs write it: art9_cpt_inc2 → "Lei 4.544/2019, art. 9º, II". */
export function citationFor(lawLabel: string, anchor: string): string {
  const parts: string[] = [];
  for (const piece of anchor.split("_")) {
    const m = /^(art|par|grp|inc|ali)(\d+)(u|[a-z])?$/.exec(piece);
    if (piece === "cpt" || !m) continue;
    const [, kind, number, suffix] = m;
    if (kind === "art") parts.push(`art. ${ordinal(number)}${suffix ? `-${suffix.toUpperCase()}` : ""}`);
    else if (kind === "par") parts.push(suffix === "u" ? "parágrafo único" : `§ ${number}º`);
    else if (kind === "grp") parts.push(`Grupo ${number}`);
    else if (kind === "inc") parts.push(roman(Number(number)));
    else parts.push(String.fromCharCode(96 + Number(number)));
  }
  return `${lawLabel}, ${parts.join(", ")}`;
}

/** The law's wording of a citation: its units' text, several joined by " […] "; null if a unit is missing. */
export function quoteOf(
  citation: string,
  lawLabel: string,
  units: ReadonlyMap<string, { text: string }>,
): string | null {
  const reading = readCitation(citation, lawLabel, units);
  return reading.unresolved ? null : reading.units.map((u) => u.text).join(" […] ");
}

/** The law's articles, paragraphs, incisos and alíneas in force, each as the citation a rule would carry and its words. */
export function citableUnits(
  lawLabel: string,
  units: readonly { kind: string; anchor: string; text: string; amendment?: string | null }[],
): { citation: string; text: string }[] {
  return units
    .filter((u) => u.kind !== "GRUPO" && u.amendment !== "REVOKED")
    .map((u) => ({ citation: citationFor(lawLabel, u.anchor), text: u.text }));
}
