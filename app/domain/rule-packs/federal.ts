// The federal baseline's format: a municipal pack's rule types, no acts, fees or infractions;
// never evaluated alone, only layered under a pack (compose.ts, ADR 013).
import { z } from "zod";
import { RulePackValidationError } from "./errors";
import { zDocumentRequirement, zPersonRule, zServiceRequirement, zVehicleRule, zVistoriaSpec } from "./schema";
import { applies } from "./select";
import {
  ACT_LABEL_RE,
  type AppliesTo,
  CATEGORIES,
  citedAct,
  PERSON_MODES,
  zAppliesTo,
  zCitation,
  zCode,
  zDuration,
  zIsoDate,
} from "./vocabulary";

/** Who a federal rule is about: the person, or the vehicle (then only where the municipal pack registers one). */
const zBaselineSubject = z.enum(["PERSON", "VEHICLE"]);

const zBaselineDocument = zDocumentRequirement.extend({
  subject: zBaselineSubject,
  /** Municipal document types that are the same paper (Jardim's "certidão do distribuidor cível e criminal" is CTB art. 329's certificate). */
  sameAs: z.array(zCode).default([]),
});

const zBaselineVistoria = zVistoriaSpec.extend({
  /** The equipment federal law asks to be inspected; the period only where federal law sets one. */
  period: zDuration.optional(),
  periodCitation: zCitation.optional(),
  items: z
    .array(
      z.strictObject({
        code: zCode,
        label: z.string().min(1),
        safety: z.boolean(),
        citation: zCitation,
        /** Municipal item codes that inspect the same equipment (Jardim's "bancos e suportes"). */
        sameAs: z.array(zCode).default([]),
      }),
    )
    .min(1),
});

const zBaselineServiceRequirement = zServiceRequirement.extend({
  appliesTo: zAppliesTo,
  sameAs: z.array(zCode).default([]),
});

/** Items federal law names but that do not apply today, each with the reason (DPVAT, no longer collected). */
const zNotApplicable = z.strictObject({
  code: zCode,
  label: z.string().min(1),
  citation: zCitation,
  appliesTo: zAppliesTo,
  reason: z.string().min(1),
  /** The acts that took the item's object away (free text: the act, and what it did). */
  basis: z.array(z.string().min(1)).min(1),
});
export type NotApplicable = z.infer<typeof zNotApplicable>;

const zBaselinePack = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/, 'id como "federal-br"'),
  version: z.string().regex(/^\d+\.\d+\.\d+$/, "versão semântica (1.0.0)"),
  acts: z
    .array(
      z.strictObject({
        label: z.string().regex(ACT_LABEL_RE, 'rótulo como "Lei 12.009/2009"'),
        title: z.string().min(1),
        date: zIsoDate,
      }),
    )
    .min(1),
  personRules: z.array(zPersonRule).default([]),
  vehicleRules: z.array(zVehicleRule).default([]),
  documents: z.array(zBaselineDocument).default([]),
  vistorias: z.array(zBaselineVistoria).default([]),
  serviceRequirements: z.array(zBaselineServiceRequirement).default([]),
  notApplicable: z.array(zNotApplicable).default([]),
  /** What the baseline leaves out on purpose, and why. */
  notes: z.array(z.string().min(1)).default([]),
});
export type BaselinePackInput = z.input<typeof zBaselinePack>;
export type BaselinePack = z.output<typeof zBaselinePack>;

function* citations(node: unknown, path: PropertyKey[] = []): Generator<[string, PropertyKey[]]> {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) yield* citations(node[i], [...path, i]);
  } else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "citation" || k === "periodCitation") {
        if (typeof v === "string") yield [v, path];
      } else yield* citations(v, [...path, k]);
    }
  }
}

function nameAt(pack: BaselinePack, path: PropertyKey[]): string {
  let node: unknown = pack;
  let name = path.map(String).join(".");
  for (const key of path) {
    node = (node as Record<PropertyKey, unknown>)?.[key];
    const r = node as Record<string, unknown> | undefined;
    const own = r && [r.id, r.code, r.type].find((v) => typeof v === "string");
    if (typeof own === "string") name = own;
  }
  return name;
}

/** Freezes a parsed pack all the way down. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

const overlaps = (a: AppliesTo, b: AppliesTo) =>
  CATEGORIES.some((c) => PERSON_MODES.some((m) => applies(a, c, m) && applies(b, c, m)));

function problems(pack: BaselinePack): Array<{ rule: string; problem: string }> {
  const found: Array<{ rule: string; problem: string }> = [];
  const acts = new Set(pack.acts.map((a) => a.label));
  for (const [citation, path] of citations(pack)) {
    if (!acts.has(citedAct(citation)))
      found.push({
        rule: nameAt(pack, path),
        problem: `a citação "${citation}" não é de um dos atos da camada federal (${[...acts].join("; ")})`,
      });
  }
  const targeted: Array<{ name: string; appliesTo: AppliesTo; key: string }> = [
    ...pack.personRules.map((r) => ({ name: r.id, appliesTo: r.appliesTo, key: `check:${r.id}` })),
    ...pack.vehicleRules.map((r) => ({ name: r.id, appliesTo: r.appliesTo, key: `check:${r.id}` })),
    ...pack.documents.map((d) => ({ name: d.type, appliesTo: d.appliesTo, key: `doc:${d.type}` })),
    ...pack.vistorias.map((v) => ({ name: v.id, appliesTo: v.appliesTo, key: `vistoria:${v.id}` })),
    ...pack.serviceRequirements.map((s) => ({ name: s.code, appliesTo: s.appliesTo, key: `service:${s.code}` })),
  ];
  for (const t of targeted) {
    if (!t.appliesTo.categories)
      found.push({ rule: t.name, problem: "uma regra federal nomeia as categorias a que se aplica" });
    if (t.appliesTo.modes.some((m) => m === "OPERADORA"))
      found.push({
        rule: t.name,
        problem: "a camada federal trata de pessoas físicas: o modo OPERADORA não se aplica",
      });
  }
  targeted.forEach((a, i) =>
    targeted.slice(i + 1).forEach((b) => {
      if (a.key === b.key && overlaps(a.appliesTo, b.appliesTo))
        found.push({
          rule: a.name,
          problem: "duas regras com o mesmo identificador se aplicam à mesma categoria e modo",
        });
    }),
  );
  for (const v of pack.vistorias) {
    if ((v.period === undefined) !== (v.periodCitation === undefined))
      found.push({ rule: v.id, problem: "período e citação do período vão juntos" });
  }
  for (const d of pack.documents) {
    if (d.validity.kind === "RECENT")
      found.push({ rule: d.type, problem: 'a camada federal não tem parâmetros: "recente" não se aplica' });
    if (d.condition) found.push({ rule: d.type, problem: "a camada federal não tem documentos condicionais" });
  }
  return found;
}

/** Parses, checks and freezes the federal baseline. Throws RulePackValidationError naming the rule at fault. */
export function defineBaseline(raw: BaselinePackInput): BaselinePack {
  const packId = typeof (raw as { id?: unknown })?.id === "string" ? (raw as { id: string }).id : "?";
  const parsed = zBaselinePack.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RulePackValidationError(packId, issue.path.map(String).join("."), issue.message);
  }
  const [first] = problems(parsed.data);
  if (first) throw new RulePackValidationError(packId, first.rule, first.problem);
  return deepFreeze(parsed.data);
}
