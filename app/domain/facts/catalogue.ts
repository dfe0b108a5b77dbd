// The fact catalogue (ADR 015): every fact the engine can read, and the record fields, with who
// supplies it, its question and its validation. Pages ask from here, never by city. Browser-safe.
import type { z } from "zod";
import type { OperatorFacts, PersonFacts, VehicleFacts } from "~/domain/eligibility/types";
import {
  BLOOD_TYPES,
  CNH_CATEGORIES,
  HELD_PERMISSIONS,
  type Mode,
  OWNER_KINDS,
  PERSON_MODES,
  REGISTRATION_CATEGORIES,
} from "~/domain/rule-packs/vocabulary";
import { personAnswers, type PersonField, vehicleAnswers, type VehicleField } from "./answers";

/** Who can answer a fact: the driver in the wizard, the company in its portal, staff, or the portal itself. */
export type Supplier = "CONDUTOR" | "OPERADORA" | "ANALISTA" | "VISTORIA" | "DERIVED";
export const SUPPLIER_LABELS: Record<Supplier, string> = {
  CONDUTOR: "o condutor, no requerimento",
  OPERADORA: "a empresa, no portal da operadora",
  ANALISTA: "o analista, na análise do requerimento",
  VISTORIA: "o vistoriador, na vistoria",
  DERIVED: "o portal, a partir dos registros que mantém",
};

export type Subject = "person" | "vehicle" | "operator";
/** A fact the engine reads: "vehicle.passengerSeats". */
type EvaluationFactKey =
  | `person.${keyof PersonFacts & string}`
  | `vehicle.${keyof VehicleFacts & string}`
  | `operator.${keyof OperatorFacts & string}`;
/** A field kept on the record that no check reads but a credential, a card or the fiscal shows. */
type RecordFactKey =
  | "person.fullName"
  | "person.phone"
  | "person.rgNumber"
  | "person.rgIssuer"
  | "person.cnhNumber"
  | "vehicle.renavam"
  | "vehicle.make"
  | "vehicle.model"
  | "vehicle.colour"
  | "vehicle.ownerName";
export type FactKey = EvaluationFactKey | RecordFactKey;

type Option = { value: string; label: string };
type FactInput =
  | { kind: "date" }
  | { kind: "year" }
  | { kind: "integer"; unit?: string }
  | { kind: "money" }
  | { kind: "yesNo" }
  | { kind: "choice"; options: readonly Option[] }
  | { kind: "multiChoice"; options: readonly Option[] }
  | { kind: "text"; inputMode?: "numeric"; autoComplete?: string; autoCapitalize?: "characters" };

interface FactDef {
  subject: Subject;
  supplier: Supplier;
  /** The application modes in which the supplier exists to answer (no company for an autônomo…). */
  modes: readonly Mode[];
  /** The question or label, pt-BR; "{municipio}" is replaced by the municipality's name. */
  question: string;
  hint?: string;
  input: FactInput;
  /** False for record fields: kept and shown, never checked by the engine. */
  inEvaluation: boolean;
  /** Where the driver answers it: the wizard form's field and its validation. */
  form?: { field: PersonField | VehicleField; schema: z.ZodType };
  /** Questions shown together under one legend. */
  group?: string;
}

const DRIVER_MODES: readonly Mode[] = PERSON_MODES;
/** Modes with a company behind the driver: linked, or the preposto of a linked titular. */
const LINKED_MODES: readonly Mode[] = ["VINCULADO", "PREPOSTO"];
const OPERATOR_MODES: readonly Mode[] = ["OPERADORA"];

const options = <T extends string>(values: readonly T[], labels: Record<T, string>): Option[] =>
  values.map((value) => ({ value, label: labels[value] }));

