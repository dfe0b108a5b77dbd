// Plates, old LLLNNNN and Mercosul LLLNLNN (Resolução CONTRAN nº 969/2022, Anexo I, item 1.2).
// Not @brazilian-utils: it drops any punctuation, and we accept only `-` and spaces.

type PlateFormat = "ANTIGA" | "MERCOSUL";

const OLD = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL = /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/;

/** Uppercase, without hyphens or spaces: "abc-1234" → "ABC1234". Not a validator. */
export function normalizePlate(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, "");
}

/** Which format a plate is written in, or null when it is neither. */
export function plateFormat(input: string): PlateFormat | null {
  const plate = normalizePlate(input);
  if (OLD.test(plate)) return "ANTIGA";
  if (MERCOSUL.test(plate)) return "MERCOSUL";
  return null;
}

/** An old-format or Mercosul plate, any case, with or without a hyphen or spaces. */
export function isValidPlate(input: string): boolean {
  return plateFormat(input) !== null;
}

/** "ABC-1234" (old) or "ABC1D23" (Mercosul); anything else comes back normalised. */
export function formatPlate(input: string): string {
  const plate = normalizePlate(input);
  return plateFormat(plate) === "ANTIGA" ? `${plate.slice(0, 3)}-${plate.slice(3)}` : plate;
}

/** How a normalised start ("ABC1" or more) may be printed; "ABC1" could still be either format. */
export function printedPlateStarts(start: string): string[] {
  const plate = normalizePlate(start);
  const old = `${plate.slice(0, 3)}-${plate.slice(3)}`;
  if (plate.length <= 4) return [plate, old];
  return /^[A-Z]{3}[0-9][A-Z]/.test(plate) ? [plate] : [old];
}
