// The federal baseline layered under a municipal pack for one category and mode (pure). Shared
// rules merge with the stricter winning; a conflict makes the pack refuse to load; the vehicle
// floor applies wherever the person brings a vehicle (ADR 060). docs/rule-packs.md, ADR 013.
import type { BaselinePack } from "./federal";
import { federalBr } from "./federal-br";
import { mergeDocuments, mergeRules, mergeVistoria } from "./merge";
import type { DocumentRequirement, PersonRule, RulePack, VehicleRule, VistoriaSpec } from "./schema";
import { rulesFor } from "./select";
import type { Category, Mode } from "./vocabulary";
import { notApplicableRow, type WithoutObject, withoutObjectSplit } from "./without-object";

/** Where a merged rule comes from: whose citation decides, who else asks the same, whose weaker rule it replaces. */
export interface Layer {
  layer: "MUNICIPAL" | "FEDERAL" | "BOTH";
  /** Same requirement, asked also by these provisions. */
  alsoRequiredBy: string[];
  /** A weaker requirement on the same question, superseded by this one. */
  stricterThan: string[];
}

export type LayeredPersonRule = PersonRule & Layer;
export type LayeredVehicleRule = VehicleRule & Layer;
export type LayeredDocument = DocumentRequirement & Layer;
export type LayeredVistoriaItem = VistoriaSpec["items"][number] & Omit<Layer, "stricterThan">;
export type LayeredVistoria = Omit<VistoriaSpec, "items"> & Layer & { items: LayeredVistoriaItem[] };
interface LayeredServiceRequirement {
  code: string;
  label: string;
  citation: string;
  alsoRequiredBy: string[];
}

export interface Conflict {
  rule: string;
  problem: string;
}

export interface LayeredRules {
  baseline: { id: string; version: string };
  personRules: LayeredPersonRule[];
  vehicleRules: LayeredVehicleRule[];
  documents: LayeredDocument[];
  vistoria: LayeredVistoria | null;
  serviceRequirements: LayeredServiceRequirement[];
  /** What the law names but cannot be asked today; never in `documents`. */
  withoutObject: WithoutObject[];
  /** Municipal and federal rules that cannot both hold; empty for every pack that loaded. */
  conflicts: Conflict[];
}

/** The municipal pack has vehicle rules or a vistoria for this category and mode. */
export function registersVehicle(pack: RulePack, category: Category, mode: Mode): boolean {
  return rulesFor(pack.vehicleRules, category, mode).length > 0 || rulesFor(pack.vistorias, category, mode).length > 0;
}

/** The federal vehicle floor applies wherever the person brings a vehicle (ADR 060); a preposto drives the titular's. */
export function federalVehicleFloorApplies(pack: RulePack, category: Category, mode: Mode): boolean {
  return mode !== "PREPOSTO" || registersVehicle(pack, category, mode);
}

/** The municipal pack's rules for a category and mode with the federal baseline layered under them. */
export function layeredRules(
  pack: RulePack,
  category: Category,
  mode: Mode,
  baseline: BaselinePack = federalBr,
): LayeredRules {
  const conflicts: Conflict[] = [];
  const own = withoutObjectSplit(pack, rulesFor(pack.documents, category, mode), baseline);
  const vehicle = federalVehicleFloorApplies(pack, category, mode);
  const fedDocs = rulesFor(baseline.documents, category, mode).filter((d) => d.subject === "PERSON" || vehicle);
  const serviceRequirements: LayeredServiceRequirement[] = pack.serviceRequirements
    .filter((s) => !s.appliesTo || rulesFor([{ appliesTo: s.appliesTo }], category, mode).length > 0)
    .map((s) => ({ code: s.code, label: s.label, citation: s.citation, alsoRequiredBy: [] }));
  for (const f of rulesFor(baseline.serviceRequirements, category, mode)) {
    const same = serviceRequirements.find((s) => s.code === f.code || f.sameAs.includes(s.code));
    if (same) same.alsoRequiredBy.push(f.citation);
    else serviceRequirements.push({ code: f.code, label: f.label, citation: f.citation, alsoRequiredBy: [] });
  }
  return {
    baseline: { id: baseline.id, version: baseline.version },
    personRules: mergeRules(
      rulesFor(pack.personRules, category, mode),
      rulesFor(baseline.personRules, category, mode),
      conflicts,
    ),
    vehicleRules: mergeRules(
      rulesFor(pack.vehicleRules, category, mode),
      vehicle ? rulesFor(baseline.vehicleRules, category, mode) : [],
      conflicts,
    ),
    documents: mergeDocuments(own.asked, fedDocs, conflicts),
    vistoria: mergeVistoria(
      rulesFor(pack.vistorias, category, mode)[0],
      vehicle ? rulesFor(baseline.vistorias, category, mode)[0] : undefined,
      conflicts,
    ),
    serviceRequirements,
    withoutObject: [
      ...own.withoutObject,
      ...rulesFor(baseline.notApplicable, category, mode)
        .filter((n) => !pack.documents.some((d) => d.withoutObject?.basis === n.code))
        .map((n) => ({ ...notApplicableRow(n), layer: "FEDERAL" as const, askParameter: null })),
    ],
    conflicts,
  };
}

/** Every conflict between the pack and the baseline, over every category and mode the pack offers. */
export function baselineConflicts(
  pack: RulePack,
  baseline: BaselinePack = federalBr,
): Array<Conflict & { category: Category; mode: Mode }> {
  return pack.categories.flatMap((c) =>
    c.modes.flatMap(({ mode }) =>
      layeredRules(pack, c.code, mode, baseline).conflicts.map((x) => ({ ...x, category: c.code, mode })),
    ),
  );
}
