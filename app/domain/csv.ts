// The one way the portal writes a CSV: semicolons, CRLF, UTF-8 with a BOM (Excel reads accents).
// Formula injection (issue #35, finding 7): a cell a spreadsheet would read as a formula, even
// after leading blanks, gets a quote in front and is quoted whole (OWASP); numbers stay as they are.

type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[\s]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r\n]/;
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)*$/;
const NEEDS_QUOTES = /[";,\t\r\n]/;

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(";");

/** A whole document: the BOM, then each line (an empty array is an empty line), each ended by CRLF. */
export const csvDocument = (lines: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${lines.map(csvLine).join("\r\n")}\r\n`;
