import type { SelectHTMLAttributes } from "react";
import type { FieldConstraint } from "~/forms/constraints";
import { fieldId as idOf } from "./field";

type Props = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
  error?: string;
  placeholder?: string;
  /** From the form's schema (`constraintsOf`): a select takes only `required`. */
  constraint?: FieldConstraint;
};

/** A labelled native select drawn with the gov.br br-input/br-select look (no DS script). */
export function SelectField({
  label,
  name,
  options,
  hint,
  error,
  placeholder = "Escolha…",
  id,
  constraint,
  ...select
}: Props) {
  const fieldId = id ?? idOf(name);
  const described = [hint ? `${fieldId}-dica` : null, error ? `${fieldId}-erro` : null].filter(Boolean).join(" ");
  return (
    <div className={`campo br-input br-select${error ? " danger" : ""}`}>
      <label htmlFor={fieldId}>{label}</label>
      {hint ? (
        <p className="dica" id={`${fieldId}-dica`}>
          {hint}
        </p>
      ) : null}
      <select
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        required={constraint?.required}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p className="erro-campo feedback danger" id={`${fieldId}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
