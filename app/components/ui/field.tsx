import type { InputHTMLAttributes } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
};

/** A labelled input with its hint and its error tied to it for screen readers. */
export function Field({ label, name, hint, error, id, ...input }: Props) {
  const fieldId = id ?? `campo-${name}`;
  const described = [hint ? `${fieldId}-dica` : null, error ? `${fieldId}-erro` : null].filter(Boolean).join(" ");
  return (
    <div className="campo">
      <label htmlFor={fieldId}>{label}</label>
      {hint ? (
        <p className="dica" id={`${fieldId}-dica`}>
          {hint}
        </p>
      ) : null}
      <input
        id={fieldId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {error ? (
        <p className="erro-campo" id={`${fieldId}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
