// One way to validate a form: a zod schema per form, parsed from FormData at the edge; on
// failure the action returns the field messages (pt-BR) and the values typed, with status 400.
import type { z } from "zod";

export type FormErrors = Record<string, string | undefined>;
export type FormResult<T> = { ok: true; data: T } | { ok: false; errors: FormErrors; values: Record<string, string> };

export function formValues(form: FormData, omit: string[] = ["csrf"]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !omit.includes(key)) values[key] = value;
  }
  return values;
}

export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  secret: string[] = [],
): FormResult<z.infer<S>> {
  const values = formValues(form, ["csrf", ...secret]);
  const all = formValues(form);
  const result = schema.safeParse(all);
  if (result.success) return { ok: true, data: result.data };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "_form");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, values };
}
