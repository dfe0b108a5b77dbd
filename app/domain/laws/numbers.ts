// Numbers as Brazilian laws write them: "21 (vinte e um)", "05 (cinco)", "2.500", or in words
// alone, "vinte e um". Pure.

const UNITS: Record<string, number> = {
  zero: 0,
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  três: 3,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  catorze: 14,
  quatorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
  vinte: 20,
  trinta: 30,
  quarenta: 40,
  cinquenta: 50,
  cinqüenta: 50,
  sessenta: 60,
  setenta: 70,
  oitenta: 80,
  noventa: 90,
  cem: 100,
  cento: 100,
  duzentos: 200,
  duzentas: 200,
  trezentos: 300,
  trezentas: 300,
  quatrocentos: 400,
  quinhentos: 500,
  seiscentos: 600,
  setecentos: 700,
  oitocentos: 800,
  novecentos: 900,
};

/** "vinte e um" → 21, "cento e vinte e cinco" → 125, "dois mil e quinhentos" → 2500; null if not a number. */
export function wordsValue(words: string): number | null {
  const tokens = words
    .toLowerCase()
    .replace(/[^a-zà-úü\s]/g, " ")
    .split(/\s+/)
    .filter((t) => t && t !== "e");
  if (tokens.length === 0) return null;
  let total = 0;
  let group = 0;
  for (const token of tokens) {
    if (token === "mil") {
      total += (group || 1) * 1000;
      group = 0;
    } else if (token in UNITS) group += UNITS[token];
    else return null;
  }
  return total + group;
}

const WORD = `(?:${Object.keys(UNITS).join("|")}|mil)`;
/** A number as a law writes it: digits (with their words in parentheses, or not), or words alone. */
export const NUMBER = `(?:(\\d{1,3}(?:\\.\\d{3})*|\\d+)(?:\\s*\\([^)]{1,60}\\))?|(${WORD}(?:\\s+(?:e\\s+)?${WORD})*))`;

/** The value of a NUMBER match: its digits, or its words. */
export function numberValue(digits: string | undefined, words: string | undefined): number | null {
  if (digits) return Number(digits.replace(/\./g, ""));
  return words ? wordsValue(words) : null;
}

// ---- roman numerals: the incisos ---------------------------------------------------------------

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

/** I → 1, XIV → 14; NaN for anything that is not a well-formed numeral up to 399. */
export function romanValue(numeral: string): number {
  if (!/^C{0,3}(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/.test(numeral) || numeral === "") return Number.NaN;
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const value = ROMAN[numeral[i]];
    total += value < (ROMAN[numeral[i + 1]] ?? 0) ? -value : value;
  }
  return total;
}

const ROMAN_DIGITS: [number, string][] = [
  [100, "C"],
  [90, "XC"],
  [50, "L"],
  [40, "XL"],
  [10, "X"],
  [9, "IX"],
  [5, "V"],
  [4, "IV"],
  [1, "I"],
];

/** 14 → "XIV": the inciso numerals of a citation. */
export function roman(value: number): string {
  let rest = value;
  let out = "";
  for (const [n, digits] of ROMAN_DIGITS)
    while (rest >= n) {
      out += digits;
      rest -= n;
    }
  return out;
}
