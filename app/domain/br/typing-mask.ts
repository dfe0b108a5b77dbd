// Masks shown while typing (issue #16), browser-safe; only a help to the eye: the server still
// accepts the bare value and normalises it.

export type MaskKind = "cpf" | "phone" | "cep" | "plate";

const digits = (s: string, max: number) => s.replace(/\D/g, "").slice(0, max);

/** Splits `s` at the given lengths and joins with the separators before each part. */
function group(s: string, parts: [sep: string, length: number][]): string {
  let out = "";
  let at = 0;
  for (const [sep, length] of parts) {
    if (at >= s.length) break;
    out += (at > 0 || sep === "(" ? sep : "") + s.slice(at, at + length);
    at += length;
  }
  return out;
}

function maskPhone(value: string): string {
  // A country code typed in front ("+55 37 …") is dropped, as normalizePhone does.
  let d = value.replace(/\D/g, "");
  if (/^(0055|55)\d{10,11}$/.test(d)) d = d.replace(/^(0055|55)/, "");
  d = d.slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : "";
  const local = d.slice(2);
  const head = local.length > 8 ? 5 : 4;
  return `(${d.slice(0, 2)}) ${local.slice(0, head)}${local.length > head ? `-${local.slice(head)}` : ""}`;
}

function maskPlate(value: string): string {
  const p = value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, 7);
  // The fifth character decides: a digit is the old format (hyphen), a letter is Mercosul (none).
  return p.length >= 5 && /\d/.test(p[4]) ? `${p.slice(0, 3)}-${p.slice(3)}` : p;
}

/** The value as the field shows it while typing: "123456789" → "123.456.789", "3499876" → "(34) 9987-6". */
export function maskAsTyped(kind: MaskKind, value: string): string {
  switch (kind) {
    case "cpf":
      return group(digits(value, 11), [
        ["", 3],
        [".", 3],
        [".", 3],
        ["-", 2],
      ]);
    case "cep":
      return group(digits(value, 8), [
        ["", 5],
        ["-", 3],
      ]);
    case "phone":
      return maskPhone(value);
    case "plate":
      return maskPlate(value);
  }
}

/** Where the caret goes after masking: after as many letters and digits as were before it. */
export function caretAfter(masked: string, significantBefore: number): number {
  if (significantBefore <= 0) return masked.length && /[A-Za-z0-9]/.test(masked[0]) ? 0 : Math.min(1, masked.length);
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/[A-Za-z0-9]/.test(masked[i])) seen += 1;
    if (seen === significantBefore) return i + 1;
  }
  return masked.length;
}

/** Letters and digits in `s` (what the caret position is counted in). */
export const significant = (s: string) => s.replace(/[^A-Za-z0-9]/g, "").length;
