// The draft's lists as the forms send them, for the tests of list-editors.ts, credential-editors.ts
// and the vistoria, infraction, service and rule-scope editors: the new town's draft with every
// proposal included, the shipped packs, an entry's fields as typed, and the list written back.
import { readFileSync } from "node:fs";
import { citableUnits, citationFor } from "~/domain/laws/citation";
import { structureOfLaw } from "~/domain/laws/structure";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { LIST_EDITORS, type ListName } from "~/domain/rule-packs/list-editors";
import { type LawUnits, type ListEntry, listView, withListFields } from "~/domain/rule-packs/list-fields";
import { LAW, MOTOTAXI_DRAFT, proposals } from "./new-town-draft";

export type Doc = Record<string, unknown>;
export const LAW_LABEL = "Lei 1.234/2025";
export const newTown = acceptAllProposals(
  MOTOTAXI_DRAFT,
  proposals.map((p) => ({ ...p, citation: citationFor(LAW_LABEL, p.anchor) })),
).text;
export const itauna = readFileSync("app/domain/rule-packs/cities/itauna-mg.json", "utf8");

export const view = (name: ListName, text: string) => listView(LIST_EDITORS[name], JSON.parse(text))!;
export const entry = (name: ListName, text: string, key: string) =>
  view(name, text).entries.find((e) => e.key === key)!;
/** An entry's fields as the form sends them, with these changes. */
export function typedFor(name: ListName, text: string, key: string, change: Record<string, string> = {}) {
  const e = entry(name, text, key);
  const at = `${name}.${e.index}`;
  return Object.fromEntries([
    [`${at}.chave`, key],
    ...Object.entries({ ...e.values, ...change }).map(([field, value]) => [`${at}.${field}`, value]),
  ]);
}
export const write = (name: ListName, text: string, typed: Record<string, string>) =>
  withListFields(LIST_EDITORS[name], name, JSON.parse(text), typed);
export const written = (name: ListName, text: string, typed: Record<string, string>) => {
  const result = write(name, text, typed);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result;
};

export const patrocinio = readFileSync("app/domain/rule-packs/cities/patrocinio-mg.json", "utf8");
export const lavras = readFileSync("app/domain/rule-packs/cities/lavras-mg.json", "utf8");
export const jardim = readFileSync("app/domain/rule-packs/cities/jardim-ms.json", "utf8");
/** The units of the new town's law and of Patrocínio's, as a new entry may cite them. */
export const NEW_TOWN_UNITS: LawUnits = citableUnits(LAW_LABEL, structureOfLaw(LAW).units);
export const PATROCINIO_UNITS: LawUnits = citableUnits(
  "Lei 4.883/2017",
  structureOfLaw(readFileSync("app/domain/rule-packs/cities/patrocinio-mg.law.txt", "utf8")).units,
);

/** An entry's fields by its place in the list (several entries may share a key), with these changes. */
export function typedAt(name: ListName, text: string, index: number, change: Record<string, string> = {}) {
  return typedEntry(
    name,
    view(name, text).entries.find((e) => e.index === index)!,
    change,
  );
}
const typedEntry = (name: ListName, e: ListEntry, change: Record<string, string> = {}) =>
  Object.fromEntries([
    [`${name}.${e.index}.chave`, e.key],
    ...Object.entries({ ...e.values, ...change }).map(([field, value]) => [`${name}.${e.index}.${field}`, value]),
  ]);
/** Every entry's fields as the form sends them, unchanged. */
export const typedAll = (name: ListName, text: string): Record<string, string> =>
  Object.assign({}, ...view(name, text).entries.map((e) => typedEntry(name, e)));
/** The new entry's fieldset as typed: what it shows at first, then the typing. */
export const typedNew = (name: ListName, text: string, typed: Record<string, string>) =>
  Object.fromEntries(
    Object.entries({ ...view(name, text).create!.values, ...typed }).map(([k, v]) => [`${name}.novo.${k}`, v]),
  );
/** The list written with the law's units a new entry may cite. */
export const writeCited = (name: ListName, text: string, typed: Record<string, string>, units: LawUnits) =>
  withListFields(LIST_EDITORS[name], name, JSON.parse(text), typed, units);
