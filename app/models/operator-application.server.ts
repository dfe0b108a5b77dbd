// The operator's credenciamento application: engine input, evaluation and submission, with the same
// transitions and review as a driver's.
import { type ApplicationStatus, sendAction } from "~/domain/applications/status";
import { type DocumentOnFile, evaluate, type EvaluationInput } from "~/domain/eligibility";
import type { Category, RulePack } from "~/domain/rule-packs";
import type { Actor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { applyAction, submissionBlockers, today } from "./application.server";
import { documentsOnFile, renewalFacts } from "./application-facts.server";
import type { OperatorFactsDraft } from "./operator.server";
import { countInForce } from "./population.server";
import { packAtVersion } from "./rule-pack.server";

type OperatorApplication = {
  id: string;
  municipalityId: string;
  operatorId: string | null;
  category: string;
  draftJson: string;
  renewalOfId?: string | null;
  packVersion: string;
  status: string;
};

export function operatorFacts(draftJson: string): OperatorFactsDraft {
  try {
    const facts = (JSON.parse(draftJson) as { operator?: OperatorFactsDraft }).operator ?? {};
    return {
      headOfficeHere: typeof facts.headOfficeHere === "boolean" ? facts.headOfficeHere : undefined,
      branchHere: typeof facts.branchHere === "boolean" ? facts.branchHere : undefined,
      declaredAssetsBrl: typeof facts.declaredAssetsBrl === "number" ? facts.declaredAssetsBrl : undefined,
    };
  } catch {
    return {};
  }
}

/** The engine's input for an operator's application; its own concessions are not counted (a renewal). */
async function operatorEvaluationInput(
  app: OperatorApplication,
  pack: RulePack,
  date: string,
): Promise<EvaluationInput> {
  const operator = app.operatorId ? await db.operator.findUnique({ where: { id: app.operatorId } }) : null;
  const facts = operatorFacts(app.draftJson);
  const here = pack.municipality.ibge;
  const documents: DocumentOnFile[] = await documentsOnFile(app);
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: app.municipalityId } });
  const [concessions, own] = await Promise.all([
    countInForce(app.municipalityId, app.category, "CONCESSAO"),
    app.operatorId
      ? db.credential.count({
          where: {
            municipalityId: app.municipalityId,
            category: app.category,
            type: "CERTIFICADO_OPERADOR",
            holderOperatorId: app.operatorId,
            status: { in: ["ACTIVE", "SUSPENDED"] },
          },
        })
      : Promise.resolve(0),
  ]);
  return {
    pack,
    category: app.category as Category,
    mode: "OPERADORA",
    date,
    operator: {
      name: operator?.legalName ?? null,
      // "Elsewhere" is any code other than the municipality's (the form asks yes or no).
      headOfficeMunicipalityIbge: facts.headOfficeHere === undefined ? null : facts.headOfficeHere ? here : "0000000",
      branchMunicipalityIbges:
        facts.branchHere === undefined ? (facts.headOfficeHere ? [] : null) : facts.branchHere ? [here] : [],
      declaredAssetsBrl: facts.declaredAssetsBrl ?? null,
    },
    documents,
    quota: { population: municipality.population, inForce: { CONCESSAO: concessions - own } },
    renewal: await renewalFacts(app),
  };
}

/** The evaluation of the operator's application under the pack version it is judged by. */
export async function evaluateOperatorApplication(app: OperatorApplication, date?: string) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: app.municipalityId } });
  date ??= today(new Date(), municipality.timeZone);
  const pack = await packAtVersion(municipality, app.packVersion);
  return { pack, result: evaluate(await operatorEvaluationInput(app, pack, date)) };
}

/** Sends the application to review (or back, after corrections) when nothing blocks it. */
export async function submitOperatorApplication(app: OperatorApplication, actor: Actor) {
  const { result } = await evaluateOperatorApplication(app);
  const blockers = submissionBlockers(result);
  if (blockers.length) return { ok: false as const, blockers };
  await applyAction(app.id, sendAction(app.status) ?? "submit", actor, {
    expectedStatus: app.status as ApplicationStatus,
  });
  return { ok: true as const };
}

/** Saves the company facts the operator rules read (head office, branch, assets) while editable. */
export async function saveOperatorFacts(app: { id: string; draftJson: string }, facts: OperatorFactsDraft) {
  const draft = JSON.parse(app.draftJson || "{}") as Record<string, unknown>;
  await db.application.update({
    where: { id: app.id },
    data: { draftJson: JSON.stringify({ ...draft, operator: facts }) },
  });
}
