/** The holder's name as printed and signed (at most HOLDER_NAME_MAX, to keep the QR small), shortened
 * as registries do: middle names to initials from the right. */
import { HOLDER_NAME_MAX } from "./claims";

const PARTICLES = new Set(["da", "das", "de", "di", "do", "dos", "du", "e", "del", "la", "van", "von"]);

export function holderDisplayName(fullName: string, max: number = HOLDER_NAME_MAX): string {
  const cleaned = fullName
    .normalize("NFC")
    .replace(/[^\p{L}\p{M} .'’-]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[^\p{L}\p{M}]+/u, "");
  if (length(cleaned) <= max) return cleaned;

  const words = cleaned.split(" ");
  // Middle names, right to left, become initials.
  for (let i = words.length - 2; i >= 1 && length(words.join(" ")) > max; i--) {
    if (!PARTICLES.has(words[i].toLowerCase())) words[i] = `${[...words[i]][0]}.`;
  }
  let parts = words;
  if (length(parts.join(" ")) > max) {
    // Particles go once the names around them are initials.
    parts = words.filter((w, i) => i === 0 || i === words.length - 1 || !PARTICLES.has(w.toLowerCase()));
  }
  let result = parts.join(" ");
  if (length(result) > max) result = [...result].slice(0, max).join("").trimEnd();
  return result;
}

function length(s: string): number {
  return [...s].length;
}
