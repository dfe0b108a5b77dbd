// Who the law credentials, as a form (issue #30's editor): each category of service the portal
// knows, whether the law offers it, the act each mode gets, and the unit of the law that creates it.
// The first thing a new town's author writes; saved into the draft's text and checked like it.
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, fieldId } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { ACT_LABELS, type CategoryChoice, categoryField } from "~/domain/rule-packs/category-offers";
import { ACT_KINDS, MODES } from "~/domain/rule-packs/vocabulary";
import { Hidden } from "./draft";

type Errors = Record<string, string | undefined>;

/** What a mode means for the author choosing its act. */
const MODE_WORDS: Record<(typeof MODES)[number], string> = {
  AUTONOMO: "Condutor autônomo (titular)",
  VINCULADO: "Condutor vinculado a uma empresa",
  PREPOSTO: "Preposto (condutor auxiliar de um titular)",
  OPERADORA: "A empresa (operadora)",
};

const ACT_OPTIONS = ACT_KINDS.map((kind) => ({ value: kind, label: ACT_LABELS[kind] }));

/** A unit of the law the author may cite, as the select shows it: its citation and the start of its words. */
export type LawUnitOption = { citation: string; text: string };

const shortened = (text: string) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);

function CategoryFieldset({
  choice,
  units,
  typed,
  errors,
}: {
  choice: CategoryChoice;
  units: LawUnitOption[] | null;
  typed: Record<string, string> | null;
  errors: Errors;
}) {
  const name = (part?: Parameters<typeof categoryField>[1]) => categoryField(choice.code, part);
  const value = (part: Parameters<typeof categoryField>[1], fallback: string) => typed?.[name(part)] ?? fallback;
  const citation = value("citacao", choice.citation);
  return (
    <fieldset className="categoria-servico">
      <legend>{choice.label}</legend>
      <div className="campo opcoes">
        <label>
          <input
            id={fieldId(name())}
            type="checkbox"
            name={name()}
            value="on"
            defaultChecked={typed ? typed[name()] === "on" : choice.offered}
          />{" "}
          A lei credencia este serviço
        </label>
      </div>
      <div className="categoria-detalhes">
        <Field
          name={name("rotulo")}
          label="Nome do serviço"
          hint="Como a lei e as páginas o chamam."
          defaultValue={value("rotulo", choice.label)}
          error={errors[name("rotulo")]}
        />
        {units ? (
          <SelectField
            name={name("citacao")}
            label="Dispositivo da lei que cria o serviço"
            hint="Os atos e as modalidades novos citam este dispositivo, com o trecho da lei."
            options={units.map((u) => ({ value: u.citation, label: `${u.citation} — ${shortened(u.text)}` }))}
            defaultValue={citation}
            error={errors[name("citacao")]}
          />
        ) : (
          <Field
            name={name("citacao")}
            label="Dispositivo da lei que cria o serviço"
            hint="A citação, como “Lei 1.234/2025, art. 2º”."
            defaultValue={citation}
            error={errors[name("citacao")]}
          />
        )}
        <div className="modalidades">
          {MODES.map((mode) => (
            <SelectField
              key={mode}
              name={name(`ato.${mode}`)}
              label={`${MODE_WORDS[mode]}: ato`}
              placeholder="Não oferece esta modalidade"
              options={ACT_OPTIONS}
              defaultValue={value(`ato.${mode}`, choice.acts[mode])}
              error={errors[name(`ato.${mode}`)]}
            />
          ))}
        </div>
      </div>
    </fieldset>
  );
}

export function DraftCategories({
  draftId,
  choices,
  units,
  errors,
  typed,
}: {
  draftId: string;
  choices: CategoryChoice[];
  /** The law's units to cite, when a law is attached. */
  units: LawUnitOption[] | null;
  errors: Errors;
  /** What was typed when the form was refused, kept as typed. */
  typed: Record<string, string>;
}) {
  const mine = Object.keys(typed).some((k) => k.startsWith("categoria.")) ? typed : null;
  const shown = Object.fromEntries(Object.entries(errors).filter(([name]) => name.startsWith("categoria.")));
  return (
    <section className="cartao" aria-labelledby="categorias-titulo">
      <h2 id="categorias-titulo">Quem a lei credencia</h2>
      <p className="dica">
        Os serviços que a lei regula, o ato que cada modalidade recebe (permissão, autorização…) e o dispositivo que os
        cria. As regras incluídas das propostas valem para as modalidades marcadas aqui: comece por esta parte.
      </p>
      <ErrorSummary errors={shown} />
      <Form method="post" noValidate>
        <Hidden draftId={draftId} intent="categories" />
        {choices.map((choice) => (
          <CategoryFieldset key={choice.code} choice={choice} units={units} typed={mine} errors={shown} />
        ))}
        <SubmitButton busyText="Salvando…">Salvar quem a lei credencia</SubmitButton>
      </Form>
    </section>
  );
}
