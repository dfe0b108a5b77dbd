// Rule packs in use (ADR 069). A municipality's pack is its latest published version already in
// effect: new parameter values over the shipped pack (the older rows), or a whole document written
// in the portal (documentJson). Every version is kept and a decision records its own, so it can be
// re-evaluated exactly later. Rows never change, so a loaded version is memoised by its id.
import { conflict } from "~/domain/refusal";
import { documentOfPack, nextMinorVersion, packFromDocument, type RulePack, withParameters } from "~/domain/rule-packs";
import { RULE_PACK_SCHEMA_PATH } from "~/domain/rule-packs/json-schema";
import { allPacks, getPack } from "~/domain/rule-packs/shipped";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";

export const knownRulePackIds = (): string[] => allPacks.map((p) => p.id);

type MunicipalityPack = { id: string; rulePackId: string };
type VersionRow = { id: string; version: string; parametersJson: string; documentJson: string | null };

/** Loaded versions by row id: a row never changes, so nothing here needs invalidating. */
const loaded = new Map<string, RulePack>();
const LOADED_MAX = 256;

function rebuild(packId: string, row: VersionRow): RulePack {
  const hit = loaded.get(row.id);
  if (hit) return hit;
  let pack: RulePack;
  if (row.documentJson) {
    pack = packFromDocument(JSON.parse(row.documentJson));
  } else {
    const overrides = JSON.parse(row.parametersJson) as Record<string, number | null>;
    pack = withParameters(shipped(packId), overrides, { version: row.version });
  }
  if (loaded.size >= LOADED_MAX) loaded.delete(loaded.keys().next().value!);
  loaded.set(row.id, pack);
  return pack;
}

/** The shipped pack, for a town on one; a town whose pack is written in the portal has none until its first publication. */
function shipped(packId: string): RulePack {
  const pack = getPack(packId);
  if (!pack)
    throw conflict(
      "O município ainda não tem regras publicadas: o gestor escreve o pacote em Regras e outra pessoa publica.",
    );
  return pack;
}

/**
 * Versions already in effect at `now`. The one in force is the latest to take effect: rows written
 * since ADR 069 carry their effective instant (their publication when immediate); older rows have
 * none and predate them all.
 */
const inEffect = (municipality: MunicipalityPack, now: Date) => ({
  where: {
    municipalityId: municipality.id,
    packId: municipality.rulePackId,
    OR: [{ effectiveFrom: null }, { effectiveFrom: { lte: now } }],
  },
  orderBy: [{ effectiveFrom: { sort: "desc" as const, nulls: "last" as const } }, { publishedAt: "desc" as const }],
});

/** The row in force and its pack; no pack for a town written in the portal before its first publication. */
async function inForceOrNone(municipality: MunicipalityPack, now: Date) {
  const row = await db.rulePackVersion.findFirst(inEffect(municipality, now));
  return { row, pack: row ? rebuild(municipality.rulePackId, row) : (getPack(municipality.rulePackId) ?? null) };
}

async function inForce(municipality: MunicipalityPack, now: Date) {
  const { row, pack } = await inForceOrNone(municipality, now);
  return { row, pack: pack ?? shipped(municipality.rulePackId) };
}

/** The pack in force for the municipality at `now` (today by default). */
export async function activePack(municipality: MunicipalityPack, now = new Date()): Promise<RulePack> {
  return (await inForce(municipality, now)).pack;
}

/** Whether the municipality has a pack in force at `now` (a new city has none until its first publication). */
export async function hasPackInForce(municipality: MunicipalityPack, now = new Date()): Promise<boolean> {
  if (getPack(municipality.rulePackId)) return true;
  return (await db.rulePackVersion.count({ where: inEffect(municipality, now).where })) > 0;
}

/**
 * The towns a driver or a company may apply to at `now`, each with its pack in force: open (active)
 * and with rules in effect. A town whose first publication starts on a later day is open but not yet
 * in service, and must not break the choice of every other town.
 */
export async function municipalitiesInService(now = new Date()) {
  const open = await db.municipality.findMany({ where: { active: true }, orderBy: { name: "asc" } });
  const inService = [];
  for (const municipality of open) {
    // One read per town: the pack in force, or none yet.
    const { pack } = await inForceOrNone(municipality, now);
    if (pack) inService.push({ municipality, pack });
  }
  return inService;
}

