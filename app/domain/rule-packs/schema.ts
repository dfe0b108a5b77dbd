// The rule-pack format: one municipality's law as typed, validated data. Every rule carries
// the citation of the provision it encodes. See docs/rule-packs.md and ADR 003.
import { z } from "zod";
import { zPackExample } from "./example-schema";
import { zInfractionRules } from "./infraction-schema";
import {
  zActKind,
  zAppliesTo,
  zCategory,
  zCitation,
  zCnhCategory,
  zCode,
  zCredentialType,
  zDuration,
  zFiscalUnit,
  zHeldPermission,
  zIbgeCode,
  zIsoDate,
  zMode,
  zMoneyUnit,
  zOwnerKind,
  zQuotaUnit,
  zRegistrationCategory,
  zRuleId,
  zSubmitter,
} from "./vocabulary";

export * from "./infraction-schema";

/** The author's reading of the law where the text needs one (shown beside the rule, never evaluated). */
const zNote = z.string().min(1).optional();

const ruleBase = { id: zRuleId, citation: zCitation, appliesTo: zAppliesTo, note: zNote };

// ---- parameters: what the law leaves to a decree or to the administration -------------------

const zParameter = z.strictObject({
  label: z.string().min(1),
  /** SWITCH: 0 (off) or 1 (on) — e.g. asking anyway a requirement that has no object today. */
  /** A duration, reais, a switch, or the town's fiscal unit (the pack's `fiscalUnit`). */
  unit: z.union([z.enum(["DAYS", "MONTHS", "BRL", "SWITCH"]), zFiscalUnit]),
  /** The value in force in this version; null = not yet set by the municipality. */
  value: z.number().nonnegative().nullable(),
  /** The documented default shipped with the pack (also null when there is no sensible one). */
  default: z.number().nonnegative().nullable(),
  /** The gestor may change it through withParameters(); false = fixed by the law itself. */
  editable: z.boolean(),
  citation: zCitation,
  note: z.string().min(1),
});
export type Parameter = z.infer<typeof zParameter>;

// ---- categories -------------------------------------------------------------------------

const zCategoryOffer = z.strictObject({
  code: zCategory,
  label: z.string().min(1),
  /** The municipal act per mode: a mototáxi permissão for the titular, a registro for a preposto… */
  acts: z
    .array(z.strictObject({ kind: zActKind, modes: z.array(zMode).min(1), label: z.string(), citation: zCitation }))
    .min(1),
  modes: z.array(z.strictObject({ mode: zMode, citation: zCitation })).min(1),
  selection: z.strictObject({ kind: z.enum(["LICITACAO", "CREDENCIAMENTO"]), citation: zCitation }).optional(),
  term: z
    .strictObject({
      max: zDuration,
      extension: z.strictObject({ duration: zDuration, times: z.int().positive() }).optional(),
      citation: zCitation,
    })
    .optional(),
  colours: z
    .array(
      z.strictObject({
        part: z.enum(["VEICULO", "DISTICO", "CAPACETE", "UNIFORME"]),
        colour: z.string().min(1),
        citation: zCitation,
      }),
    )
    .default([]),
});
export type CategoryOffer = z.infer<typeof zCategoryOffer>;

// ---- facts about the person, the vehicle and the operator, each one check -----------------------

export const zPersonRule = z.discriminatedUnion("kind", [
  z.strictObject({ ...ruleBase, kind: z.literal("MIN_AGE"), years: z.int().positive() }),
  z.strictObject({
    ...ruleBase,
    kind: z.literal("CNH_CATEGORY"),
    anyOf: z.array(zCnhCategory).min(1),
    label: z.string().min(1),
  }),
  z.strictObject({ ...ruleBase, kind: z.literal("CNH_MIN_YEARS"), years: z.int().positive() }),
  z.strictObject({ ...ruleBase, kind: z.literal("CNH_EAR") }),
  z.strictObject({ ...ruleBase, kind: z.literal("RESIDENCE_IN_MUNICIPALITY") }),
  z.strictObject({
    ...ruleBase,
    kind: z.literal("INCOMPATIBLE_PERMISSIONS"),
    permissions: z.array(zHeldPermission).min(1),
  }),
  z.strictObject({ ...ruleBase, kind: z.literal("ONE_VEHICLE") }),
]);
export type PersonRule = z.infer<typeof zPersonRule>;

