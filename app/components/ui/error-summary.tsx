import { useEffect, useRef } from "react";
import type { FormErrors } from "~/utils/forms";
import { fieldId } from "./field";

/**
 * The box atop a refused form, one link per invalid field. It takes focus so a keyboard or
 * screen-reader user starts from what to fix; `role="alert"` announces it too.
 */
export function ErrorSummary({
  errors = {},
  error,
  title = "Corrija os campos indicados abaixo.",
  idOf = fieldId,
}: {
  errors?: FormErrors;
  /** The form-level message (a refusal, a conflict); shown as the title when there is one. */
  error?: string | null;
  title?: string;
  /** The id of a field's input, for pages whose inputs are not `<Field>`'s `campo-<name>`. */
  idOf?: (name: string) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const fields = Object.entries(errors).filter(
    (entry): entry is [string, string] => entry[0] !== "_form" && Boolean(entry[1]),
  );
  const heading = error ?? errors._form ?? (fields.length ? title : null);
  // Each new answer from the action (a new errors object) moves focus here again.
  useEffect(() => {
    if (heading) ref.current?.focus();
  }, [errors, error, heading]);
  if (!heading) return null;
  return (
    <div
      className="br-message danger aviso erro resumo-erros"
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="resumo-erros-titulo"
    >
      <div className="content">
        <p id="resumo-erros-titulo" className="message-title" style={{ whiteSpace: "pre-line" }}>
          {heading}
        </p>
        {fields.length ? (
          <ul className="message-body">
            {fields.map(([name, message]) => (
              <li key={name}>
                <a href={`#${idOf(name)}`}>{message}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
