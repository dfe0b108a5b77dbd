// A form's text inputs as a list beside its schema: what the page draws for each field (label,
// hint, input type, browser autofill), so a page renders the list with one <Fields> instead of
// repeating <Field> by hand. The HTML limits are not here: they come from the schema
// (constraintsOf). A nested list is a row of fields drawn side by side.
import type { HTMLInputTypeAttribute } from "react";

export type FieldSpec<N extends string = string> = {
  name: N;
  label: string;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
};

export type FieldList<N extends string = string> = readonly (FieldSpec<N> | readonly FieldSpec<N>[])[];
