// Infractions in the rule-pack format: classes, catalogue, repeat offence, enforcement terms.
import { z } from "zod";
import { zCitation, zCode, zDuration, zMoneyUnit } from "./vocabulary";

const zPenalty = z.strictObject({
  warning: z.boolean().default(false),
  fine: z
    .strictObject({
      min: z.number().nonnegative().optional(),
      max: z.number().positive().optional(),
      /** Fixed amount (Patrocínio art. 32: 5 UFM). */
      amount: z.number().positive().optional(),
      unit: zMoneyUnit,
      /** The law leaves the value to a decree or regulation. */
      setByRegulation: z.boolean().default(false),
    })
    .optional(),
  suspension: z.strictObject({ maxDays: z.int().positive().optional() }).optional(),
  cassacao: z.boolean().default(false),
  driverExclusion: z.boolean().default(false),
  vehicleSeizure: z.boolean().default(false),
  other: z.array(z.string()).default([]),
  citation: zCitation,
});
export type Penalty = z.infer<typeof zPenalty>;

const zInfractionClass = z.strictObject({
  code: zCode,
  label: z.string().min(1),
  /** 1 = least serious. Escalation moves to rank + 1. */
  rank: z.int().positive(),
  citation: zCitation,
  penalty: zPenalty,
});
export type InfractionClass = z.infer<typeof zInfractionClass>;

/** Who commits an infraction: whose the penalty is. */
export const OFFENDERS = ["CONDUTOR", "TITULAR", "OPERADORA", "QUALQUER"] as const;

const zInfractionType = z.strictObject({
  code: zCode,
  description: z.string().min(1),
  offender: z.enum(OFFENDERS),
  class: zCode.optional(),
  /** A penalty the law ties to this infraction itself, instead of (or besides) its class. */
  penalty: zPenalty.optional(),
  citation: zCitation,
});
export type InfractionType = z.infer<typeof zInfractionType>;

export const zInfractionRules = z.strictObject({
  classes: z.array(zInfractionClass).default([]),
  catalogue: z.array(zInfractionType).min(1),
  /** Penalties in increasing order of severity, as the law lists them. */
  penaltyScale: z.strictObject({ penalties: z.array(z.string().min(1)).min(1), citation: zCitation }).optional(),
  reclassification: z.strictObject({ note: z.string(), citation: zCitation }).optional(),
  repeat: z
    .strictObject({
      window: zDuration,
      /** "em período inferior a 1 ano": the anniversary itself is outside the window. */
      strict: z.boolean(),
      scope: z.enum(["ANY_INFRACTION", "SAME_INFRACTION"]),
      effect: z.literal("NEXT_CLASS"),
      citation: zCitation,
    })
    .optional(),
  enforcement: z
    .strictObject({
      noticeToDailyFine: z
        .strictObject({
          within: zDuration,
          fraction: z.number().positive(),
          of: z.literal("SALARIO_MINIMO"),
          parameter: z.string(),
          citation: zCitation,
        })
        .optional(),
      removalAfterNotices: z.strictObject({ count: z.int().positive(), citation: zCitation }).optional(),
      appeal: z.strictObject({ within: zDuration, citation: zCitation }).optional(),
      process: z.strictObject({ note: z.string(), citation: zCitation }).optional(),
    })
    .default({}),
});
