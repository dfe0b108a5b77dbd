// One way to validate a form: its zod schema (app/forms/) parsed from FormData; a refusal answers
// `FormFailure`. Values go back cut to the field's maximum (ADR 050): rendered twice, a 5 MB name
// came back as a 10 MB page.
import { z } from "zod";

export type FormErrors = Record<string, string | undefined>;
export type FormValues = Record<string, string>;
/** Values of a form with multi-valued fields (checkbox groups) kept as lists. */
export type ListFormValues = Record<string, string | string[]>;

/** What an action returns for a refused form; every form page reads this shape (`useFormResult`). */
export type FormFailure<V = FormValues> = { errors: FormErrors; values: V; error?: string | null };

type FormResult<T, V = FormValues> = ({ ok: true; data: T } | ({ ok: false } & FormFailure<V>)) & { values: V };

type ParseOptions = {
  /** Fields never echoed back to the page (passwords). */
  secret?: string[];
  /** Fields read with `getAll` (checkbox groups): parsed and kept as lists. */
  lists?: string[];
};

/** What a value is cut to when its field's own limit is unknown: the longest text any form takes. */
export const ECHO_MAX_CHARS = 2_000;

/** A typed value as it may go back to the page: at most `max` characters (no half surrogate pair). */
function echoed(value: string, max = ECHO_MAX_CHARS): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The text values of a form, as typed, for parsing. */
function typedValues(form: FormData, omit: string[]): FormValues {
  const values: FormValues = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !omit.includes(key)) values[key] = value;
  }
  return values;
}

/** The text values of a form, to show again on the page: each cut to ECHO_MAX_CHARS. */
export function formValues(form: FormData, omit: string[] = ["csrf"]): FormValues {
  const values = typedValues(form, omit);
  for (const key of Object.keys(values)) values[key] = echoed(values[key]);
  return values;
}

/** The fields whose names start with `prefix` (one form of a page of several), as `formValues` gives them. */
export function fieldsStartingWith(form: FormData, prefix: string): FormValues {
  return Object.fromEntries(Object.entries(formValues(form)).filter(([name]) => name.startsWith(prefix)));
}

/** Every text value of a form, a field sent more than once (a checkbox group) as a list; each cut to ECHO_MAX_CHARS. */
export function listFormValues(form: FormData, omit: string[] = ["csrf"]): ListFormValues {
  const values: ListFormValues = {};
  for (const key of new Set(form.keys())) {
    if (omit.includes(key)) continue;
    const all = form.getAll(key).flatMap((v) => (typeof v === "string" ? [echoed(v)] : []));
    values[key] = all.length === 1 ? all[0] : all;
  }
  return values;
}

const maxLengths = new WeakMap<z.ZodType, Record<string, number>>();

/** Each field's maxLength in the schema's input (JSON Schema export, as constraintsOf reads it). */
function maxLengthsOf(schema: z.ZodType): Record<string, number> {
  let found = maxLengths.get(schema);
  if (!found) {
    found = {};
    try {
      const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
        properties?: Record<string, { maxLength?: number; items?: { maxLength?: number } }>;
      };
      for (const [name, field] of Object.entries(json.properties ?? {})) {
        const max = field.maxLength ?? field.items?.maxLength;
        if (max !== undefined) found[name] = max;
      }
    } catch {
      // A schema JSON Schema cannot describe: every value is cut to ECHO_MAX_CHARS.
    }
    maxLengths.set(schema, found);
  }
  return found;
}

/** The values to echo: secrets left out, each cut to its field's maxLength, or ECHO_MAX_CHARS. */
function echoedValues(schema: z.ZodType, input: ListFormValues, secret: string[]): ListFormValues {
  const limits = maxLengthsOf(schema);
  const values: ListFormValues = {};
  for (const [key, value] of Object.entries(input)) {
    if (secret.includes(key)) continue;
    const max = limits[key] ?? ECHO_MAX_CHARS;
    values[key] = Array.isArray(value) ? value.map((v) => echoed(v, max)) : echoed(value, max);
  }
  return values;
}

/** The first message of each invalid field, keyed by the field's name ("_form" for the whole form). */
function issuesByField(issues: readonly z.core.$ZodIssue[]): FormErrors {
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
  const input: ListFormValues = typedValues(form, ["csrf", ...lists]);
  for (const key of lists) input[key] = form.getAll(key).filter((v) => typeof v === "string");
  const values = echoedValues(schema, input, secret);
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, errors: issuesByField(result.error.issues), values };
}

/** A form refused as a whole (a conflict, a rate limit, a refusal from a model), values kept. */
export function formError(error: string, values: FormValues = {}): FormFailure {
  return { errors: {}, values, error };
}
