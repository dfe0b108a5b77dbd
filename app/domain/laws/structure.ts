// A municipal law's text split into its units — artigos, parágrafos, incisos, alíneas (and the
// "grupos" some infraction tables use) — each with a stable anchor a rule's citation resolves to
// (issue #30, ADR 067). The text is what a prefeitura publishes or a PDF's text layer gives: pages
// with headers and numbers between them, ordinals split onto the next line ("Art. 1\no"), bullets,
// and, in a compiled text, each amended unit followed by its new wording and a "Redação dada
// pela Lei …" line. Pure: text in, structure and the problems found out.

import { romanValue } from "./numbers";

export type LawUnitKind = "ARTIGO" | "PARAGRAFO" | "GRUPO" | "INCISO" | "ALINEA";

export interface LawUnit {
  /** Stable within the law: art9, art9_par1, art9_par1u, art9_cpt_inc2, art9_par1_inc5_ali2, art30_grp1_inc3. */
  anchor: string;
  kind: LawUnitKind;
  /** How the law writes it: "Art. 9º", "§ 1º", "Parágrafo único", "II", "b", "Grupo 1". */
  label: string;
  /** The unit's own wording, in force (the last one a compiled text gives), on one line. */
  text: string;
  /** The amending law a compiled text names for this wording ("Lei 951/1999"), or the amendment applied. */
  wordingFrom?: string;
  /** What that law did to the unit when it is not a new wording: added it, or revoked it. */
  amendment?: "ADDED" | "REVOKED";
}

export interface LawStructure {
  units: LawUnit[];
  /** What looked wrong, in pt-BR (a gap in the articles' numbers, a unit repeated without an amendment…). */
  problems: string[];
}

const letterValue = (letter: string) => letter.charCodeAt(0) - 96;
/** A line of dots or ellipses: in an amending law's quoted block, the units in between are kept. */
export const ELIDED = /^[.…\s]*$/;

// "Art. 7-A", and "Art. 7º-A" as LC 95/1998 art. 12, III, b writes an article added between two.
const ARTICLE =
  /^Art(?:igo)?\.?\s*(\d+)(?:-([A-Z])\b)?\s*(?:º|°|o(?=\s|\.|$|-))?(?:-([A-Z])\b)?\s*\.?\s*(?:[-–]\s*)?(.*)$/;
const PARAGRAPH = /^§\s*(\d+)\s*(?:º|°|o(?=\s|\.|$))?\s*\.?\s*(?:[-–]\s*)?(.*)$/;
const SOLE_PARAGRAPH = /^P(?:ar[áa]grafo\s+[úuÚU]nico|AR[ÁA]GRAFO\s+[ÚU]NICO)\s*(?=[.:\-–]|$)[.:]?\s*(?:[-–]\s*)?(.*)$/;
const GROUP = /^GRUPO\s+(\d+)\s*$/i;
const INCISO = /^([IVXLC]+)\s*[-–.)]\s*(?:[-–]\s*)?(.*)$/;
const ALINEA = /^([a-z])\s*[).]\s*(?:[-–]\s*)?(.*)$|^([a-z])\s+[-–]\s+(.*)$/;
const HEADING =
  /^(?:CAP[IÍ]T[A-ZÍ]*|Cap[ií]tulo|SE[ÇC][ÃA]O|Se[çc][ãa]o|SUBSE[ÇC][ÃA]O|Subse[çc][ãa]o|T[ÍI]TULO|T[íi]tulo|LIVRO)\b/;
const WORDING =
  /^Reda[çc][ãa]o\s+(?:dada|adicionada|acrescida|inclu[íi]da)\s+pel\w*\s+(?:Lei\s+(?:Ordin[áa]ria|Complementar)?\s*)?n?[º°o.]*\s*([\d.]+\/\d{2,4})/i;
