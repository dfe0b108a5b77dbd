// The shipped rule packs, one JSON document per city in cities/ (ADR 066); gestor-published
// versions live in the models (rule-pack.server.ts). Each validates itself at import, so a broken
// pack stops the boot, naming the rule. A module of its own, apart from the format's barrel, so a
// page that only reads a pack's helpers does not carry every city's law to the browser.
import itaunaDocument from "./cities/itauna-mg.json";
import jardimDocument from "./cities/jardim-ms.json";
import lavrasDocument from "./cities/lavras-mg.json";
import patrocinioDocument from "./cities/patrocinio-mg.json";
import { packFromDocument } from "./document";
import type { RulePack } from "./schema";

export const itaunaMg = packFromDocument(itaunaDocument);
export const patrocinioMg = packFromDocument(patrocinioDocument);
export const lavrasMg = packFromDocument(lavrasDocument);
export const jardimMs = packFromDocument(jardimDocument);

export const allPacks: readonly RulePack[] = Object.freeze([itaunaMg, patrocinioMg, lavrasMg, jardimMs]);

export function getPack(id: string): RulePack | undefined {
  return allPacks.find((p) => p.id === id);
}

export function packForMunicipality(ibge: string): RulePack | undefined {
  return allPacks.find((p) => p.municipality.ibge === ibge);
}
