// The wizard's personal-data form: any field may be left for later (the draft saves as it is), but
// what is typed must be well formed. Asks only what the pack reads; validation in facts/answers.
import { z } from "zod";
import { personAnswers, type PersonField } from "~/domain/facts/answers";

export const zPersonFields = z.object(personAnswers);

type PersonValues = Partial<z.infer<typeof zPersonFields>>;

/** Dates that cannot be: in the future, before birth. The day is passed in (no hidden clock). */
function plausibleDates(today: string) {
  return (v: PersonValues, ctx: z.RefinementCtx) => {
    if (v.birthDate && (v.birthDate > today || v.birthDate < "1900-01-01"))
      ctx.addIssue({ code: "custom", path: ["birthDate"], message: "Data de nascimento fora do possível." });
    if (v.cnhFirstLicenseDate && v.cnhFirstLicenseDate > today)
      ctx.addIssue({
        code: "custom",
        path: ["cnhFirstLicenseDate"],
        message: "A primeira habilitação não pode ser no futuro.",
      });
    if (v.birthDate && v.cnhFirstLicenseDate && v.cnhFirstLicenseDate < v.birthDate)
      ctx.addIssue({
        code: "custom",
        path: ["cnhFirstLicenseDate"],
        message: "A primeira habilitação não pode ser antes do nascimento.",
      });
  };
}

/** The form of exactly these fields (the ones the page asked). */
export function personFormFor(fields: readonly PersonField[], today: string) {
  const mask = Object.fromEntries(fields.map((f) => [f, true])) as Partial<Record<PersonField, true>>;
  return zPersonFields.pick(mask).superRefine(plausibleDates(today));
}

export type PersonForm = PersonValues;
