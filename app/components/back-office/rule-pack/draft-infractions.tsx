// The draft's infractions as a form (issue #30's editor): what each one is and who commits it, with
// the law's words beside it — the reading a person most often corrects (ADR 073). Saved into the
// draft's text and checked like it.
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextAreaField } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { InfractionField } from "~/domain/rule-packs/infraction-fields";
import { Hidden } from "./draft";

const WHO = [
  { value: "CONDUTOR", label: "O condutor (quem dirige)" },
  { value: "TITULAR", label: "O titular da permissão ou autorização" },
  { value: "OPERADORA", label: "A empresa (operadora)" },
  { value: "QUALQUER", label: "Quem a cometer (a lei não distingue)" },
];

type Errors = Record<string, string | undefined>;

export function DraftInfractions({
  draftId,
  fields,
  errors,
  typed,
}: {
  draftId: string;
  fields: InfractionField[];
  errors: Errors;
  /** What was typed when the form was refused, kept as typed. */
  typed: Record<string, string>;
}) {
  if (fields.length === 0) return null;
  const shown = Object.fromEntries(
    Object.entries(errors).filter(([name]) => name === "_form" || name.startsWith("infracao.")),
  );
  return (
    <section className="cartao" aria-labelledby="infracoes-rascunho-titulo">
      <h2 id="infracoes-rascunho-titulo">Infrações: o que são e quem as comete</h2>
      <p className="dica">
        Cada infração do rascunho com o trecho da lei. Quem a comete decide de quem é a penalidade: o condutor que
        dirigia, o titular da permissão ou a empresa. O portal lê isso da lei, mas a mesma palavra pode ter sentidos
        diferentes em artigos diferentes: confira.
      </p>
      <ErrorSummary errors={shown} />
      <Form method="post" noValidate>
        <Hidden draftId={draftId} intent="infractions" />
        {fields.map((f) => {
          const at = `infracao.${f.index}`;
          return (
            // Keyed by the code too: a field kept by its place alone would show a shifted infraction's choices.
            <fieldset key={`${at}.${f.code}`}>
              <legend>
                {f.code} — {f.citation}
              </legend>
              {f.quote ? <p className="dica">“{f.quote}”</p> : null}
              <input type="hidden" name={`${at}.code`} value={f.code} />
              <TextAreaField
                name={`${at}.description`}
                label={`O que é a infração ${f.code}`}
                rows={2}
                defaultValue={typed[`${at}.description`] ?? f.description}
                error={shown[`${at}.description`]}
              />
              <SelectField
                name={`${at}.offender`}
                label={`Quem comete a infração ${f.code}`}
                options={WHO}
                defaultValue={typed[`${at}.offender`] ?? f.offender ?? ""}
                error={shown[`${at}.offender`]}
              />
            </fieldset>
          );
        })}
        <SubmitButton busyText="Salvando…">Salvar as infrações</SubmitButton>
      </Form>
    </section>
  );
}