/** The newest version published (in effect or scheduled), or null when only the shipped pack exists. */
export function latestVersionRow(municipality: MunicipalityPack) {
  return db.rulePackVersion.findFirst({
    where: { municipalityId: municipality.id, packId: municipality.rulePackId },
    orderBy: { publishedAt: "desc" },
    select: { id: true, version: true },
  });
}

/** Every version number the municipality has published, in effect or scheduled. */
export async function publishedVersions(municipality: MunicipalityPack): Promise<Set<string>> {
  const rows = await db.rulePackVersion.findMany({
    where: { municipalityId: municipality.id },
    select: { version: true },
  });
  const shippedVersion = getPack(municipality.rulePackId)?.version;
  return new Set([...rows.map((r) => r.version), ...(shippedVersion ? [shippedVersion] : [])]);
}

/** The first number after `from` by `step` that no version has taken yet. */
export function freeVersion(from: string, step: (v: string) => string, taken: ReadonlySet<string>): string {
  let version = step(from);
  while (taken.has(version)) version = step(version);
  return version;
}

/** A version published with a later effective day, if any: what will replace the pack in force. */
export async function scheduledVersion(municipality: MunicipalityPack, now = new Date()) {
  return db.rulePackVersion.findFirst({
    where: { municipalityId: municipality.id, packId: municipality.rulePackId, effectiveFrom: { gt: now } },
    orderBy: { publishedAt: "desc" },
    select: { version: true, effectiveFrom: true },
  });
}

/** A past version, to re-evaluate a decision taken under it. */
export async function packAtVersion(municipality: MunicipalityPack, version: string): Promise<RulePack> {
  const base = getPack(municipality.rulePackId);
  if (base && version === base.version) return base;
  const row = await db.rulePackVersion.findFirst({
    where: { municipalityId: municipality.id, packId: municipality.rulePackId, version },
  });
  if (!row)
    throw new Error(`Versão ${version} do pacote ${municipality.rulePackId} não publicada em ${municipality.id}`);
  return rebuild(municipality.rulePackId, row);
}

/** The pack in force as the document an editor starts from. */
export async function activePackDocument(municipality: MunicipalityPack): Promise<string> {
  return documentOfPack(await activePack(municipality), RULE_PACK_SCHEMA_PATH);
}

/**
 * Publishes new parameter values as a new version (validated by the pack's schema), in effect at
 * once. It stands on the pack in force and is written whole, so it needs no other row to load.
 */
export async function publishParameters(
  municipality: MunicipalityPack,
  values: Record<string, number | null>,
  note: string | null,
  actor: Actor,
) {
  const now = new Date();
  const { pack: current, row: currentRow } = await inForce(municipality, now);
  const merged = {
    ...Object.fromEntries(
      Object.entries(current.parameters)
        .filter(([, p]) => p.editable)
        .map(([k, p]) => [k, p.value]),
    ),
    ...values,
  };
  const version = freeVersion(current.version, nextMinorVersion, await publishedVersions(municipality));
  const next = withParameters(current, merged, { version });
  return db.$transaction(async (tx) => {
    const row = await tx.rulePackVersion.create({
      data: {
        municipalityId: municipality.id,
        packId: next.id,
        version: next.version,
        parametersJson: JSON.stringify(merged),
        // Over a document version, the new one is written whole; over the shipped pack, the values suffice.
        documentJson: currentRow?.documentJson ? JSON.stringify(next) : null,
        effectiveFrom: now,
        note,
        publishedById: actor.userId,
      },
    });
    await audit(tx, actor, {
      action: "rule_pack.publish",
      subjectType: "RulePackVersion",
      subjectId: row.id,
      municipalityId: municipality.id,
      before: { version: current.version },
      after: { version: next.version, values },
    });
    return next;
  });
}

/** The pack that applies to a municipality by IBGE code (public eligibility API). */
export async function activePackByIbge(ibge: string): Promise<RulePack | undefined> {
  const m = await db.municipality.findUnique({ where: { ibgeCode: ibge } });
  if (m && m.active && (await hasPackInForce(m))) return activePack(m);
  return undefined;
}
