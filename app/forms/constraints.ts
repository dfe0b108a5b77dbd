// A form's HTML limits derived from its zod schema, so pages never repeat them (ADR 021). Read via
// zod's JSON Schema export, the public view of its checks that stays stable across releases.
import { z } from "zod";
import { zCep, zCnh, zCpf, zPhone, zRenavam } from "~/domain/br";

type InputMode = "numeric" | "decimal" | "tel" | "email";

/** The attributes a field takes from its schema; given to <Field constraint={…}>. */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  pattern?: string;
  inputMode?: InputMode;
};

// Identifiers typed as digits (with or without their mask): the numeric keyboard. Their checks are
// refinements, which JSON Schema cannot show.
const KEYBOARDS = new Map<z.core.$ZodType, InputMode>([
  [zCpf, "numeric"],
  [zCep, "numeric"],
  [zCnh, "numeric"],
  [zRenavam, "numeric"],
  [zPhone, "tel"],
]);

function keyboardOf(schema: z.core.$ZodType): InputMode | undefined {
  const known = KEYBOARDS.get(schema);
  if (known) return known;
  const def = schema._zod.def as unknown as {
    type: string;
    innerType?: z.core.$ZodType;
    in?: z.core.$ZodType;
    out?: z.core.$ZodType;
  };
  if (def.innerType) return keyboardOf(def.innerType);
  if (def.type === "pipe") return (def.out && keyboardOf(def.out)) ?? (def.in && keyboardOf(def.in));
  return undefined;
}

/** A pattern of digits alone (`^\\d{7}$`): the numeric keyboard. */
const DIGITS_ONLY = /^\^?(\\d(\{\d+(,\d*)?\})?)+\$?$/;

type JsonField = {
  type?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
};

function constraintOf(field: JsonField, required: boolean, keyboard: InputMode | undefined): FieldConstraint {
  const c: FieldConstraint = {};
  // A yes/no or a checkbox always parses to a boolean: leaving it blank is an answer, not a gap.
  if (required && field.type !== "boolean") c.required = true;
  if (field.type === "string") {
    if (field.minLength !== undefined && field.minLength > 1) c.minLength = field.minLength;
    if (field.maxLength !== undefined) c.maxLength = field.maxLength;
    // A format (e-mail, date) is the input's type's business; only a plain regex becomes a pattern.
    if (field.pattern !== undefined && field.format === undefined) {
      c.pattern = field.pattern;
      if (DIGITS_ONLY.test(field.pattern)) c.inputMode = "numeric";
    }
    if (field.format === "email") c.inputMode = "email";
  }
  // A choice typed as text (a UF): no longer than its longest option.
  if (field.enum?.every((option) => typeof option === "string"))
    c.maxLength = Math.max(...field.enum.map((option) => String(option).length));
  if (field.type === "integer" || field.type === "number") {
    if (field.minimum !== undefined) c.min = field.minimum;
    if (field.maximum !== undefined) c.max = field.maximum;
    c.inputMode = field.type === "integer" ? "numeric" : "decimal";
  }
  if (keyboard) c.inputMode = keyboard;
  return c;
}

/** Each field of an object schema (refinements and all) with its HTML constraint. */
export function constraintsOf<S extends z.ZodObject>(schema: S): Record<keyof S["shape"] & string, FieldConstraint> {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonField>;
    required?: string[];
  };
  const required = new Set(json.required ?? []);
  const result: Record<string, FieldConstraint> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.core.$ZodType>)) {
    result[name] = constraintOf(json.properties?.[name] ?? {}, required.has(name), keyboardOf(field));
  }
  return result as Record<keyof S["shape"] & string, FieldConstraint>;
}
