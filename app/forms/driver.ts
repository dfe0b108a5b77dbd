// The driver's forms outside the fact catalogue (whose questions carry their own schemas, ADR 015),
// shared by the action that parses them and the page that derives its HTML limits from them.
import { z } from "zod";
import { zCpf } from "~/domain/br";
import { CATEGORIES, MODES } from "~/domain/rule-packs";
import { parseForm, type FormErrors, type ListFormValues } from "~/utils/forms";

/** Starting an application: where (municipality), what (category), how (mode, company, titular). */
export const zNewApplication = z.object({
  municipio: z.string().min(1, "Escolha o município."),
  categoria: z.enum(CATEGORIES, { error: "Escolha a categoria." }),
  modo: z.enum(MODES, { error: "Escolha como você trabalha." }),
  operadora: z.string().optional(),
  titularCpf: z.preprocess((v) => (v === "" ? undefined : v), zCpf.optional()),
});

/**
 * A wizard step's answers, field by field: the well-formed fields are kept to be saved and only
 * the others are reported, so one bad field never discards the rest (issue #16). `schemaFor`
 * builds the form of exactly the fields given (personFormFor, vehicleFormFor); a field whose
 * answer is refused drops out and the rest is parsed again (a cross-field rule may name a second).
 */
export function parseValidPart<F extends string, T>(
  schemaFor: (fields: readonly F[]) => z.ZodType<T>,
  fields: readonly F[],
  form: FormData,
  lists: string[] = [],
): { data: Partial<T>; fields: F[]; errors: FormErrors; values: ListFormValues } {
  let kept = [...fields];
  let errors: FormErrors = {};
  const values = parseForm(schemaFor([]), form, { lists }).values;
  while (kept.length) {
    const parsed = parseForm(schemaFor(kept), form, { lists });
    if (parsed.ok) return { data: parsed.data, fields: kept, errors, values };
    errors = { ...errors, ...parsed.errors };
    const rest = kept.filter((f) => !(f in parsed.errors));
    // A refusal of the form as a whole names no field: nothing can be trusted, nothing is kept.
    if (rest.length === kept.length) break;
    kept = rest;
  }
  return { data: {}, fields: [], errors, values };
}
