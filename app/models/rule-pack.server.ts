// Rule packs in use: the shipped pack with the gestor's published parameters. Every version is kept
// and a decision records its own, so it can be re-evaluated exactly later.
import { nextMinorVersion, type RulePack, withParameters } from "~/domain/rule-packs";
import { allPacks, getPack } from "~/domain/rule-packs/shipped";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";

export const knownRulePackIds = (): string[] => allPacks.map((p) => p.id);

function shipped(packId: string): RulePack {
  const pack = getPack(packId);
  if (!pack) throw new Error(`Pacote de regras desconhecido: ${packId}`);
  return pack;
}

function rebuild(base: RulePack, row: { version: string; parametersJson: string }): RulePack {
  const overrides = JSON.parse(row.parametersJson) as Record<string, number | null>;
  return withParameters(base, overrides, { version: row.version });
}

/** The pack in force for the municipality today. */
export async function activePack(municipality: { id: string; rulePackId: string }): Promise<RulePack> {
  const base = shipped(municipality.rulePackId);
  const latest = await db.rulePackVersion.findFirst({
    where: { municipalityId: municipality.id, packId: base.id },
    orderBy: { publishedAt: "desc" },
  });
  return latest ? rebuild(base, latest) : base;
}

/** A past version, to re-evaluate a decision taken under it. */
export async function packAtVersion(
  municipality: { id: string; rulePackId: string },
  version: string,
): Promise<RulePack> {
  const base = shipped(municipality.rulePackId);
  if (version === base.version) return base;
  const row = await db.rulePackVersion.findFirst({
    where: { municipalityId: municipality.id, packId: base.id, version },
  });
  if (!row) throw new Error(`Versão ${version} do pacote ${base.id} não publicada em ${municipality.id}`);
  return rebuild(base, row);
}

/** Publishes new parameter values as a new version (validated by the pack's schema). */
export async function publishParameters(
  municipality: { id: string; rulePackId: string },
  values: Record<string, number | null>,
  note: string | null,
  actor: Actor,
) {
  const current = await activePack(municipality);
  const merged = {
    ...Object.fromEntries(
      Object.entries(current.parameters)
        .filter(([, p]) => p.editable)
        .map(([k, p]) => [k, p.value]),
    ),
    ...values,
  };
  const next = withParameters(shipped(municipality.rulePackId), merged, { version: nextMinorVersion(current.version) });
  return db.$transaction(async (tx) => {
    const row = await tx.rulePackVersion.create({
      data: {
        municipalityId: municipality.id,
        packId: next.id,
        version: next.version,
        parametersJson: JSON.stringify(merged),
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
  if (m && m.active) return activePack(m);
  return undefined;
}