const SIGN_OFF =
  /^(?:Registre-se|Registra-se|Publique-se|Gabinete do Prefeito|Sala das Sess[õo]es|Este texto não substitui)|^[\p{L} .'/-]+,\s*(?:em\s+)?\d{1,2}º?\s+de\s+\p{L}+\s+de\s+\d{4}\.?$/iu;

/** The lines of the text as a reader sees them: bullets off, split ordinals joined, page furniture out. */
function cleanLines(text: string): string[] {
  const raw = text
    .normalize("NFC")
    .replace(/\u00ac/g, "")
    .split(/\r?\n/)
    .map((l) =>
      l
        .replace(/^[\s•·▪\u00a0]+/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    // "…em serviço. § 5º - O Certificado…": a unit that starts after a sentence, on the same line.
    .flatMap((l) => l.split(/(?<=[.;:]["”]?) (?=(?:Art\.\s*\d+|§\s*\d+)\s*[º°]?\s*[-–.])/))
    .filter((l) => l !== "");
  // "Art. 1" / "o A exploração…" and "Lei n" / "o 12.009": a superscript ordinal the PDF put on the next line.
  const joined: string[] = [];
  for (const line of raw) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && /^o(?:\s|$)/.test(line) && /(?:^Art\.?\s*\d+|^§\s*\d+|\bn)$/.test(previous)) {
      joined[joined.length - 1] = `${previous}º ${line.slice(1).trim()}`.trim();
      continue;
    }
    joined.push(line);
  }
  // Page furniture: a bare page number, or a running header — a line that recurs with only its digits
  // changed and reads as one (in capitals, or naming a page, a sheet or the gazette). A sentence of
  // the law that wraps the same way twice is not dropped.
  const shape = (l: string) => l.replace(/\d+/g, "#");
  const seen = new Map<string, number>();
  for (const l of joined) seen.set(shape(l), (seen.get(shape(l)) ?? 0) + 1);
  const header = (l: string) =>
    !/[a-zà-ú]/.test(l) || /\b(?:P[áa]gina|P[áa]g\.|Fl\.|Edi[çc][ãa]o|Di[áa]rio Oficial|continua[çc][ãa]o)\b/i.test(l);
  const unit = (l: string) =>
    [ARTICLE, PARAGRAPH, SOLE_PARAGRAPH, GROUP, WORDING, INCISO, ALINEA, HEADING].some((r) => r.test(l));
  return joined.filter((l) => !/^\d{1,3}$/.test(l) && !((seen.get(shape(l)) ?? 0) > 1 && header(l) && !unit(l)));
}

/** "o inciso II do art. 9" as a sentence starts: "Inciso II (art9_cpt_inc2)". */
const unitName = (unit: LawUnit) =>
  `${{ ARTIGO: "", PARAGRAFO: "", GRUPO: "", INCISO: "Inciso ", ALINEA: "Alínea " }[unit.kind]}${unit.label} (${unit.anchor})`;

interface Open {
  article?: { anchor: string; number: number };
  paragraph?: string;
  group?: string;
  inciso?: { anchor: string; number: number };
  lastInciso: number;
  lastAlinea: number;
}

/**
 * Splits a law's text into its units; see LawUnit for the anchors. A `fragment` is the quoted block
 * of an amending law ("Art. 4º ……… II – …" (NR)): its units may start anywhere and skip numbers,
 * and a line of dots (a unit kept as it was) adds nothing.
 */
export function structureOfLaw(text: string, { fragment = false } = {}): LawStructure {
  const units: LawUnit[] = [];
  const byAnchor = new Map<string, LawUnit>();
  const problems: string[] = [];
  const rewritten = new Set<LawUnit>();
  let current: LawUnit | undefined;
  let inHeading = false;
  let ended = false;
  const open: Open = { lastInciso: 0, lastAlinea: 0 };

  const start = (anchor: string, kind: LawUnitKind, label: string, first: string) => {
    const existing = byAnchor.get(anchor);
    if (existing) {
      // A compiled text: the new wording replaces the old one; its "Redação dada" line follows.
      existing.text = first;
      delete existing.wordingFrom;
      rewritten.add(existing);
      current = existing;
      return;
    }
    current = { anchor, kind, label, text: first };
    units.push(current);
    byAnchor.set(anchor, current);
  };
  const container = () => open.group ?? open.paragraph ?? `${open.article!.anchor}_cpt`;
  /** An inciso or alínea numbered after the last one (or again, for a new wording); in a fragment, any later one. */
  const follows = (n: number, last: number) => n === last + 1 || n === last || (fragment && n > last);

  for (const line of cleanLines(text)) {
    if (ended) break;
    const article = ARTICLE.exec(line);
    if (article) {
      const number = Number(article[1]);
      const previous = open.article?.number ?? 0;
      if (fragment || (number >= previous && number <= previous + 3)) {
        if (!fragment && number > previous + 1)
          problems.push(`Depois do art. ${previous}, o texto passa ao art. ${number}.`);
        const suffix = (article[2] ?? article[3] ?? "").toLowerCase();
        const anchor = `art${number}${suffix}`;
        open.article = { anchor, number };
        Object.assign(open, {
          paragraph: undefined,
          group: undefined,
          inciso: undefined,
          lastInciso: 0,
          lastAlinea: 0,
        });
        start(
          anchor,
          "ARTIGO",
          `Art. ${number}${suffix ? `-${suffix.toUpperCase()}` : number < 10 ? "º" : ""}`,
          article[4],
        );
        inHeading = false;
        continue;
      }
    }
    if (!open.article) continue; // the preamble: title, ementa, enacting clause
    if (fragment && ELIDED.test(line)) continue;
    if (SIGN_OFF.test(line)) {
      ended = true;
      continue;
    }
    const wording = WORDING.exec(line);
    if (wording) {
      if (current) current.wordingFrom = `Lei ${wording[1]}`;
      continue;
    }
    if (HEADING.test(line)) {
      inHeading = true;
      continue;
    }
    if (inHeading && !/[a-zà-ú]/.test(line)) continue; // the heading's title, in capitals
    inHeading = false;
    const paragraph = PARAGRAPH.exec(line);
    const sole = SOLE_PARAGRAPH.exec(line);
    if (paragraph || sole) {
      const anchor = `${open.article.anchor}_par${paragraph ? paragraph[1] : "1u"}`;
      Object.assign(open, { paragraph: anchor, group: undefined, inciso: undefined, lastInciso: 0, lastAlinea: 0 });
      start(anchor, "PARAGRAFO", paragraph ? `§ ${paragraph[1]}º` : "Parágrafo único", (paragraph?.[2] ?? sole?.[1])!);
      continue;
    }
    const group = GROUP.exec(line);
    if (group) {
      const anchor = `${open.article.anchor}_grp${group[1]}`;
      Object.assign(open, { group: anchor, inciso: undefined, lastInciso: 0, lastAlinea: 0 });
      start(anchor, "GRUPO", `Grupo ${group[1]}`, "");
      continue;
    }
    const inciso = INCISO.exec(line);
    const incisoNumber = inciso ? romanValue(inciso[1]) : Number.NaN;
    if (inciso && follows(incisoNumber, open.lastInciso)) {
      const anchor = `${container()}_inc${incisoNumber}`;
      open.inciso = { anchor, number: incisoNumber };
      open.lastInciso = incisoNumber;
      open.lastAlinea = 0;
      start(anchor, "INCISO", inciso[1], inciso[2]);
      continue;
    }
    const alinea = ALINEA.exec(line);
    const letter = alinea ? (alinea[1] ?? alinea[3]) : "";
    if (alinea && follows(letterValue(letter), open.lastAlinea)) {
      const anchor = `${open.inciso?.anchor ?? container()}_ali${letterValue(letter)}`;
      open.lastAlinea = letterValue(letter);
      start(anchor, "ALINEA", letter, alinea[2] ?? alinea[4]);
      continue;
    }
    if (current) current.text = current.text ? `${current.text} ${line}` : line;
  }
  for (const unit of rewritten)
    if (!unit.wordingFrom)
      problems.push(`${unitName(unit)} aparece duas vezes sem "Redação dada pela Lei …": vale o segundo texto.`);
  if (units.length === 0)
    problems.push("Nenhum artigo encontrado: o texto não tem a estrutura de uma lei (Art. 1º, Art. 2º…).");
  for (const unit of units) unit.text = unit.text.replace(/\s+([,.;:])/g, "$1").trim();
  return { units, problems };
}
