// The draft's lists as the forms send them, for the tests of list-editors.ts and
// credential-editors.ts: the new town's draft with every proposal included, an entry's fields as
// typed, and the list written back.
import { readFileSync } from "node:fs";
import { citationFor } from "~/domain/laws/citation";
import { acceptAllProposals } from "~/domain/rule-packs/accept-proposal";
import { LIST_EDITORS, type ListName } from "~/domain/rule-packs/list-editors";
import { listView, withListFields } from "~/domain/rule-packs/list-fields";
import { MOTOTAXI_DRAFT, proposals } from "./new-town-draft";

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