const CNH_LABELS: Record<(typeof CNH_CATEGORIES)[number], string> = {
  ACC: "ACC (ciclomotor)",
  A: "A",
  B: "B",
  C: "C",
  D: "D",
  E: "E",
  AB: "AB",
  AC: "AC",
  AD: "AD",
  AE: "AE",
};
export const PERMISSION_LABELS: Record<(typeof HELD_PERMISSIONS)[number], string> = {
  TAXI: "Táxi",
  TRANSPORTE_ESCOLAR: "Transporte escolar",
  TRANSPORTE_COLETIVO: "Transporte coletivo (ônibus)",
  MOTOTAXI: "Mototáxi",
  MOTOBOY: "Motoboy",
  MOTOFRETE: "Motofrete",
  APLICATIVO: "Transporte por aplicativo",
};
export const REGISTRATION_LABELS: Record<(typeof REGISTRATION_CATEGORIES)[number], string> = {
  PARTICULAR: "Particular",
  ALUGUEL: "Aluguel (placa vermelha)",
  OFICIAL: "Oficial",
  APRENDIZAGEM: "Aprendizagem",
  DIPLOMATICO: "Representação diplomática",
};
export const OWNER_LABELS: Record<(typeof OWNER_KINDS)[number], string> = {
  HOLDER: "Eu (ou o titular, se sou preposto)",
  OTHER_PERSON: "Outra pessoa",
  OPERATOR: "A empresa em que trabalho",
  OTHER_COMPANY: "Outra empresa (locadora)",
};
const BLOOD_LABELS = Object.fromEntries(BLOOD_TYPES.map((b) => [b, b])) as Record<(typeof BLOOD_TYPES)[number], string>;

const CNH = "Carteira de habilitação (CNH)";
const DOCS = "Documentos de identificação";
const driver = (subject: "person" | "vehicle", field: PersonField | VehicleField) => ({
  subject,
  supplier: "CONDUTOR" as const,
  modes: DRIVER_MODES,
  form: {
    field,
    schema: subject === "person" ? personAnswers[field as PersonField] : vehicleAnswers[field as VehicleField],
  },
});

