// The eligibility engine: one generic evaluation of any rule pack. Nothing here knows a city.
//
//   evaluate({ pack, category, mode, date, person, vehicle, operator, documents, quota })
//
// returns every check the pack asks for in that category and mode (PASS / FAIL / PENDING, with
// citation and a pt-BR message), the document checklist with statuses, the credentials that would
// be issued with their validity, the next vistoria and the act's term. A missing fact is PENDING.
import {
  applies,
  categoryOffer,
  federalBr,
  layeredRules,
  offers,
  rulesFor,
  type Layer,
  type LayeredRules,
  type VehicleRule,
} from "~/domain/rule-packs";
import { addDuration, compareDates, parseIsoDate, type IsoDate } from "./calendar";
import type { CheckContext } from "./check";
import { assessDocuments } from "./documents";
import { operatorCheck } from "./operator-checks";
import { idCardChecks, personCheck } from "./person-checks";
import { quotaChecks } from "./quotas";
import { vehicleAge, vehicleCheck } from "./vehicle-checks";
import type {
  ActPreview,
  Check,
  CredentialPreview,
  EvaluationInput,
  EvaluationResult,
  VistoriaSchedule,
} from "./types";
import { credentialValidUntil, silentLawValidity } from "./validity";
import { formatDate } from "../format";

export class EvaluationError extends Error {
  override name = "EvaluationError";
  constructor(
    readonly code: "category_not_offered" | "mode_not_offered" | "pack_not_in_force" | "invalid_date",
    message: string,
  ) {
    super(message);
  }
}

function validate(input: EvaluationInput): void {
  const { pack, category, mode, date } = input;
  try {
    parseIsoDate(date);
  } catch {
    throw new EvaluationError("invalid_date", `Data inválida: "${date}" (use AAAA-MM-DD).`);
  }
  if (!categoryOffer(pack, category)) {
    throw new EvaluationError(
      "category_not_offered",
      `${pack.municipality.name} não oferece a categoria ${category} (${pack.law.label}).`,
    );
  }
  if (!offers(pack, category, mode)) {
    throw new EvaluationError(
      "mode_not_offered",
      `Em ${pack.municipality.name}, a categoria ${category} não admite o modo ${mode} (${pack.law.label}).`,
    );
  }
  if (compareDates(date, pack.effectiveDate) < 0) {
    throw new EvaluationError(
      "pack_not_in_force",
      `A versão ${pack.version} do pacote ${pack.id} só vale a partir de ${formatDate(pack.effectiveDate)}.`,
    );
  }
}

export function evaluate(input: EvaluationInput): EvaluationResult {
  validate(input);
  const { pack, category, mode, date } = input;
  const person = input.person ?? {};
  const vehicle = input.vehicle ?? {};
  const operator = input.operator ?? {};

  // The municipal rules with the federal baseline under them (stricter wins; ADR 013).
  const layers = layeredRules(pack, category, mode, input.baseline ?? federalBr);
  const vehicleRules = layers.vehicleRules;
  const maxAge = vehicleRules.find((r): r is Extract<VehicleRule, { kind: "MAX_AGE" }> & Layer => r.kind === "MAX_AGE");
  const age = maxAge ? vehicleAge(maxAge, vehicle, date) : undefined;
  const requiredDocuments = assessDocuments(
    pack,
    category,
    mode,
    date,
    input.documents ?? [],
    { vehicleOverMaxAge: age !== undefined && !age.withinLimit, vehicle },
    layers.documents,
  );

  const ctx: CheckContext = { pack, date, person, vehicle, operator, documents: requiredDocuments };
  const checks = [
    ...layers.personRules.map((r) => withLayer(personCheck(r, ctx), r)),
    ...rulesFor(pack.operatorRules, category, mode).map((r) => operatorCheck(r, ctx)),
    ...vehicleRules.map((r) => withLayer(vehicleCheck(r, ctx), r)),
    ...quotaChecks(pack, category, mode, input.quota ?? {}),
    ...(pack.identificationCard && applies(pack.identificationCard.appliesTo, category, mode)
      ? idCardChecks(pack, ctx)
      : []),
  ];

  const nextVistoria = vistoriaSchedule(layers, date);
  const eligible =
    checks.every((c) => c.status === "PASS") &&
    requiredDocuments.every((d) => d.status === "ACCEPTED" || d.status === "EXPIRING");

  return {
    pack: { id: pack.id, version: pack.version, law: pack.law.label },
    date,
    category,
    mode,
    eligible,
    checks,
    requiredDocuments,
    credentials: credentialPreviews(input, nextVistoria),
    nextVistoria,
    act: actPreview(input),
    baseline: layers.baseline,
    withoutObject: layers.withoutObject,
  };
}

