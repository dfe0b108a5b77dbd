// The wizard's questions from the fact catalogue, one control per fact; which are asked is the
// rule pack's answer, and nothing here knows a city.
import { Field, fieldId } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import { FACTS, type Question, questionText } from "~/domain/facts";
import type { FieldConstraint } from "~/forms/constraints";

type Values = Record<string, string | string[] | undefined>;
type Errors = Record<string, string | undefined>;
/** The HTML limits of the form's schema (`constraintsOf`), by field name. */
type Limits = Record<string, FieldConstraint | undefined>;

/** The form field a fact is asked in: the wizard's own, or another form's ("fato.<fact>" in an example). */
type NameOf = (fact: Question["fact"]) => string;

function OneQuestion({
  q,
  values,
  errors,
  limits,
  municipality,
  nameOf,
}: {
  q: Question;
  values: Values;
  errors: Errors;
  limits: Limits;
  municipality: string;
  nameOf?: NameOf;
}) {
  const def = FACTS[q.fact];
  const name = nameOf ? nameOf(q.fact) : def.form!.field;
  const label = questionText(q.fact, municipality);
  const raw = values[name];
  const value = typeof raw === "string" ? raw : "";
  const error = errors[name];
  const constraint = limits[name];
  const input = def.input;
  switch (input.kind) {
    case "yesNo":
      return (
        <YesNo legend={label} name={name} value={value} hint={def.hint} error={error} required={constraint?.required} />
      );
    case "choice": {
      const options = q.options ? input.options.filter((o) => q.options!.includes(o.value)) : input.options;
      return (
        <SelectField
          label={label}
          name={name}
          defaultValue={value}
          hint={def.hint}
          error={error}
          options={options}
          constraint={constraint}
        />
      );
    }
    case "multiChoice": {
      const options = q.options ? input.options.filter((o) => q.options!.includes(o.value)) : input.options;
      const chosen = Array.isArray(raw) ? raw : [];
      return (
        <fieldset>
          <legend>{label}</legend>
          {def.hint ? <p className="dica">{def.hint}</p> : null}
          <div className="opcoes">
            {options.map((o, i) => (
              <label key={o.value}>
                <input
                  id={i === 0 ? fieldId(name) : undefined}
                  type="checkbox"
                  name={name}
                  value={o.value}
                  defaultChecked={chosen.includes(o.value)}
                />{" "}
                {o.label}
              </label>
            ))}
          </div>
          {error ? <p className="erro-campo">{error}</p> : null}
        </fieldset>
      );
    }
    case "date":
      return (
        <Field
          label={label}
          name={name}
          type="date"
          defaultValue={value}
          hint={def.hint}
          error={error}
          constraint={{ required: constraint?.required }}
        />
      );
    case "year":
    case "integer":
    case "money":
      return (
        <Field
          label={label}
          name={name}
          inputMode="numeric"
          defaultValue={value}
          hint={def.hint}
          error={error}
          constraint={constraint}
        />
      );
    case "text":
      return (
        <Field
          label={label}
          name={name}
          defaultValue={value}
          hint={def.hint}
          error={error}
          constraint={constraint}
          inputMode={input.inputMode}
          autoComplete={input.autoComplete}
          autoCapitalize={input.autoCapitalize}
        />
      );
  }
}

/** The questions in order; consecutive questions of one group share a fieldset. */
export function FactQuestions({
  questions,
  values,
  errors,
  limits,
  municipality,
  nameOf,
}: {
  questions: readonly Question[];
  values: Values;
  errors: Errors;
  limits: Limits;
  municipality: string;
  nameOf?: NameOf;
}) {
  const runs: { group?: string; items: Question[] }[] = [];
  for (const q of questions) {
    const group = FACTS[q.fact].group;
    const last = runs[runs.length - 1];
    if (group && last?.group === group) last.items.push(q);
    else runs.push({ group, items: [q] });
  }
  return (
    <>
      {runs.map((run) =>
        run.group ? (
          <fieldset key={run.items[0].fact}>
            <legend>{run.group}</legend>
            {run.items.map((q) => (
              <OneQuestion
                key={q.fact}
                q={q}
                values={values}
                errors={errors}
                limits={limits}
                municipality={municipality}
                nameOf={nameOf}
              />
            ))}
          </fieldset>
        ) : (
          <OneQuestion
            key={run.items[0].fact}
            q={run.items[0]}
            values={values}
            errors={errors}
            limits={limits}
            municipality={municipality}
            nameOf={nameOf}
          />
        ),
      )}
    </>
  );
}
