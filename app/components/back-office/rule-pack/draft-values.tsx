// The values of the draft's rules as fields (issue #30's editor): each number with what it means,
// its unit, the rule's citation and the law's words, so the most common change to a city's rules
// (an age, a time, a displacement) needs no JSON. Saved into the draft's text and checked like it.
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import type { RuleValueField } from "~/domain/rule-packs/rule-values";
import { Hidden } from "./draft";

type Errors = Record<string, string | undefined>;

const GROUPS = [
  { list: "personRules", title: "Do condutor" },
  { list: "vehicleRules", title: "Do veículo" },
  { list: "operatorRules", title: "Da empresa" },
  { list: "parameters", title: "Parâmetros: o que a lei deixa ao município" },
] as const;

/** One field: label and unit, what the number means, and the law it comes from. */
function ValueField({ field, typed, error }: { field: RuleValueField; typed?: string; error?: string }) {
  const law = field.quote ? ` — “${field.quote}”` : "";
  return (
    <Field
      name={field.name}
      type={field.integer ? "number" : "text"}
      inputMode={field.integer ? "numeric" : "decimal"}
      label={`${field.label} (${field.unit})`}
      hint={`${field.hint} ${field.list === "parameters" ? "Parâmetro" : "Regra"} ${field.ruleId}, ${field.citation}${law}`}
      defaultValue={typed ?? (field.value === null ? "" : String(field.value).replace(".", ","))}
      min={field.integer ? field.min : undefined}
      max={field.integer ? field.max : undefined}
      step={field.integer ? 1 : undefined}
      error={error}
    />
  );
}

export function DraftValues({
  draftId,
  fields,
  errors,
  typed,
}: {
  draftId: string;
  fields: RuleValueField[];
  errors: Errors;
  /** What was typed when the values were refused, kept as typed. */
  typed: Record<string, string>;
}) {
  if (fields.length === 0) return null;
  const shown = Object.fromEntries(
    Object.entries(errors).filter(([name]) => name === "_form" || fields.some((f) => f.name === name)),
  );
  return (
    <section className="cartao" aria-labelledby="valores-titulo">
      <h2 id="valores-titulo">Valores das regras</h2>
      <p className="dica">
        Os números das regras do rascunho, cada um com o que significa e o trecho da lei que o fundamenta. Salvar muda
        só esses números no texto do pacote e confere tudo de novo: um valor mais brando que a lei federal aparece como
        problema, com a citação federal.
      </p>
      <ErrorSummary errors={shown} />
      <Form method="post" noValidate>
        <Hidden draftId={draftId} intent="values" />
        {GROUPS.map((group) => {
          const inGroup = fields.filter((f) => f.list === group.list);
          return inGroup.length ? (
            <fieldset key={group.list}>
              <legend>{group.title}</legend>
              {inGroup.map((f) => (
                <ValueField key={f.name} field={f} typed={typed[f.name]} error={shown[f.name]} />
              ))}
            </fieldset>
          ) : null;
        })}
        <SubmitButton busyText="Salvando…">Salvar os valores</SubmitButton>
      </Form>
    </section>
  );
}