export const zVehicleRule = z.discriminatedUnion("kind", [
  z.strictObject({
    ...ruleBase,
    kind: z.literal("MAX_AGE"),
    years: z.int().positive(),
    /** MANUFACTURE_YEAR counts calendar years; FIRST_REGISTRATION is a term from the first plate date. */
    basis: z.enum(["MANUFACTURE_YEAR", "FIRST_REGISTRATION"]),
    replaceWithin: z.strictObject({ duration: zDuration, citation: zCitation }).optional(),
    /** An older vehicle is still accepted with this document on file (Lavras art. 10, I). */
    olderAllowedWith: z.strictObject({ document: zCode }).optional(),
  }),
  z.strictObject({ ...ruleBase, kind: z.literal("MIN_DISPLACEMENT"), cc: z.int().positive() }),
  z.strictObject({ ...ruleBase, kind: z.literal("MAX_DISPLACEMENT"), cc: z.int().positive() }),
  z.strictObject({ ...ruleBase, kind: z.literal("MIN_DOORS"), doors: z.int().positive() }),
  z.strictObject({ ...ruleBase, kind: z.literal("MAX_PASSENGERS"), seats: z.int().positive() }),
  z.strictObject({ ...ruleBase, kind: z.literal("REGISTRATION_CATEGORY"), category: zRegistrationCategory }),
  z.strictObject({ ...ruleBase, kind: z.literal("LICENSED_IN_MUNICIPALITY"), exceptLeased: z.boolean() }),
  z.strictObject({
    ...ruleBase,
    kind: z.literal("OWNERSHIP"),
    allowed: z.array(zOwnerKind).min(1),
    allowedWhenLeased: z.array(zOwnerKind).default([]),
  }),
  z.strictObject({ ...ruleBase, kind: z.literal("LICENSING_UP_TO_DATE") }),
  /** The vehicle must not also serve the other activity (passengers vs cargo). */
  z.strictObject({ ...ruleBase, kind: z.literal("SERVICE_EXCLUSIVITY"), forbids: z.enum(["PASSENGERS", "CARGO"]) }),
]);
export type VehicleRule = z.infer<typeof zVehicleRule>;

export const zOperatorRule = z.discriminatedUnion("kind", [
  z.strictObject({ ...ruleBase, kind: z.literal("HEAD_OFFICE_IN_MUNICIPALITY"), orBranch: z.boolean() }),
  z.strictObject({ ...ruleBase, kind: z.literal("MIN_ASSETS"), brl: z.number().positive() }),
  z.strictObject({ ...ruleBase, kind: z.literal("OPERATOR_CREDENTIALED") }),
  z.strictObject({ ...ruleBase, kind: z.literal("DRIVER_DATA_REPORTED") }),
]);
export type OperatorRule = z.infer<typeof zOperatorRule>;

// ---- documents --------------------------------------------------------------------------

const zValidity = z.discriminatedUnion("kind", [
  /** Valid for this long from the issue date (citation when it differs from the document's). */
  z.strictObject({ kind: z.literal("DURATION"), duration: zDuration, citation: zCitation.optional() }),
  /** "Recente"/"atualizado": valid for a number of days that is a pack parameter. */
  z.strictObject({ kind: z.literal("RECENT"), parameter: z.string().min(1) }),
  /** The document states its own expiry (CNH, CRLV, insurance policy). */
  z.strictObject({ kind: z.literal("OWN_EXPIRY") }),
  z.strictObject({ kind: z.literal("NONE") }),
]);