/** Every fact, in the order pages ask them. */
export const FACTS: Record<FactKey, FactDef> = {
  // ---- the driver ----
  "person.fullName": {
    ...driver("person", "fullName"),
    inEvaluation: false,
    question: "Nome completo",
    input: { kind: "text", autoComplete: "name" },
  },
  "person.phone": {
    ...driver("person", "phone"),
    inEvaluation: false,
    question: "Telefone (com DDD)",
    input: { kind: "text", autoComplete: "tel" },
  },
  "person.birthDate": {
    ...driver("person", "birthDate"),
    inEvaluation: true,
    question: "Data de nascimento",
    input: { kind: "date" },
  },
  "person.rgNumber": {
    ...driver("person", "rgNumber"),
    inEvaluation: false,
    question: "RG",
    input: { kind: "text" },
    group: DOCS,
  },
  "person.rgIssuer": {
    ...driver("person", "rgIssuer"),
    inEvaluation: false,
    question: "Órgão emissor",
    hint: "Ex.: SSP/MG",
    input: { kind: "text" },
    group: DOCS,
  },
  "person.cnhNumber": {
    ...driver("person", "cnhNumber"),
    inEvaluation: false,
    question: "Número de registro da CNH",
    input: { kind: "text", inputMode: "numeric" },
    group: DOCS,
  },
  "person.cnhCategory": {
    ...driver("person", "cnhCategory"),
    inEvaluation: true,
    question: "Categoria da CNH",
    input: { kind: "choice", options: options(CNH_CATEGORIES, CNH_LABELS) },
    group: CNH,
  },
  "person.cnhFirstLicenseDate": {
    ...driver("person", "cnhFirstLicenseDate"),
    inEvaluation: true,
    question: "Data da primeira habilitação nesta categoria",
    hint: "Está impressa na CNH, ao lado da categoria.",
    input: { kind: "date" },
    group: CNH,
  },
  "person.cnhEar": {
    ...driver("person", "cnhEar"),
    inEvaluation: true,
    question: "A CNH tem a observação EAR (exerce atividade remunerada)?",
    input: { kind: "yesNo" },
    group: CNH,
  },
  "person.residenceMunicipalityIbge": {
    ...driver("person", "livesInMunicipality"),
    inEvaluation: true,
    question: "Você mora em {municipio}?",
    input: { kind: "yesNo" },
  },
  "person.bloodType": {
    ...driver("person", "bloodType"),
    inEvaluation: true,
    question: "Tipo sanguíneo",
    hint: "A lei do município pede que ele conste do cartão de identificação.",
    input: { kind: "choice", options: options(BLOOD_TYPES, BLOOD_LABELS) },
  },
  "person.heldPermissions": {
    ...driver("person", "heldPermissions"),
    inEvaluation: true,
    question: "Você tem alguma destas permissões no município?",
    input: { kind: "multiChoice", options: options(HELD_PERMISSIONS, PERMISSION_LABELS) },
  },
  "person.otherRegisteredVehicles": {
    subject: "person",
    supplier: "DERIVED",
    modes: DRIVER_MODES,
    inEvaluation: true,
    question: "Outros veículos já credenciados em nome do condutor",
    input: { kind: "integer" },
  },

  // ---- the vehicle ----
  "vehicle.plate": {
    ...driver("vehicle", "plate"),
    inEvaluation: true,
    question: "Placa",
    hint: "ABC-1234 ou ABC1D23",
    input: { kind: "text", autoCapitalize: "characters" },
  },
  "vehicle.renavam": {
    ...driver("vehicle", "renavam"),
    inEvaluation: false,
    question: "RENAVAM",
    input: { kind: "text", inputMode: "numeric" },
  },
  "vehicle.make": { ...driver("vehicle", "make"), inEvaluation: false, question: "Marca", input: { kind: "text" } },
  "vehicle.model": { ...driver("vehicle", "model"), inEvaluation: false, question: "Modelo", input: { kind: "text" } },
  "vehicle.colour": { ...driver("vehicle", "colour"), inEvaluation: false, question: "Cor", input: { kind: "text" } },
  "vehicle.manufactureYear": {
    ...driver("vehicle", "manufactureYear"),
    inEvaluation: true,
    question: "Ano de fabricação",
    input: { kind: "year" },
  },
  "vehicle.firstRegistrationDate": {
    ...driver("vehicle", "firstRegistrationDate"),
    inEvaluation: true,
    question: "Data do primeiro emplacamento",
    input: { kind: "date" },
  },
  "vehicle.displacementCc": {
    ...driver("vehicle", "displacementCc"),
    inEvaluation: true,
    question: "Cilindrada (cc)",
    input: { kind: "integer", unit: "cc" },
  },
  "vehicle.doors": {
    ...driver("vehicle", "doors"),
    inEvaluation: true,
    question: "Número de portas",
    input: { kind: "integer" },
  },
  "vehicle.passengerSeats": {
    ...driver("vehicle", "passengerSeats"),
    inEvaluation: true,
    question: "Lugares para passageiros (sem contar o motorista)",
    input: { kind: "integer" },
  },
  "vehicle.registrationCategory": {
    ...driver("vehicle", "registrationCategory"),
    inEvaluation: true,
    question: "Categoria do registro",
    hint: "Está no CRLV.",
    input: { kind: "choice", options: options(REGISTRATION_CATEGORIES, REGISTRATION_LABELS) },
  },
  "vehicle.licensingMunicipalityIbge": {
    ...driver("vehicle", "licensedInMunicipality"),
    inEvaluation: true,
    question: "O veículo está licenciado em {municipio}?",
    input: { kind: "yesNo" },
  },
  "vehicle.licensingUpToDate": {
    ...driver("vehicle", "licensingUpToDate"),
    inEvaluation: true,
    question: "O licenciamento está em dia?",
    input: { kind: "yesNo" },
  },
  "vehicle.ownerKind": {
    ...driver("vehicle", "ownerKind"),
    inEvaluation: true,
    question: "Quem é o proprietário?",
    input: { kind: "choice", options: options(OWNER_KINDS, OWNER_LABELS) },
  },
  "vehicle.ownerName": {
    ...driver("vehicle", "ownerName"),
    inEvaluation: false,
    question: "Nome do proprietário (como no CRLV)",
    input: { kind: "text" },
  },
  "vehicle.leased": {
    ...driver("vehicle", "leased"),
    inEvaluation: true,
    question: "O veículo é alugado (contrato de locação)?",
    input: { kind: "yesNo" },
  },
  "vehicle.usedForCargo": {
    ...driver("vehicle", "usedForCargo"),
    inEvaluation: true,
    question: "O veículo também é usado para transportar cargas?",
    input: { kind: "yesNo" },
  },
  "vehicle.usedForPassengers": {
    ...driver("vehicle", "usedForPassengers"),
    inEvaluation: true,
    question: "O veículo também é usado para transportar passageiros?",
    input: { kind: "yesNo" },
  },
  "vehicle.operatorControlNumber": {
    ...driver("vehicle", "controlNumber"),
    modes: LINKED_MODES,
    inEvaluation: true,
    question: "Número de controle da moto na empresa",
    hint: "O número que a empresa deu à moto; consta do cartão de identificação.",
    input: { kind: "text" },
  },

  // ---- the company ----
  "operator.name": {
    subject: "operator",
    supplier: "DERIVED",
    modes: [...LINKED_MODES, ...OPERATOR_MODES],
    inEvaluation: true,
    question: "Nome da empresa",
    input: { kind: "text" },
  },
  "operator.credentialed": {
    subject: "operator",
    supplier: "DERIVED",
    modes: LINKED_MODES,
    inEvaluation: true,
    question: "A empresa está credenciada em {municipio}?",
    input: { kind: "yesNo" },
  },
  "operator.headOfficeMunicipalityIbge": {
    subject: "operator",
    supplier: "OPERADORA",
    modes: OPERATOR_MODES,
    inEvaluation: true,
    question: "A sede da empresa fica em {municipio}?",
    input: { kind: "yesNo" },
  },
  "operator.branchMunicipalityIbges": {
    subject: "operator",
    supplier: "OPERADORA",
    modes: OPERATOR_MODES,
    inEvaluation: true,
    question: "A empresa tem filial em {municipio}?",
    input: { kind: "yesNo" },
  },
  "operator.declaredAssetsBrl": {
    subject: "operator",
    supplier: "OPERADORA",
    modes: OPERATOR_MODES,
    inEvaluation: true,
    question: "Patrimônio da empresa (R$)",
    input: { kind: "money" },
  },
  "operator.reportedDriverData": {
    subject: "operator",
    supplier: "OPERADORA",
    modes: LINKED_MODES,
    inEvaluation: true,
    question: "A operadora enviou os dados do motorista à Prefeitura?",
    input: { kind: "yesNo" },
  },
};

