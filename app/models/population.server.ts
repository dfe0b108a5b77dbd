// The municipality's population and its quotas, counted as approval counts them (application-facts).
import { quotaLimit } from "~/domain/eligibility";
import { invalid } from "~/domain/refusal";
import type { Category, QuotaUnit, RulePack } from "~/domain/rule-packs";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { listAuditEvents } from "./audit-log.server";
import { activePack } from "./rule-pack.server";

const IN_FORCE = { in: ["ACTIVE", "SUSPENDED"] };

/** What counts per unit: a person's permissions, operators' certificates (concessions), vistoria seals (vehicles). */
export function countInForce(municipalityId: string, category: string, unit: QuotaUnit) {
  const where =
    unit === "PERMISSAO"
      ? { type: "CERTIFICADO", holderPersonId: { not: null } }
      : unit === "CONCESSAO"
        ? { type: "CERTIFICADO_OPERADOR" }
        : { type: "SELO_VISTORIA" };
  return db.credential.count({ where: { municipalityId, category, status: IN_FORCE, ...where } });
}

type QuotaRow = {
  category: Category;
  categoryLabel: string;
  unit: QuotaUnit;
  inhabitantsPerUnit: number | null;
  limit: number | null;
  inForce: number;
  available: number | null;
  citation: string;
};

export async function quotaOverview(
  municipality: { id: string; rulePackId: string; population: number },
  pack?: RulePack,
): Promise<QuotaRow[]> {
  const p = pack ?? (await activePack(municipality));
  const rows: QuotaRow[] = [];
  for (const offer of p.categories) {
    for (const q of quotaLimit(p, offer.code, municipality.population)) {
      const inForce = await countInForce(municipality.id, offer.code, q.unit);
      rows.push({
        category: offer.code,
        categoryLabel: offer.label,
        unit: q.unit,
        inhabitantsPerUnit: q.inhabitantsPerUnit,
        limit: q.limit,
        inForce,
        available: q.limit === null ? null : Math.max(q.limit - inForce, 0),
        citation: q.citation,
      });
    }
  }
  return rows;
}

type PopulationUpdate = { population: number; source: string; date: string };

/** The gestor records a new population figure (with its source and reference date): audited, before and after. */
export async function updatePopulation(municipalityId: string, input: PopulationUpdate, actor: Actor) {
  if (!Number.isInteger(input.population) || input.population < 1) throw invalid("População inválida.");
  return db.$transaction(async (tx) => {
    const before = await tx.municipality.findUniqueOrThrow({
      where: { id: municipalityId },
      select: { population: true, populationSource: true, populationDate: true },
    });
    const after = await tx.municipality.update({
      where: { id: municipalityId },
      data: { population: input.population, populationSource: input.source, populationDate: input.date },
    });
    await audit(tx, actor, {
      action: "municipality.population",
      subjectType: "Municipality",
      subjectId: municipalityId,
      municipalityId,
      before: { population: before.population, source: before.populationSource, date: before.populationDate },
      after: { population: input.population, source: input.source, date: input.date },
    });
    return after;
  });
}

/** The population's history, newest first, from the audit trail. */
export async function populationHistory(municipalityId: string) {
  const events = await listAuditEvents(
    { subjectType: "Municipality", subjectId: municipalityId, action: "municipality.population" },
    20,
  );
  return events.map((e) => ({
    seq: e.seq,
    at: e.at,
    who: e.actorName,
    before: JSON.parse(e.beforeJson ?? "{}") as { population?: number; source?: string; date?: string | null },
    after: JSON.parse(e.afterJson ?? "{}") as { population?: number; source?: string; date?: string | null },
  }));
}