export const zDocumentRequirement = z.strictObject({
  type: zCode,
  label: z.string().min(1),
  citation: zCitation,
  appliesTo: zAppliesTo,
  validity: zValidity,
  /** Must be issued in, or refer to, the municipality (or its comarca). */
  fromMunicipality: z.boolean().default(false),
  submittedBy: zSubmitter.default("REQUERENTE"),
  quantity: z.int().positive().optional(),
  /** Only asked for in this situation. */
  condition: z.enum(["VEHICLE_OVER_MAX_AGE", "VEHICLE_LEASED"]).optional(),
  /** This document is the holder's photo: the one printed on the crachá and shown to a passenger who scans it. */
  holderPhoto: z.boolean().default(false),
  /** A paper that cannot be had today (DPVAT, ADR 056): not asked unless the SWITCH `askParameter` is 1. */
  withoutObject: z.strictObject({ basis: zCode, askParameter: z.string() }).optional(),
});
export type DocumentRequirement = z.infer<typeof zDocumentRequirement>;

// ---- quotas, credentials, vistoria, fees -------------------------------------------------------

const zQuota = z.strictObject({
  id: zRuleId,
  unit: zQuotaUnit,
  categories: z.array(zCategory).min(1),
  modes: z.array(zMode).min(1),
  /** One unit per this many inhabitants; null = the law sets no limit. */
  inhabitantsPerUnit: z.int().positive().nullable(),
  rounding: z.literal("FLOOR"),
  citation: zCitation,
});
export type Quota = z.infer<typeof zQuota>;

const zCredentialSpec = z.strictObject({
  type: zCredentialType,
  label: z.string().min(1),
  citation: zCitation,
  appliesTo: zAppliesTo,
  validity: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("DURATION"), duration: zDuration, citation: zCitation }),
    z.strictObject({ kind: z.literal("UNTIL_NEXT_VISTORIA"), citation: zCitation }),
    z.strictObject({ kind: z.literal("NOT_SET") }),
  ]),
  /** How its renewal counts (ADR 057); PORTAL_DEFAULT where the law is silent, LAW needs the citation. */
  renewal: z
    .strictObject({
      duration: zDuration.optional(),
      note: z.string(),
      citation: zCitation.optional(),
      counts: z.enum(["FOLLOWS_PREVIOUS", "FROM_APPROVAL"]).default("FOLLOWS_PREVIOUS"),
      basis: z.enum(["LAW", "PORTAL_DEFAULT"]).default("LAW"),
    })
    .refine((r) => r.basis === "PORTAL_DEFAULT" || r.citation, {
      message: "A renovação baseada na lei precisa da citação.",
    })
    .optional(),
  /** VISTORIA: issued at approval only once the inspection passed (the seal). */
  issuedOn: z.enum(["APPROVAL", "VISTORIA"]).default("APPROVAL"),
});
export type CredentialSpec = z.infer<typeof zCredentialSpec>;

export const zVistoriaSpec = z.strictObject({
  id: zRuleId,
  note: zNote,
  appliesTo: zAppliesTo,
  period: zDuration,
  periodCitation: zCitation,
  /** The law allows inspections at this period "when the authority sees fit". */
  discretionary: z.boolean(),
  /** Besides the periodic one, the authority may inspect at this period when it sees fit (Patrocínio art. 5º, § 6º). */
  discretionaryVistorias: z.strictObject({ period: zDuration, citation: zCitation }).optional(),
  nonSafetyGrace: z.strictObject({ max: zDuration, discretionary: z.boolean(), citation: zCitation }).optional(),
  /** What the inspector checks; none when the law lists none and the federal floor's are checked (merge.ts). */
  items: z
    .array(z.strictObject({ code: zCode, label: z.string().min(1), safety: z.boolean(), citation: zCitation }))
    .default([]),
});
export type VistoriaSpec = z.infer<typeof zVistoriaSpec>;

const zFee = z.strictObject({
  id: zRuleId,
  label: z.string().min(1),
  amount: z.number().positive(),
  unit: zMoneyUnit,
  citation: zCitation,
});

// ---- duties with deadlines, identification card, service requirements ---------------------------

const zDeadline = z.strictObject({
  id: zRuleId,
  note: zNote,
  who: z.enum(["OPERADORA", "TITULAR", "CONDUTOR"]),
  label: z.string().min(1),
  /** Counted from the event: PT72H, P15D… */
  within: zDuration.optional(),
  /** Recurs with this period: P3M, P1M… */
  every: zDuration.optional(),
  immediate: z.boolean().default(false),
  /** The period is set by the administration (a parameter, in days). */
  parameter: z.string().optional(),
  sanction: z.string().optional(),
  citation: zCitation,
  /** Absent: every category and mode of the pack. */
  appliesTo: zAppliesTo.optional(),
});
export type Deadline = z.infer<typeof zDeadline>;

