// The eligibility engine: one generic evaluation of any rule pack; nothing here knows a city.
// A missing fact is PENDING, never PASS.
import {
  applies,
  categoryOffer,
  federalBr,
  type Layer,
  type LayeredDocument,
  type LayeredRules,
  layeredRules,
  offers,
  rulesFor,
  type VehicleRule,
} from "~/domain/rule-packs";
import { formatDate } from "../format";
import { addDuration, compareDates, type IsoDate, parseIsoDate } from "./calendar";
import type { CheckContext } from "./check";
import { assessDocuments } from "./documents";
import { operatorCheck } from "./operator-checks";
import { idCardChecks, personCheck } from "./person-checks";
import { quotaChecks } from "./quotas";
import { carryOverDecision, renewalCounting, renewedValidUntil } from "./renewal";
import type {
  ActPreview,
  Check,
  CredentialPreview,
  DocumentOnFile,
  EvaluationInput,
  EvaluationResult,
  RenewalOutcome,
  VistoriaSchedule,
} from "./types";
import { credentialValidUntil, silentLawValidity } from "./validity";
import { vehicleAge, vehicleCheck } from "./vehicle-checks";

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

/** Reasons a carried document still valid today is set aside at a renewal (ADR 057). */
const DROPPED = new Set<string>(["YEARLY", "ENDS_SOON", "NO_ISSUE_DATE", "NO_EXPIRY_DATE"]);

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
  const nextVistoria = vistoriaSchedule(layers, date);
  const credentials = credentialPreviews(input, nextVistoria);
  const renewal = input.renewal ? renewalOutcome(input, layers.documents, credentials) : undefined;
  const askedAgain = new Map(renewal?.asked.map((a) => [a.type, a]));
  // A paper valid today but not for long enough is set aside, so its row asks for a new one.
  const setAside = (d: DocumentOnFile) => d.carried && DROPPED.has(askedAgain.get(d.type)?.reason ?? "");
  const requiredDocuments = assessDocuments(
    pack,
    category,
    mode,
    date,
    (input.documents ?? []).filter((d) => !setAside(d)),
    { vehicleOverMaxAge: age !== undefined && !age.withinLimit, vehicle },
    layers.documents,
  );
  // What a renewal asks again says why on its own row (ADR 057).
  for (const row of requiredDocuments) {
    const asked = askedAgain.get(row.type);
    if (asked && row.status === "MISSING") row.reason = asked.message;
  }

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
    credentials,
    nextVistoria,
    act: actPreview(input),
    baseline: layers.baseline,
    withoutObject: layers.withoutObject,
    ...(renewal ? { renewal } : {}),
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
  const extra = spec.discretionaryVistorias;
  if (extra)
    schedule.discretionaryVistorias = {
      period: extra.period,
      nextOn: addDuration(date, extra.period),
      citation: extra.citation,
    };
  return schedule;
}

function credentialPreviews(
  { pack, category, mode, date, renewal }: EvaluationInput,
  vistoria: VistoriaSchedule | null,
): CredentialPreview[] {
  return rulesFor(pack.credentials, category, mode).map((c) => {
    const counting = renewalCounting(c);
    const previousUntil = renewal?.previous.find((p) => p.type === c.type)?.validUntil ?? null;
    // A renewal's term follows the old one where the pack says so (ADR 057); a first issue's runs from today.
    const until = (duration: string) =>
      renewal ? renewedValidUntil(counting, duration, previousUntil, date) : credentialValidUntil(date, duration);
    const preview: CredentialPreview = {
      type: c.type,
      label: c.label,
      citation: c.citation,
      validFrom: date,
      validUntil: null,
      issuedOn: c.issuedOn,
    };
    if (c.validity.kind === "DURATION") {
      preview.validUntil = until(c.validity.duration);
      preview.validityCitation = c.validity.citation;
      preview.validitySource = "LAW";
    } else if (c.validity.kind === "UNTIL_NEXT_VISTORIA" && vistoria) {
      preview.validUntil = vistoria.nextOn;
      preview.validityCitation = c.validity.citation;
      preview.validitySource = "LAW";
    } else if (c.validity.kind === "NOT_SET") {
      // The law is silent: the municipality's parameter, "definido pela prefeitura", never a citation.
      const parameter = silentLawValidity(pack);
      preview.validUntil = until(parameter.duration);
      preview.validitySource = "MUNICIPALITY_PARAMETER";
      preview.validityParameter = parameter;
    }
    preview.renewal = previousUntil ? { ...counting, previousUntil } : counting;
    return preview;
  });
}

/** Which carried documents a renewal keeps and which it asks again (carryOverDecision, ADR 057). */
function renewalOutcome(
  input: EvaluationInput,
  requirements: readonly LayeredDocument[],
  credentials: CredentialPreview[],
): RenewalOutcome {
  const ends = credentials.flatMap((c) => (c.validUntil ? [c.validUntil] : [])).sort(compareDates);
  const horizon = { date: input.date, newValidUntil: ends[0] ?? input.date };
  const outcome: RenewalOutcome = { carried: [], asked: [] };
  for (const doc of input.documents ?? []) {
    const req = doc.carried ? requirements.find((r) => r.type === doc.type) : undefined;
    if (!req) continue;
    const decision = carryOverDecision(req, doc, input.pack, horizon);
    if (decision.decision === "CARRIED") outcome.carried.push(decision);
    else outcome.asked.push(decision);
  }
  return outcome;
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
