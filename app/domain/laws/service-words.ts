// The words laws use for what the portal knows by code: the CNH's categories, a vehicle, the
// services (categories of the packs) and the credentials the portal issues. Read by proposals.ts.
import { CNH_WITH_A } from "~/domain/rule-packs/vocabulary";

/** The licences that hold a category, in the CNH's own vocabulary: "A" is held by an AB too, "B ou
 * superior" by a C, a D, an AE… (an ACC, for mopeds only, holds none of them). */
export function cnhHolding(letter: string, orHigher: boolean): string[] {
  if (letter === "A") return [...CNH_WITH_A];
  const letters = ["B", "C", "D", "E"];
  const held = orHigher ? letters.slice(letters.indexOf(letter)) : [letter];
  return [...held, ...held.map((l) => `A${l}`)];
}
export const CNH = /habilita[çc][ãa]o|\bCNH\b/i;
/** The services a unit names, as the pack's categories. */
export const SERVICE_WORDS: readonly (readonly [string, RegExp])[] = [
  ["MOTOTAXI", /mototáxi|moto-táxi|mototaxi|moto-taxi/i],
  ["MOTOBOY", /motoboy/i],
  ["MOTOFRETE", /motofrete|moto-frete/i],
  ["APLICATIVO", /aplicativo/i],
];
/** The credentials a unit names: their type, and the label a rule gives them. */
export const CREDENTIAL_WORDS: readonly (readonly [string, RegExp, string])[] = [
  ["CRACHA", /crach[áa]/i, "Crachá de identificação"],
  ["CRACHA", /cart[ãa]o\s+de\s+identifica[çc][ãa]o/i, "Cartão de identificação"],
  ["CERTIFICADO", /certificado/i, "Certificado"],
];
