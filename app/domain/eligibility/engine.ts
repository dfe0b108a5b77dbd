// The eligibility engine: one generic evaluation of any rule pack. Nothing here knows a city.
//
//   evaluate({ pack, category, mode, date, person, vehicle, operator, documents, quota })
//
// returns every check the pack asks for in that category and mode (PASS / FAIL / PENDING, with
// citation and a pt-BR message), the document checklist with statuses, the credentials that would
// be issued with their validity, the next vistoria and the act's term. A missing fact is PENDING.
import { applies, categoryOffer, offers, rulesFor, type VehicleRule } from "~/domain/rule-packs";
import { addDuration, compareDates, formatBr, parseIsoDate } from "./calendar";
import type { CheckContext } from "./check";
import { assessDocuments } from "./documents";
import { operatorCheck } from "./operator-checks";
import { idCardChecks, personCheck } from "./person-checks";
import { quotaChecks } from "./quotas";
import { vehicleAge, vehicleCheck } from "./vehicle-checks";
import type { ActPreview, CredentialPreview, EvaluationInput, EvaluationResult, VistoriaSchedule } from "./types";

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
    throw new EvaluationError("category_not_offered", `${pack.municipality.name} não oferece a categoria ${category} (${pack.law.label}).`);
  }
  if (!offers(pack, category, mode)) {
    throw new EvaluationError("mode_not_offered", `Em ${pack.municipality.name}, a categoria ${category} não admite o modo ${mode} (${pack.law.label}).`);
  }
  if (compareDates(date, pack.effectiveDate) < 0) {
    throw new EvaluationError("pack_not_in_force", `A versão ${pack.version} do pacote ${pack.id} só vale a partir de ${formatBr(pack.effectiveDate)}.`);
  }
}

export function evaluate(input: EvaluationInput): EvaluationResult {
  validate(input);
  const { pack, category, mode, date } = input;
  const person = input.person ?? {};
  const vehicle = input.vehicle ?? {};
  const operator = input.operator ?? {};

  const vehicleRules = rulesFor(pack.vehicleRules, category, mode);
  const maxAge = vehicleRules.find((r): r is Extract<VehicleRule, { kind: "MAX_AGE" }> => r.kind === "MAX_AGE");
  const age = maxAge ? vehicleAge(maxAge, vehicle, date) : undefined;
  const requiredDocuments = assessDocuments(pack, category, mode, date, input.documents ?? [], {
    vehicleOverMaxAge: age !== undefined && !age.withinLimit,
    vehicle,
  });

  const ctx: CheckContext = { pack, date, person, vehicle, operator, documents: requiredDocuments };
  const checks = [
    ...rulesFor(pack.personRules, category, mode).map((r) => personCheck(r, ctx)),
    ...rulesFor(pack.operatorRules, category, mode).map((r) => operatorCheck(r, ctx)),
    ...vehicleRules.map((r) => vehicleCheck(r, ctx)),
    ...quotaChecks(pack, category, mode, input.quota ?? {}),
    ...(pack.identificationCard && applies(pack.identificationCard.appliesTo, category, mode) ? idCardChecks(pack, ctx) : []),
  ];

  const nextVistoria = vistoriaSchedule(input);
  const eligible =
    checks.every((c) => c.status === "PASS") && requiredDocuments.every((d) => d.status === "ACCEPTED" || d.status === "EXPIRING");

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
  };
}

function vistoriaSchedule({ pack, category, mode, date }: EvaluationInput): VistoriaSchedule | null {
  const spec = rulesFor(pack.vistorias, category, mode)[0];
  if (!spec) return null;
  return { period: spec.period, nextOn: addDuration(date, spec.period), citation: spec.periodCitation, discretionary: spec.discretionary };
}

function credentialPreviews({ pack, category, mode, date }: EvaluationInput, vistoria: VistoriaSchedule | null): CredentialPreview[] {
  return rulesFor(pack.credentials, category, mode).map((c) => {
    const preview: CredentialPreview = { type: c.type, label: c.label, citation: c.citation, validFrom: date, validUntil: null, issuedOn: c.issuedOn };
    if (c.validity.kind === "DURATION") {
      preview.validUntil = addDuration(date, c.validity.duration);
      preview.validityCitation = c.validity.citation;
    } else if (c.validity.kind === "UNTIL_NEXT_VISTORIA" && vistoria) {
      preview.validUntil = vistoria.nextOn;
      preview.validityCitation = c.validity.citation;
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