export const ID_CARD_FIELDS = [
  "HOLDER_NAME",
  "PHOTO",
  "COMPANY_NAME",
  "PERSONAL_DOCUMENT_NUMBERS",
  "BLOOD_TYPE",
  "VEHICLE_CONTROL_NUMBER",
  "REGISTRATION_NUMBER",
] as const;
const zIdCardField = z.enum(ID_CARD_FIELDS);
export type IdCardField = z.infer<typeof zIdCardField>;

const zIdentificationCard = z.strictObject({
  appliesTo: zAppliesTo,
  cards: z
    .array(
      z.strictObject({
        label: z.string().min(1),
        citation: zCitation,
        credential: zCredentialType.default("CRACHA"),
        fields: z
          .array(
            z.strictObject({
              field: zIdCardField,
              citation: zCitation,
              /** PHOTO only: the law asks for the photo stamped by the city ("fotografia carimbada"). */
              stamped: z.boolean().optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

export const zServiceRequirement = z.strictObject({
  code: zCode,
  label: z.string().min(1),
  citation: zCitation,
  appliesTo: zAppliesTo.optional(),
});

// ---- the pack ---------------------------------------------------------------------------

export const zRulePack = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-[a-z]{2}$/, 'id como "patrocinio-mg"'),
  /** Semantic version: law changes bump the major, parameter changes the minor. */
  version: z.string().regex(/^\d+\.\d+\.\d+$/, "versão semântica (1.0.0)"),
  effectiveDate: zIsoDate,
  /** What the law regulates and how the pack reads it, in a few sentences (for the gestor and the docs). */
  summary: zNote,
  law: z.strictObject({
    label: z.string().regex(/^Lei [\d.]+\/\d{4}$/, 'rótulo como "Lei 4.883/2017"'),
    title: z.string().min(1),
    date: zIsoDate,
    amendments: z
      .array(z.strictObject({ label: z.string().regex(/^Lei [\d.]+\/\d{4}$/), date: zIsoDate.nullable() }))
      .default([]),
  }),
  municipality: z.strictObject({ ibge: zIbgeCode, name: z.string().min(1), uf: z.string().regex(/^[A-Z]{2}$/) }),
  fiscalUnit: zFiscalUnit.nullable(),
  parameters: z.record(z.string().regex(/^[a-z][A-Za-z0-9]*$/), zParameter).default({}),
  categories: z.array(zCategoryOffer).min(1),
  personRules: z.array(zPersonRule).default([]),
  vehicleRules: z.array(zVehicleRule).default([]),
  operatorRules: z.array(zOperatorRule).default([]),
  documents: z.array(zDocumentRequirement).default([]),
  quotas: z.array(zQuota).default([]),
  credentials: z.array(zCredentialSpec).default([]),
  vistorias: z.array(zVistoriaSpec).default([]),
  fees: z.array(zFee).default([]),
  infractions: zInfractionRules,
  deadlines: z.array(zDeadline).default([]),
  identificationCard: zIdentificationCard.optional(),
  serviceRequirements: z.array(zServiceRequirement).default([]),
  /** What the law leaves open or to a decree — shown to the gestor, listed in the docs. */
  silences: z.array(z.string().min(1)).default([]),
  /** The law's wording of each citation the pack makes (ADR 067): "Lei 4.544/2019, art. 9º, I" → its
   * sentence, several units joined by " […] ". Shown beside each rule; checked against the law's text. */
  quotes: z.record(z.string().min(1), z.string().min(1)).default({}),
  /** Applicants the author describes with the outcome the law gives them; run when the pack is checked. */
  examples: z.array(zPackExample).default([]),
});

/** A pack as written in a pack file (defaults may be omitted). */
export type RulePackInput = z.input<typeof zRulePack>;
/** A validated, frozen pack as the engine receives it. */
export type RulePack = z.output<typeof zRulePack>;
