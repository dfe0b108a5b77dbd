import type { ComponentProps } from "react";
import type { FieldConstraint } from "~/forms/constraints";
import type { FieldList, FieldSpec } from "~/forms/fields";
import { Field } from "./field";

type Props = {
  /** The form's field list (app/forms); a nested list is a row drawn side by side. */
  fields: FieldList;
  /** The values to show: as saved, or as typed when the action refused them. */
  values: Readonly<Record<string, string | null | undefined>>;
  errors: Readonly<Record<string, string | undefined>>;
  /** The HTML limits of the form's schema (constraintsOf). */
  limits: Readonly<Record<string, FieldConstraint | undefined>>;
  /** What only the page knows, by field (a date's `max` of today, a hint with a figure). */
  extra?: Readonly<Record<string, Partial<ComponentProps<typeof Field>>>>;
};

/** Every field of a list, each one <Field> with its value, error and limits. */
export function Fields({ fields, values, errors, limits, extra = {} }: Props) {
  const one = (f: FieldSpec) => (
    <Field
      key={f.name}
      label={f.label}
      name={f.name}
      hint={f.hint}
      type={f.type}
      autoComplete={f.autoComplete}
      defaultValue={f.type === "password" ? undefined : (values[f.name] ?? undefined)}
      error={errors[f.name]}
      constraint={limits[f.name]}
      {...extra[f.name]}
    />
  );
  return (
    <>
      {fields.map((f) =>
        "name" in f ? (
          one(f)
        ) : (
          <div className="colunas" key={f.map((x) => x.name).join(" ")}>
            {f.map(one)}
          </div>
        ),
      )}
    </>
  );
}
