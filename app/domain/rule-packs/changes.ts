// What a new text of the rules changes, in words (ADR 069): rule by rule, added, removed or
// changed with each field's value before and after, for the person who publishes it to read
// instead of a diff of JSON. Version and effective date are set by the publication, not compared.
import type { RulePack } from "./schema";

export type PackChange = {
  /** The part of the pack, in pt-BR ("Requisitos da pessoa"). */
  section: string;
  /** The rule's id, code, type or key. */
  item: string;
  kind: "added" | "removed" | "changed";
  /** For a change: each field that differs (a dotted path inside the rule). */
  fields: { path: string; before: string; after: string }[];
};

type Keyed = [string, unknown][];

/** Items of a list keyed by their id, code or type (a repeated key gets "#2", "#3"). */
function keyed(list: readonly unknown[]): Keyed {
  const seen = new Map<string, number>();
  return list.map((item, i) => {
    const r = (item ?? {}) as Record<string, unknown>;
    const own =
      typeof item === "string"
        ? short(item)
        : ([r.id, r.code, r.type, r.key].find((v) => typeof v === "string") as string | undefined);
    const base = own ?? String(i + 1);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return [n === 1 ? base : `${base} #${n}`, item];
  });
}

const entries = (o: object | undefined): Keyed => Object.entries(o ?? {});

const SECTIONS: [string, (p: RulePack) => Keyed][] = [
  [
    "Dados do pacote",
    (p) => [
      ["resumo", p.summary],
      ["lei", p.law],
      ["município", p.municipality],
      ["unidade fiscal", p.fiscalUnit],
    ],
  ],
  ["Categorias", (p) => keyed(p.categories)],
  ["Requisitos da pessoa", (p) => keyed(p.personRules)],
  ["Requisitos do veículo", (p) => keyed(p.vehicleRules)],
  ["Requisitos da operadora", (p) => keyed(p.operatorRules)],
  ["Documentos", (p) => keyed(p.documents)],
  ["Credenciais emitidas", (p) => keyed(p.credentials)],
  ["Vistorias", (p) => keyed(p.vistorias)],
  ["Taxas", (p) => keyed(p.fees)],
  ["Prazos e deveres", (p) => keyed(p.deadlines)],
  ["Em serviço", (p) => keyed(p.serviceRequirements)],
  ["Parâmetros", (p) => entries(p.parameters)],
  ["Infrações", (p) => keyed(p.infractions.catalogue)],
  ["Penalidades", (p) => entries(p.infractions).filter(([k]) => k !== "catalogue")],
  ["Silêncios da lei", (p) => keyed(p.silences)],
  ["Trechos citados", (p) => entries(p.quotes)],
];

/** Leaves of a value by dotted path, each as short JSON. */
function leaves(value: unknown, path = "", out = new Map<string, string>()): Map<string, string> {
  if (
    value !== null &&
    typeof value === "object" &&
    !(Array.isArray(value) && value.every((v) => typeof v !== "object"))
  ) {
    for (const [k, v] of Object.entries(value)) leaves(v, path ? `${path}.${k}` : k, out);
  } else {
    out.set(path || "valor", short(value));
  }
  return out;
}

function short(value: unknown): string {
  if (value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** Every change from `before` to `after`, in the order of the pack's parts. */
export function packChanges(before: RulePack, after: RulePack): PackChange[] {
  const changes: PackChange[] = [];
  for (const [section, items] of SECTIONS) {
    const old = new Map(items(before));
    const now = new Map(items(after));
    for (const [item, value] of now) {
      if (!old.has(item)) {
        changes.push({ section, item, kind: "added", fields: [] });
        continue;
      }
      const a = leaves(old.get(item));
      const b = leaves(value);
      const fields = [...new Set([...a.keys(), ...b.keys()])]
        .filter((path) => a.get(path) !== b.get(path))
        .map((path) => ({ path, before: a.get(path) ?? "—", after: b.get(path) ?? "—" }));
      if (fields.length) changes.push({ section, item, kind: "changed", fields });
    }
    for (const item of old.keys()) if (!now.has(item)) changes.push({ section, item, kind: "removed", fields: [] });
  }
  return changes;
}
