// The draft's documents as a form (issue #30's editor): the name each has on the driver's checklist
// and how long it is valid, with the citation beside it. Saved into the draft's text and checked like it.
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { DocumentField } from "~/domain/rule-packs/document-fields";
import { Hidden } from "./draft";

type Errors = Record<string, string | undefined>;

const VALIDITY = [
  { value: "NONE", label: "Sem validade (vale o documento como está)" },
  { value: "OWN_EXPIRY", label: "A validade impressa no próprio documento (CNH, CRLV, apólice)" },
  { value: "DURATION", label: "Um prazo desde a expedição (informe abaixo)" },
  { value: "RECENT", label: "“Recente”: dias definidos no parâmetro do município" },
];
const UNITS = [
  { value: "D", label: "dias" },
  { value: "M", label: "meses" },
  { value: "Y", label: "anos" },
];

export function DraftDocuments({
  draftId,
  fields,
  errors,
  typed,
}: {
  draftId: string;
  fields: DocumentField[];
  errors: Errors;
  typed: Record<string, string>;
}) {
  if (fields.length === 0) return null;
  const shown = Object.fromEntries(
    Object.entries(errors).filter(([name]) => name === "_form" || name.startsWith("documento.")),
  );
  const value = (name: string, fallback: string) => typed[name] ?? fallback;
  return (
    <section className="cartao" aria-labelledby="documentos-rascunho-titulo">
      <h2 id="documentos-rascunho-titulo">Documentos: nome e validade</h2>
      <p className="dica">
        Como cada documento aparece na lista do condutor e por quanto tempo vale. Um prazo conta da data de expedição
        (“expedida há no máximo 90 dias”); “recente” usa o número de dias do parâmetro do município.
      </p>
      <ErrorSummary errors={shown} />
      <Form method="post" noValidate>
        <Hidden draftId={draftId} intent="documents" />
        {fields.map((f) => {
          const at = `documento.${f.index}`;
          return (
            // Keyed by the document too: after a rule is retired the places shift, and a field kept by
            // its place alone would show the previous document's choices.
            <fieldset key={`${at}.${f.type}`}>
              <legend>
                {f.type} — {f.citation}
              </legend>
              <input type="hidden" name={`${at}.tipo`} value={f.type} />
              <Field
                name={`${at}.nome`}
                label={`Nome do documento ${f.type}`}
                defaultValue={value(`${at}.nome`, f.label)}
                error={shown[`${at}.nome`]}
              />
              <SelectField
                name={`${at}.validade`}
                label={`Validade do documento ${f.type}`}
                options={VALIDITY}
                defaultValue={value(`${at}.validade`, f.validity ?? "")}
                error={shown[`${at}.validade`]}
              />
              <div className="colunas">
                <Field
                  name={`${at}.prazo`}
                  inputMode="numeric"
                  label={`Prazo do documento ${f.type}`}
                  hint="Só para “um prazo desde a expedição”."
                  defaultValue={value(`${at}.prazo`, f.amount === null ? "" : String(f.amount))}
                  error={shown[`${at}.prazo`]}
                />
                <SelectField
                  name={`${at}.unidade`}
                  label={`Unidade do prazo do documento ${f.type}`}
                  options={UNITS}
                  placeholder="dias"
                  defaultValue={value(`${at}.unidade`, f.unit)}
                />
              </div>
            </fieldset>
          );
        })}
        <SubmitButton busyText="Salvando…">Salvar os documentos</SubmitButton>
      </Form>
    </section>
  );
}
