// A law's amendments applied in order (issue #30, ADR 070): each amending law says, in the form Lei
// Complementar 95/1998 art. 12 prescribes, which units of the law it rewrites, adds or revokes —
// "O inciso II do art. 4º da Lei nº 1.234 … passa a vigorar com a seguinte redação: “II – …” (NR)",
// "… acrescido do seguinte § 3º: “…”", "Fica revogado o inciso IV do art. 4º …" — and the
// consolidated text is what rules cite. What an amendment says that this reading does not
// understand is listed as a problem to check by hand, never guessed. Pure: texts in, units out.
import { citationFor } from "./citation";
import { roman, romanValue } from "./numbers";
import { ELIDED, type LawUnit, structureOfLaw } from "./structure";

export interface AmendmentText {
  /** "Lei 1.301/2026" */
  label: string;
  text: string;
}

export type AmendmentChange = "REWORDED" | "ADDED" | "REVOKED";

export interface AppliedChange {
  amendment: string;
  anchor: string;
  /** "art. 4º, II" */
  unit: string;
  change: AmendmentChange;
}

export interface Consolidated {
  units: LawUnit[];
  changes: AppliedChange[];
  problems: string[];
}

/** An instruction of the amending law: its own article, what it says, and the quoted blocks after it. */
interface Instruction {
  article: string;
  sentence: string;
  blocks: string[][];
}

const OWN_ARTICLE = /^Art(?:igo)?\.?\s*(\d+)\s*(?:º|°|o(?=\s|\.|$))?\s*\.?\s*(?:[-–]\s*)?(.*)$/;
const OPENS_QUOTE = /^["“]/;
const QUOTE_END = /["”]\s*(?:\((?:NR|AC)\))?\s*[.;]?\s*$/;
const REWRITES = /passa(?:m)?\s+a\s+vigorar|nova\s+reda[çc][ãa]o/i;
const REVOKES = /revogad[oa]s?\b/i;
const BOILERPLATE = /disposi[çc][õo]es\s+em\s+contr[áa]rio/i;

/** How far inside quotes a line leaves the reader: “ opens, ” closes, a straight " does whichever is due. */
function quoteDepth(line: string, depth: number, straight: boolean): [number, boolean] {
  let [d, s] = [depth, straight];
  for (const c of line) {
    if (c === "“") d++;
    else if (c === "”") d = Math.max(0, d - 1);
    else if (c === '"') [d, s] = s ? [Math.max(0, d - 1), false] : [d + 1, true];
  }
  return [d, s];
}

/** The amending law's own articles that change the law, each with the quoted blocks that follow it. */
function instructionsOf(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let [depth, straight] = [0, false];
  for (const raw of text.normalize("NFC").split(/\r?\n/)) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (line === "") continue;
    const current = instructions[instructions.length - 1];
    if (current && (depth > 0 || OPENS_QUOTE.test(line))) {
      if (depth === 0) current.blocks.push([]);
      current.blocks[current.blocks.length - 1].push(line);
      [depth, straight] = quoteDepth(line, depth, straight);
      continue;
    }
    const own = OWN_ARTICLE.exec(line);
    if (own)
      instructions.push({ article: `art. ${own[1]}${Number(own[1]) < 10 ? "º" : ""}`, sentence: own[2], blocks: [] });
    else if (current && current.blocks.length === 0) current.sentence += ` ${line}`;
  }
  return instructions.filter(
    (i) =>
      i.blocks.length > 0 || REWRITES.test(i.sentence) || (REVOKES.test(i.sentence) && !BOILERPLATE.test(i.sentence)),
  );
}

/** The units a sentence names: "os incisos III e IV do art. 4º e o § 2º do art. 3º" → their anchors. */
export function namedUnits(sentence: string): string[] {
  const anchors: string[] = [];
  let alineas: number[] = [];
  let incisos: number[] = [];
  let paragraphs: string[] = [];
  const token =
    /al[íi]neas?\s+((?:["“]?[a-z]["”]?(?:\s*,\s*|\s+e\s+)?)+)|incisos?\s+((?:[IVXLC]+\b(?:\s*,\s*|\s+e\s+)?)+)|(§§?\s*\d+\s*[º°]?(?:\s*(?:,|e)\s*\d+\s*[º°]?)*)|(par[áa]grafo\s+[úu]nico)|\bart(?:igo)?s?\.?\s*(\d+)(?:\s*[º°])?(?:-([A-Z]))?/gi;
  for (const m of sentence.matchAll(token)) {
    if (m[1]) alineas = [...m[1].matchAll(/[a-z]/g)].filter((l) => l[0] !== "e").map((l) => l[0].charCodeAt(0) - 96);
    else if (m[2]) incisos = m[2].split(/\s*,\s*|\s+e\s+/).map((r) => romanValue(r.trim()));
    else if (m[3]) paragraphs = [...m[3].matchAll(/\d+/g)].map((d) => `par${d[0]}`);
    else if (m[4]) paragraphs = ["par1u"];
    else if (m[5]) {
      const article = `art${m[5]}${m[6]?.toLowerCase() ?? ""}`;
      const containers = paragraphs.length ? paragraphs.map((p) => `${article}_${p}`) : [`${article}_cpt`];
      for (const container of containers) {
        const parents = incisos.length ? incisos.map((i) => `${container}_inc${i}`) : [container];
        for (const parent of parents) {
          if (alineas.length) anchors.push(...alineas.map((a) => `${parent}_ali${a}`));
          else anchors.push(parent.endsWith("_cpt") ? article : parent);
        }
      }
      [alineas, incisos, paragraphs] = [[], [], []];
    }
  }
  return anchors;
}

/** Document order of two anchors: article, then caput < paragraphs < groups, then inciso, then alínea. */
function orderKey(anchor: string): number[] {
  const m = /^art(\d+)([a-z]?)(?:_(cpt|par1u|par(\d+)|grp(\d+)))?(?:_inc(\d+))?(?:_ali(\d+))?$/.exec(anchor);
  if (!m) return [Number.MAX_SAFE_INTEGER];
  const container = !m[3] ? -1 : m[3] === "cpt" ? 0 : m[3] === "par1u" ? 1 : m[4] ? Number(m[4]) : 1000 + Number(m[5]);
  const suffix = m[2] ? m[2].charCodeAt(0) - 96 : 0;
  return [Number(m[1]), suffix, container, m[6] ? Number(m[6]) : -1, m[7] ? Number(m[7]) : -1];
}
const before = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.max(a.length, b.length); i++)
    if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) < (b[i] ?? -1);
  return false;
};

