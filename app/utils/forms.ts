// One way to validate a form: a zod schema per form (in `app/forms/`, shared with the page that
// derives its HTML limits from it), parsed from FormData at the edge. A refused form answers in
// one shape, `FormFailure`, with status 400 (or the refusal's own status): the field messages
// (pt-BR) keyed by field name, the values as typed (secrets left out) and a form-level message.
import type { z } from "zod";

export type FormErrors = Record<string, string | undefined>;
export type FormValues = Record<string, string>;
/** Values of a form with multi-valued fields (checkbox groups) kept as lists. */
export type ListFormValues = Record<string, string | string[]>;

/** What an action returns for a refused form; every form page reads this shape (`useFormResult`). */
export type FormFailure<V = FormValues> = { errors: FormErrors; values: V; error?: string | null };

export type FormResult<T, V = FormValues> = ({ ok: true; data: T } | ({ ok: false } & FormFailure<V>)) & { values: V };

type ParseOptions = {
  /** Fields never echoed back to the page (passwords). */
  secret?: string[];
  /** Fields read with `getAll` (checkbox groups): parsed and kept as lists. */
  lists?: string[];
};

export function formValues(form: FormData, omit: string[] = ["csrf"]): FormValues {
  const values: FormValues = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !omit.includes(key)) values[key] = value;
  }
  return values;
}

/** The first message of each invalid field, keyed by the field's name ("_form" for the whole form). */
export function issuesByField(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
  return errors;
}

export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  options?: { secret?: string[] },
): FormResult<z.infer<S>>;
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  options: ParseOptions & { lists: string[] },
): FormResult<z.infer<S>, ListFormValues>;
export function parseForm<S extends z.ZodType>(
  schema: S,
  form: FormData,
  { secret = [], lists = [] }: ParseOptions = {},
): FormResult<z.infer<S>, ListFormValues> {
  const input: ListFormValues = formValues(form, ["csrf", ...lists]);
  for (const key of lists) input[key] = form.getAll(key).filter((v) => typeof v === "string");
  const values = Object.fromEntries(Object.entries(input).filter(([key]) => !secret.includes(key)));
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, errors: issuesByField(result.error.issues), values };
}

/** A form refused as a whole (a conflict, a rate limit, a refusal from a model), values kept. */
export function formError(error: string, values: FormValues = {}): FormFailure {
  return { errors: {}, values, error };
}
