// A form's inputs as a list beside its schema (label, hint, type, autofill), drawn by one <Fields>;
// limits come from the schema. A nested list is a row drawn side by side.
import type { HTMLInputTypeAttribute } from "react";

export type FieldSpec<N extends string = string> = {
  name: N;
  label: string;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
};

export type FieldList<N extends string = string> = readonly (FieldSpec<N> | readonly FieldSpec<N>[])[];