/** A quoted block as a fragment of the law, opened where the sentence points when it does not say. */
function blockUnits(block: string[], sentence: string): LawUnit[] {
  const lines = block.map((l, i) => {
    let line = i === 0 ? l.replace(OPENS_QUOTE, "") : l;
    if (i === block.length - 1) line = line.replace(QUOTE_END, "");
    return line.trim();
  });
  const first = lines.find((l) => !ELIDED.test(l)) ?? "";
  const opening: string[] = [];
  if (!/^Art/i.test(first)) {
    const [target] = namedUnits(sentence);
    const m = target ? /^art(\d+)([a-z]?)(?:_(par1u|par\d+))?(?:_cpt)?(?:_inc(\d+))?/.exec(target) : null;
    if (!m) return [];
    opening.push(`Art. ${m[1]}${m[2] ? `-${m[2].toUpperCase()}` : ""} ……`);
    if (m[3] && !/^(?:§|Par[áa]grafo)/i.test(first))
      opening.push(m[3] === "par1u" ? "Parágrafo único. ……" : `§ ${m[3].slice(3)}º ……`);
    if (m[4] && /^[a-z]\s*[).]/.test(first)) opening.push(`${roman(Number(m[4]))} – ……`);
  }
  return structureOfLaw([...opening, ...lines].join("\n"), { fragment: true }).units;
}

const unitOf = (anchor: string) => citationFor("", anchor).replace(/^, /, "");

/**
 * The law's units with its amendments applied in the order given: a rewritten unit takes its new
 * words, an added one its place in the article, a revoked one reads "(Revogado)"; each says which
 * law did it (`wordingFrom`). What could not be applied is a problem, in pt-BR.
 */
export function consolidate(law: { label: string; units: LawUnit[] }, amendments: AmendmentText[]): Consolidated {
  const units = law.units.map((u) => ({ ...u }));
  const changes: AppliedChange[] = [];
  const problems: string[] = [];
  const number = (label: string) => label.replace(/^Lei\s+/, "").split("/")[0];
  for (const amendment of amendments) {
    const instructions = instructionsOf(amendment.text);
    if (instructions.length === 0)
      problems.push(`${amendment.label}: nenhum artigo dela diz que dispositivo da ${law.label} altera ou revoga.`);
    for (const instruction of instructions) {
      const where = `${amendment.label}, ${instruction.article}`;
      const names = /Lei\s+(?:Complementar\s+|Ordin[áa]ria\s+|Municipal\s+)?n?[º°.]*\s*([\d.]+)/i.exec(
        instruction.sentence,
      );
      if (names && names[1].replace(/\.$/, "") !== number(law.label)) {
        problems.push(`${where} altera a Lei ${names[1]}, não a ${law.label}: não aplicado.`);
        continue;
      }
      if (REVOKES.test(instruction.sentence) && instruction.blocks.length === 0) {
        const anchors = namedUnits(instruction.sentence.split(/revogad[oa]s?/i)[1] ?? instruction.sentence);
        const named = anchors.length ? anchors : namedUnits(instruction.sentence);
        if (named.length === 0) problems.push(`${where}: não entendi o que revoga. Confira no texto.`);
        for (const anchor of named) {
          const hit = units.filter((u) => u.anchor === anchor || u.anchor.startsWith(`${anchor}_`));
          if (hit.length === 0) {
            problems.push(`${where} revoga o ${unitOf(anchor)}, que a ${law.label} não tem.`);
            continue;
          }
          for (const u of hit)
            Object.assign(u, { text: "(Revogado)", wordingFrom: amendment.label, amendment: "REVOKED" });
          changes.push({ amendment: amendment.label, anchor, unit: unitOf(anchor), change: "REVOKED" });
        }
        continue;
      }
      const fragment = instruction.blocks
        .flatMap((b) => blockUnits(b, instruction.sentence))
        .filter((u) => !ELIDED.test(u.text));
      if (fragment.length === 0) {
        problems.push(`${where}: não encontrei o texto novo entre aspas. Confira no texto.`);
        continue;
      }
      for (const unit of fragment) {
        const existing = units.find((u) => u.anchor === unit.anchor);
        if (existing) {
          Object.assign(existing, { text: unit.text, wordingFrom: amendment.label });
          delete existing.amendment;
          changes.push({
            amendment: amendment.label,
            anchor: unit.anchor,
            unit: unitOf(unit.anchor),
            change: "REWORDED",
          });
          continue;
        }
        const key = orderKey(unit.anchor);
        const at = units.findIndex((u) => before(key, orderKey(u.anchor)));
        const added = { ...unit, wordingFrom: amendment.label, amendment: "ADDED" as const };
        units.splice(at === -1 ? units.length : at, 0, added);
        changes.push({ amendment: amendment.label, anchor: unit.anchor, unit: unitOf(unit.anchor), change: "ADDED" });
      }
    }
  }
  return { units, changes, problems };
}
