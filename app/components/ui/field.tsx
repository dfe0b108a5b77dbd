import type { InputHTMLAttributes } from "react";
import type { FieldConstraint } from "~/forms/constraints";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  /** The HTML limits derived from the form's schema (`constraintsOf`); explicit props win. */
  constraint?: FieldConstraint;
};

/** The id a field's input carries, which the error summary links to. */
export const fieldId = (name: string) => `campo-${name}`;

/** A labelled input (gov.br br-input) with its hint and its error tied to it for screen readers. */
export function Field({ label, name, hint, error, id, constraint, ...input }: Props) {
  const inputId = id ?? fieldId(name);
  const described = [hint ? `${inputId}-dica` : null, error ? `${inputId}-erro` : null].filter(Boolean).join(" ");
  return (
    <div className={`campo br-input${error ? " danger" : ""}`}>
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p className="dica" id={`${inputId}-dica`}>
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...constraint}
        {...input}
      />
      {error ? (
        <p className="erro-campo feedback danger" id={`${inputId}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
