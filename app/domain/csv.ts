// The one way the portal writes a CSV (every download: the gestor's reports, the operators'
// filed reports). For a spreadsheet in Portuguese: semicolons, CRLF, UTF-8 with a BOM (Excel
// reads the accents).
//
// Formula injection (issue #35, finding 7): a cell a spreadsheet would read as a formula — one
// starting with =, +, -, @, a tab or a carriage return, also after leading spaces or line feeds
// (LibreOffice can trim them) — is written as text, OWASP's way: a single quote in front and the
// whole cell quoted, so no separator or line break inside it can start another cell. A number
// (typed as one, or a plain numeric string such as "-3" or "1.234,50") is left as it is.

export type CsvCell = string | number | null | undefined;

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

/** One line of cells, separated by semicolons. */
export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(";");

/** A whole document: the BOM, then each line (an empty array is an empty line), each ended by CRLF. */
export const csvDocument = (lines: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${lines.map(csvLine).join("\r\n")}\r\n`;
