// Example applicants in a pack (issue #30): people the author describes with the outcome the law
// gives them — accepted, or refused by the rules named — run against the pack when it is checked,
// so a draft that would refuse the applicant the author meant to accept (or the reverse) cannot be
// published. They travel with the pack: the next version's draft starts with them, a regression
// suite of the city's own. Facts as the eligibility engine reads them, dates as AAAA-MM-DD.
import { z } from "zod";
import {
  BLOOD_TYPES,
  zCategory,
  zCnhCategory,
  zHeldPermission,
  zIbgeCode,
  zIsoDate,
  zMode,
  zOwnerKind,
  zQuotaUnit,
  zRegistrationCategory,
} from "./vocabulary";

const zExamplePerson = z.strictObject({
  birthDate: zIsoDate.nullish(),
  cnhCategory: zCnhCategory.nullish(),
  cnhFirstLicenseDate: zIsoDate.nullish(),
  cnhEar: z.boolean().nullish(),
  residenceMunicipalityIbge: zIbgeCode.nullish(),
  heldPermissions: z.array(zHeldPermission).nullish(),
  otherRegisteredVehicles: z.int().nonnegative().nullish(),
  bloodType: z.enum(BLOOD_TYPES).nullish(),
});

const zExampleVehicle = z.strictObject({
  manufactureYear: z.int().min(1900).max(2100).nullish(),
  firstRegistrationDate: zIsoDate.nullish(),
  displacementCc: z.int().positive().nullish(),
  doors: z.int().nonnegative().nullish(),
  passengerSeats: z.int().nonnegative().nullish(),
  registrationCategory: zRegistrationCategory.nullish(),
  licensingMunicipalityIbge: zIbgeCode.nullish(),
  ownerKind: zOwnerKind.nullish(),
  leased: z.boolean().nullish(),
  usedForCargo: z.boolean().nullish(),
  usedForPassengers: z.boolean().nullish(),
  licensingUpToDate: z.boolean().nullish(),
  operatorControlNumber: z.string().nullish(),
});

const zExampleOperator = z.strictObject({
  credentialed: z.boolean().nullish(),
  headOfficeMunicipalityIbge: zIbgeCode.nullish(),
  branchMunicipalityIbges: z.array(zIbgeCode).nullish(),
  declaredAssetsBrl: z.number().nonnegative().nullish(),
  reportedDriverData: z.boolean().nullish(),
});

export const zPackExample = z.strictObject({
  /** Who this is, in a sentence: "Mototaxista de 20 anos — abaixo da idade mínima". */
  name: z.string().min(1),
  category: zCategory,
  mode: zMode,
  /** The day the applicant is judged on: ages and times held are counted to it. */
  date: zIsoDate,
  person: zExamplePerson.default({}),
  vehicle: zExampleVehicle.default({}),
  operator: zExampleOperator.optional(),
  quota: z
    .strictObject({
      population: z.int().positive().nullish(),
      inForce: z.partialRecord(zQuotaUnit, z.int().nonnegative()).optional(),
    })
    .optional(),
  /** Documents the applicant presents, accepted on the day (a report that lets an older vehicle in). */
  documents: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/, "tipo de documento em MAIÚSCULAS")).default([]),
  /** ELIGIBLE: every rule passes. NOT_ELIGIBLE: exactly the rules in `failing` refuse (ids of checks). */
  expected: z.enum(["ELIGIBLE", "NOT_ELIGIBLE"]),
  failing: z.array(z.string().min(1)).default([]),
});
export type PackExample = z.output<typeof zPackExample>;