export const FACT_KEYS = Object.keys(FACTS) as FactKey[];

/** Always asked of the driver, each for its reason; CPF and e-mail come from the account. */
export const IDENTIFICATION_FIELDS: Partial<Record<FactKey, string>> = {
  "person.fullName": "o nome consta de toda credencial e da consulta pública",
  "person.phone": "é por ele que a Prefeitura avisa de vistoria, prazos e correções",
  "vehicle.plate": "identifica o veículo na credencial, no selo e na fiscalização",
  "vehicle.renavam": "identifica o veículo no Detran e confere com o CRLV",
  "vehicle.make": "o fiscal confere marca, modelo e cor do veículo na rua",
  "vehicle.model": "o fiscal confere marca, modelo e cor do veículo na rua",
  "vehicle.colour": "o fiscal confere marca, modelo e cor do veículo na rua",
};

/** The question with the municipality's name in place. */
export function questionText(fact: FactKey, municipality: string): string {
  return FACTS[fact].question.replace("{municipio}", municipality);
}

/** A choice's pt-BR label (never the raw code), or the value itself when it is free text. */
export function answerLabel(fact: FactKey, value: string): string {
  const input = FACTS[fact].input;
  if (input.kind !== "choice" && input.kind !== "multiChoice") return value;
  return input.options.find((o) => o.value === value)?.label ?? value;
}
