// Which facts each rule KIND reads: a new rule of a known kind needs nothing here, and a new kind
// does not compile until it says. unsuppliedFacts refuses at load a rule nobody can answer.
import { layeredRules } from "~/domain/rule-packs/compose";
import type {
  DocumentRequirement,
  IdCardField,
  OperatorRule,
  PersonRule,
  RulePack,
  VehicleRule,
} from "~/domain/rule-packs/schema";
import { applies, rulesFor } from "~/domain/rule-packs/select";
import type { Category, Mode } from "~/domain/rule-packs/vocabulary";
import {
  FACT_KEYS,
  type FactKey,
  FACTS,
  IDENTIFICATION_FIELDS,
  questionText,
  type Subject,
  type Supplier,
} from "./catalogue";

/** A fact one rule reads; `options` narrows a choice to the values the rule cares about. */
type Read = { fact: FactKey; options?: readonly string[] };
type ReadsByKind<R extends { kind: string }> = { [K in R["kind"]]: (rule: Extract<R, { kind: K }>) => Read[] };
const read = (...facts: FactKey[]): Read[] => facts.map((fact) => ({ fact }));

const PERSON_RULE_READS: ReadsByKind<PersonRule> = {
  MIN_AGE: () => read("person.birthDate"),
  CNH_CATEGORY: () => read("person.cnhCategory"),
  CNH_MIN_YEARS: () => read("person.cnhFirstLicenseDate"),
  CNH_EAR: () => read("person.cnhEar"),
  RESIDENCE_IN_MUNICIPALITY: () => read("person.residenceMunicipalityIbge"),
  // Only the permissions the law names are offered as answers.
  INCOMPATIBLE_PERMISSIONS: (r) => [{ fact: "person.heldPermissions", options: r.permissions }],
  ONE_VEHICLE: () => read("person.otherRegisteredVehicles"),
};

const VEHICLE_RULE_READS: ReadsByKind<VehicleRule> = {
  MAX_AGE: (r) => read(r.basis === "MANUFACTURE_YEAR" ? "vehicle.manufactureYear" : "vehicle.firstRegistrationDate"),
  MIN_DISPLACEMENT: () => read("vehicle.displacementCc"),
  MAX_DISPLACEMENT: () => read("vehicle.displacementCc"),
  MIN_DOORS: () => read("vehicle.doors"),
  MAX_PASSENGERS: () => read("vehicle.passengerSeats"),
  REGISTRATION_CATEGORY: () => read("vehicle.registrationCategory"),
  LICENSED_IN_MUNICIPALITY: (r) =>
    read("vehicle.licensingMunicipalityIbge", ...(r.exceptLeased ? (["vehicle.leased"] as const) : [])),
  // The owner's name is what the analyst compares with the CRLV.
  OWNERSHIP: (r) =>
    read(
      "vehicle.ownerKind",
      "vehicle.ownerName",
      ...(r.allowedWhenLeased.length ? (["vehicle.leased"] as const) : []),
    ),
  LICENSING_UP_TO_DATE: () => read("vehicle.licensingUpToDate"),
  SERVICE_EXCLUSIVITY: (r) => read(r.forbids === "PASSENGERS" ? "vehicle.usedForPassengers" : "vehicle.usedForCargo"),
};

const OPERATOR_RULE_READS: ReadsByKind<OperatorRule> = {
  HEAD_OFFICE_IN_MUNICIPALITY: (r) =>
    read("operator.headOfficeMunicipalityIbge", ...(r.orBranch ? (["operator.branchMunicipalityIbges"] as const) : [])),
  MIN_ASSETS: () => read("operator.declaredAssetsBrl"),
  OPERATOR_CREDENTIALED: () => read("operator.credentialed"),
  DRIVER_DATA_REPORTED: () => read("operator.reportedDriverData"),
};

/** What each field of the identification card prints (photo and serial come from documents and issuance). */
const ID_CARD_FIELD_READS: Record<IdCardField, FactKey[]> = {
  HOLDER_NAME: ["person.fullName"],
  PHOTO: [],
  COMPANY_NAME: ["operator.name"],
  PERSONAL_DOCUMENT_NUMBERS: ["person.rgNumber", "person.rgIssuer", "person.cnhNumber"],
  BLOOD_TYPE: ["person.bloodType"],
  VEHICLE_CONTROL_NUMBER: ["vehicle.operatorControlNumber"],
  REGISTRATION_NUMBER: [],
};

/** A conditional document is asked in a situation the facts describe. */
const DOCUMENT_CONDITION_READS: Record<NonNullable<DocumentRequirement["condition"]>, FactKey[]> = {
  VEHICLE_OVER_MAX_AGE: [], // the MAX_AGE rule already reads the vehicle's age
  VEHICLE_LEASED: ["vehicle.leased"],
};

const readsOf = <R extends { kind: string }>(table: ReadsByKind<R>, rule: R): Read[] =>
  (table[rule.kind as R["kind"]] as (r: R) => Read[])(rule);

