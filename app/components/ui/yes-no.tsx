import { fieldId } from "./field";

/** A yes/no question as two gov.br radio buttons (br-radio) in a fieldset (values "sim" / "nao"). */
export function YesNo({
  legend,
  name,
  value,
  hint,
  error,
  required,
}: {
  legend: string;
  name: string;
  value?: string;
  hint?: string;
  error?: string;
  required?: boolean;
}) {
  const id = fieldId(name);
  return (
    <fieldset aria-describedby={error ? `${id}-erro` : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="dica">{hint}</p> : null}
      <div className="opcoes">
        {/* The first option carries the field's id: the error summary's link lands on it. */}
        <div className={`br-radio${error ? " invalid" : ""}`}>
          <input id={id} type="radio" name={name} value="sim" defaultChecked={value === "sim"} required={required} />
          <label htmlFor={id}>Sim</label>
        </div>
        <div className={`br-radio${error ? " invalid" : ""}`}>
          <input
            id={`${id}-nao`}
            type="radio"
            name={name}
            value="nao"
            defaultChecked={value === "nao"}
            required={required}
          />
          <label htmlFor={`${id}-nao`}>Não</label>
        </div>
      </div>
      {error ? (
        <p className="erro-campo feedback danger" id={`${id}-erro`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
