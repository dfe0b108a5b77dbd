// What a law has the driver wear in service (issue #30, ADR 074): "o condutor de mototáxi usará
// colete e capacete com a identificação do serviço" is a requirement of the service — the colete
// and the capacete, for the mototáxi. Read when a verb of wearing comes right before the pieces;
// what a unit only mentions (a colour of the capacete, a number on the colete's back) is not read.
import { SERVICE_WORDS } from "./service-words";

const PIECES: readonly (readonly [string, RegExp])[] = [
  ["COLETE", /\bcoletes?\b/i],
  ["CAPACETE", /\bcapacetes?\b/i],
  ["UNIFORME", /\buniformes?\b/i],
];
/** "Usará", "usar", "utilizar", "estar vestido com", "uso obrigatório de", then the first piece. */
const WORN =
  /\b(?:usar[áa]?|utilizar[áa]?|vestir[áa]?|estar\s+vestid[oa]\s+com|uso\s+obrigat[óo]rio\s+de)\s+(?:o\s+|a\s+|os\s+|as\s+)?((?:coletes?|capacetes?|uniformes?)\b[^;.]*)/i;

export interface WornReading {
  /** The pieces in the order the law names them: "COLETE_CAPACETE". */
  code: string;
  /** The law's words from the first piece: "Colete e capacete com a identificação do serviço". */
  label: string;
  /** The services the unit names, when it names some ("o condutor de mototáxi"). */
  categories: string[];
}

/** What a unit has the driver wear in service, if it says so. */
export function wornInService(text: string): WornReading | null {
  // "Deixar de usar o colete" is an infraction that names the requirement, not the requirement.
  if (/^deixar\b/i.test(text)) return null;
  const m = WORN.exec(text);
  if (!m) return null;
  const words = m[1].replace(/\s+/g, " ").trim();
  const pieces = PIECES.map(([code, re]) => ({ code, at: re.exec(words)?.index ?? -1 }))
    .filter((p) => p.at >= 0)
    .sort((a, b) => a.at - b.at);
  return {
    code: pieces.map((p) => p.code).join("_"),
    label: words.charAt(0).toUpperCase() + words.slice(1),
    categories: SERVICE_WORDS.filter(([, re]) => re.test(text)).map(([code]) => code),
  };
}
