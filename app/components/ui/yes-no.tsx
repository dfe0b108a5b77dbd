/** A yes/no question as two radio buttons in a fieldset (values "sim" / "nao"). */
export function YesNo({
  legend,
  name,
  value,
  hint,
  error,
}: {
  legend: string;
  name: string;
  value?: string;
  hint?: string;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `campo-${name}-erro` : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="dica">{hint}</p> : null}
      <div className="opcoes">
        <label>
          <input type="radio" name={name} value="sim" defaultChecked={value === "sim"} /> Sim
        </label>
        <label>
          <input type="radio" name={name} value="nao" defaultChecked={value === "nao"} /> Não
        </label>
      </div>
      {error ? (
        <p className="erro-campo" id={`campo-${name}-erro`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
