// The parameters left to the municipality: the form publishing the next version, and past versions.
import { Form } from "@remix-run/react";
import { UNIT_LABEL } from "~/components/back-office/pack-text";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, TextAreaField } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { formatInstant } from "~/domain/format";
import { constraintsOf } from "~/forms/constraints";
import { type ParameterField, parameterName, ruleParameterFields } from "~/forms/rule-pack";

const SWITCH_OPTIONS = [
  { value: "0", label: "Não pedir" },
  { value: "1", label: "Pedir" },
];

type Parameter = ParameterField & { label: string; note: string; citation: string; default: number | null };

type FormProps = {
  parameters: Parameter[];
  errors: Record<string, string | undefined>;
  values: Record<string, string>;
  error: string | null | undefined;
};

export function ParametersForm({ parameters, errors, values, error }: FormProps) {
  const noteLimits = constraintsOf(ruleParameterFields(parameters)).note;
  return (
    <section id="parametros" className="cartao" aria-labelledby="parametros-titulo">
      <h2 id="parametros-titulo">Parâmetros</h2>
      <p className="dica">
        Valores que a lei deixa ao município. Publicar cria a versão seguinte do pacote; cada decisão guarda a versão em
        que foi tomada.
      </p>
      <ErrorSummary
        errors={errors}
        error={error}
        idOf={(name) => (name === "note" ? "nota-versao" : `param-${name.slice("p:".length)}`)}
      />
      <Form method="post" noValidate>
        <CsrfInput />
        {parameters.map((p) => {
          const name = parameterName(p.key);
          if (p.unit === "SWITCH")
            return (
              <SelectField
                key={p.key}
                id={`param-${p.key}`}
                name={name}
                label={p.label}
                hint={`${p.note} ${p.citation}.`}
                options={SWITCH_OPTIONS}
                placeholder=""
                disabled={!p.editable}
                defaultValue={values[name] ?? String(p.value ?? 0)}
                error={errors[name]}
              />
            );
          return (
            <Field
              key={p.key}
              id={`param-${p.key}`}
              name={name}
              label={`${p.label} (${UNIT_LABEL[p.unit] ?? p.unit})`}
              hint={`${p.note} ${p.citation}.${p.default !== null ? ` Padrão: ${p.default}.` : ""}${p.editable ? "" : " Fixado pela lei."}`}
              inputMode="decimal"
              disabled={!p.editable}
              defaultValue={values[name] ?? (p.value === null ? "" : String(p.value))}
              error={errors[name]}
            />
          );
        })}
        <TextAreaField
          label="Motivo da mudança"
          id="nota-versao"
          name="note"
          {...noteLimits}
          defaultValue={values.note}
          error={errors.note}
        />
        <SubmitButton busyText="Publicando…">Publicar nova versão</SubmitButton>
      </Form>
    </section>
  );
}

type VersionsProps = {
  history: {
    id: string;
    version: string;
    publishedAt: string;
    who: string;
    note: string | null;
    values: Record<string, number | null>;
  }[];
  parameters: Parameter[];
  /** The pack's version in force, for the sentence when none was published. */
  version: string;
  timeZone: string;
};

export function PublishedVersions({ history, parameters, version, timeZone }: VersionsProps) {
  return (
    <section id="versoes" aria-labelledby="versoes-titulo">
      <h2 id="versoes-titulo">Versões publicadas</h2>
      {history.length === 0 ? (
        <p>
          Só a versão original do pacote ({version === "1.0.0" ? "1.0.0" : "original"}); nenhuma alteração publicada.
        </p>
      ) : (
        <div className="tabela-rolagem">
          <table className="tabela-responsiva bo-tabela">
            <thead>
              <tr>
                <th scope="col">Versão</th>
                <th scope="col">Publicada</th>
                <th scope="col">Por</th>
                <th scope="col">Motivo</th>
                <th scope="col">Valores</th>
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <tr key={h.id}>
                  <td data-label="Versão">
                    <strong>{h.version}</strong>
                  </td>
                  <td data-label="Publicada">{formatInstant(h.publishedAt, timeZone)}</td>
                  <td data-label="Por">{h.who}</td>
                  <td data-label="Motivo">{h.note ?? "—"}</td>
                  <td data-label="Valores">
                    {Object.entries(h.values)
                      .map(([k, v]) => {
                        const p = parameters.find((x) => x.key === k);
                        const shown = p?.unit === "SWITCH" ? SWITCH_OPTIONS[v === 1 ? 1 : 0].label : (v ?? "—");
                        return `${p?.label ?? k}: ${shown}`;
                      })
                      .join("; ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