export type Reader = { rule: string; citation: string };
type FactRead = { fact: FactKey; readers: Reader[]; options?: string[] };

/** Every fact the rules applying to category × mode read, in catalogue order, with who reads it. */
export function factsRead(pack: RulePack, category: Category, mode: Mode): FactRead[] {
  const found = new Map<FactKey, { readers: Reader[]; options?: Set<string> }>();
  const add = (reader: Reader, reads: Read[]) => {
    for (const r of reads) {
      const entry = found.get(r.fact) ?? { readers: [] };
      entry.readers.push(reader);
      if (r.options) entry.options = new Set([...(entry.options ?? []), ...r.options]);
      found.set(r.fact, entry);
    }
  };
  const reader = (r: { id: string; citation: string }): Reader => ({ rule: r.id, citation: r.citation });
  // The rules that apply are the municipal ones over the federal baseline (the stricter of each wins).
  const layered = layeredRules(pack, category, mode);
  for (const r of layered.personRules) add(reader(r), readsOf(PERSON_RULE_READS, r));
  for (const r of layered.vehicleRules) add(reader(r), readsOf(VEHICLE_RULE_READS, r));
  for (const r of rulesFor(pack.operatorRules, category, mode)) add(reader(r), readsOf(OPERATOR_RULE_READS, r));
  const card = pack.identificationCard;
  if (card && applies(card.appliesTo, category, mode)) {
    for (const c of card.cards)
      for (const f of c.fields)
        add(
          { rule: `cartão de identificação (${f.field})`, citation: f.citation },
          read(...ID_CARD_FIELD_READS[f.field]),
        );
  }
  for (const d of layered.documents) {
    if (d.condition) add({ rule: d.type, citation: d.citation }, read(...DOCUMENT_CONDITION_READS[d.condition]));
  }
  return FACT_KEYS.filter((k) => found.has(k)).map((fact) => {
    const { readers, options } = found.get(fact)!;
    return options ? { fact, readers, options: [...options] } : { fact, readers };
  });
}

/** The facts the applicable rules read that this supplier answers. */
export function factsAsked(pack: RulePack, category: Category, mode: Mode, supplier: Supplier): FactRead[] {
  return factsRead(pack, category, mode).filter((r) => FACTS[r.fact].supplier === supplier);
}

export type Question = { fact: FactKey; options?: string[]; readers: Reader[]; identification?: string };

/** One wizard step's questions: the identification fields and the facts the rules read, nothing else. */
export function driverQuestions(pack: RulePack, category: Category, mode: Mode, subject: Subject): Question[] {
  const asked = new Map(factsAsked(pack, category, mode, "CONDUTOR").map((r) => [r.fact, r]));
  return FACT_KEYS.filter(
    (k) => FACTS[k].subject === subject && FACTS[k].form && (IDENTIFICATION_FIELDS[k] || asked.has(k)),
  ).map((fact) => {
    const r = asked.get(fact);
    const q: Question = { fact, readers: r?.readers ?? [] };
    if (r?.options) q.options = r.options;
    if (IDENTIFICATION_FIELDS[fact]) q.identification = IDENTIFICATION_FIELDS[fact];
    return q;
  });
}

/** The wizard form's fields of these questions (what its action parses and saves). */
export function questionFields<F extends string>(questions: readonly Question[]): F[] {
  return questions.map((q) => FACTS[q.fact].form!.field as F);
}

/** Rules reading a fact nobody can supply in their mode: such a pack could approve no one there. */
export function unsuppliedFacts(pack: RulePack): Array<{ rule: string; problem: string }> {
  const problems = new Map<string, { rule: string; problem: string }>();
  for (const offer of pack.categories) {
    for (const { mode } of offer.modes) {
      for (const { fact, readers } of factsRead(pack, offer.code, mode)) {
        if (FACTS[fact].modes.includes(mode)) continue;
        for (const reader of readers) {
          problems.set(`${reader.rule}|${fact}`, {
            rule: reader.rule,
            problem: `lê o fato ${fact} ("${questionText(fact, pack.municipality.name)}"), que ninguém informa no modo ${mode}`,
          });
        }
      }
    }
  }
  return [...problems.values()];
}

/** Who must answer each check, by check id: a PENDING check on the review screen names them (issue #20). */
export function answerersByCheck(pack: RulePack, category: Category, mode: Mode): Record<string, Supplier[]> {
  const out: Record<string, Supplier[]> = {};
  for (const { fact, readers } of factsRead(pack, category, mode)) {
    for (const r of readers) {
      // An identification-card field is checked as id_card_<field> (eligibility/person-checks.ts).
      const card = /^cartão de identificação \((\w+)\)$/.exec(r.rule);
      const who = (out[card ? `id_card_${card[1].toLowerCase()}` : r.rule] ??= []);
      if (!who.includes(FACTS[fact].supplier)) who.push(FACTS[fact].supplier);
    }
  }
  return out;
}