/** Records in the check's details which other provisions ask the same, or which weaker rule it supersedes. */
function withLayer(check: Check, rule: Layer): Check {
  if (rule.alsoRequiredBy.length) check.details.alsoRequiredBy = rule.alsoRequiredBy;
  if (rule.stricterThan.length) check.details.stricterThan = rule.stricterThan;
  return check;
}

function vistoriaSchedule({ vistoria: spec }: LayeredRules, date: IsoDate): VistoriaSchedule | null {
  if (!spec) return null;
  const schedule: VistoriaSchedule = {
    period: spec.period,
    nextOn: addDuration(date, spec.period),
    citation: spec.periodCitation,
    discretionary: spec.discretionary,
  };
  if (spec.alsoRequiredBy.length) schedule.alsoRequiredBy = spec.alsoRequiredBy;
  if (spec.stricterThan.length) schedule.stricterThan = spec.stricterThan;
  const extra = spec.discretionaryInspections;
  if (extra)
    schedule.discretionaryInspections = {
      period: extra.period,
      nextOn: addDuration(date, extra.period),
      citation: extra.citation,
    };
  return schedule;
}

function credentialPreviews(
  { pack, category, mode, date }: EvaluationInput,
  vistoria: VistoriaSchedule | null,
): CredentialPreview[] {
  return rulesFor(pack.credentials, category, mode).map((c) => {
    const preview: CredentialPreview = {
      type: c.type,
      label: c.label,
      citation: c.citation,
      validFrom: date,
      validUntil: null,
      issuedOn: c.issuedOn,
    };
    if (c.validity.kind === "DURATION") {
      preview.validUntil = credentialValidUntil(date, c.validity.duration);
      preview.validityCitation = c.validity.citation;
      preview.validitySource = "LAW";
    } else if (c.validity.kind === "UNTIL_NEXT_VISTORIA" && vistoria) {
      preview.validUntil = vistoria.nextOn;
      preview.validityCitation = c.validity.citation;
      preview.validitySource = "LAW";
    } else if (c.validity.kind === "NOT_SET") {
      // The law is silent: the municipality's parameter, "definido pela prefeitura", never a citation.
      const parameter = silentLawValidity(pack);
      preview.validUntil = credentialValidUntil(date, parameter.duration);
      preview.validitySource = "MUNICIPALITY_PARAMETER";
      preview.validityParameter = parameter;
    }
    if (c.renewal) preview.renewal = { ...c.renewal };
    return preview;
  });
}

function actPreview({ pack, category, mode, date }: EvaluationInput): ActPreview | null {
  const offer = categoryOffer(pack, category);
  const act = offer?.acts.find((a) => a.modes.includes(mode));
  if (!offer || !act) return null;
  const preview: ActPreview = { kind: act.kind, label: act.label, citation: act.citation };
  // The term of the permission/authorization (Patrocínio art. 6º) binds the titular's act only.
  if (offer.term && (act.kind === "PERMISSAO" || act.kind === "AUTORIZACAO" || act.kind === "CONCESSAO")) {
    preview.maxTermUntil = addDuration(date, offer.term.max);
    if (offer.term.extension) preview.extension = { ...offer.term.extension };
  }
  return preview;
}
