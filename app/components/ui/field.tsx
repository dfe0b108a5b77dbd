import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
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

/** The label, hint and error around one control, tied together for screen readers. */
function FieldFrame({
  label,
  controlId,
  hint,
  error,
  control,
}: {
  label: string;
  controlId: string;
  hint?: string;
  error?: string;
  control: (describedBy: string | undefined) => ReactNode;
}) {
  const described = [hint ? `${controlId}-dica` : null, error ? `${controlId}-erro` : null].filter(Boolean).join(" ");
  return (
    <div className={`campo br-input${error ? " danger" : ""}`}>
      <label htmlFor={controlId}>{label}</label>
      {hint ? (
        <p className="dica" id={`${controlId}-dica`}>
          {hint}
        </p>
      ) : null}
      {control(described || undefined)}
      {error ? (
        <p className="erro-campo feedback danger" id={`${controlId}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input (gov.br br-input) with its hint and its error tied to it for screen readers. */
export function Field({ label, name, hint, error, id, constraint, ...input }: Props) {
  const inputId = id ?? fieldId(name);
  return (
    <FieldFrame
      label={label}
      controlId={inputId}
      hint={hint}
      error={error}
      control={(describedBy) => (
        <input
          id={inputId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...constraint}
          {...input}
        />
      )}
    />
  );
}

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
  /** The limits derived from the form's schema (`constraintsOf`); explicit props win. */
  constraint?: Pick<FieldConstraint, "required" | "minLength" | "maxLength">;
};

/** A labelled multi-line text box, drawn and tied to its hint and error as <Field> is. */
export function TextAreaField({ label, name, hint, error, id, constraint, ...textarea }: TextAreaProps) {
  const areaId = id ?? fieldId(name);
  return (
    <FieldFrame
      label={label}
      controlId={areaId}
      hint={hint}
      error={error}
      control={(describedBy) => (
        <textarea
          id={areaId}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          required={constraint?.required}
          minLength={constraint?.minLength}
          maxLength={constraint?.maxLength}
          {...textarea}
        />
      )}
    />
  );
}

type FileFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  name: string;
  hint: string;
  error?: string;
};

/** A labelled file input with its hint (what to send, how large) and its error, tied for screen readers. */
export function FileField({ label, name, hint, error, id, ...input }: FileFieldProps) {
  const inputId = id ?? fieldId(name);
  return (
    <div className="campo">
      <label htmlFor={inputId}>{label}</label>
      <p className="dica" id={`${inputId}-dica`}>
        {hint}
      </p>
      <input
        id={inputId}
        name={name}
        type="file"
        required
        aria-describedby={error ? `${inputId}-dica ${inputId}-erro` : `${inputId}-dica`}
        aria-invalid={error ? true : undefined}
        {...input}
      />
      {error ? (
        <p className="erro-campo" id={`${inputId}-erro`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
