// The driver's forms outside the fact catalogue (ADR 015), shared by action and page.
import { z } from "zod";
import { zCpf } from "~/domain/br";
import { CATEGORIES, MODES } from "~/domain/rule-packs";
import { type FormErrors, type ListFormValues, parseForm } from "~/utils/forms";

/** Starting an application: where (municipality), what (category), how (mode, company, titular). */
export const zNewApplication = z.object({
  municipio: z.string().min(1, "Escolha o município."),
  categoria: z.enum(CATEGORIES, { error: "Escolha a categoria." }),
  modo: z.enum(MODES, { error: "Escolha como você trabalha." }),
  operadora: z.string().optional(),
  titularCpf: z.preprocess((v) => (v === "" ? undefined : v), zCpf.optional()),
});

/**
 * Keeps the well-formed fields and reports the rest, so one bad field never discards the others
 * (issue #16); refused fields drop out and the rest is parsed again (cross-field rules).
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
