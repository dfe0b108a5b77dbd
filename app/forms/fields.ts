// A form's inputs as a list beside its schema (label, hint, type, autofill), drawn by one <Fields>;
// limits come from the schema. A nested list is a row drawn side by side.
import type { HTMLInputTypeAttribute } from "react";
import { z } from "zod";

export type FieldSpec<N extends string = string> = {
  name: N;
  label: string;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
};

export type FieldList<N extends string = string> = readonly (FieldSpec<N> | readonly FieldSpec<N>[])[];

/** An e-mail field: `missing` when left empty, "E-mail inválido." when it is not one. */
export const zEmail = (missing: string, max = 160) =>
  z.string({ error: missing }).trim().toLowerCase().min(1, missing).max(max).email("E-mail inválido.");
