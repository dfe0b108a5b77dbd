// The draft's summary and silences as a form (issue #30's editor): what the pack regulates, for the
// rules page, and what the law says that the portal does not check — each said, never hidden.
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextAreaField } from "~/components/ui/field";
import type { SummaryFields } from "~/domain/rule-packs/summary-fields";
import { Hidden } from "./draft";

type Errors = Record<string, string | undefined>;

export function DraftSummary({
  draftId,
  fields,
  errors,
  typed,
}: {
  draftId: string;
  fields: SummaryFields;
  errors: Errors;
  typed: Record<string, string>;
}) {
  const shown = Object.fromEntries(Object.entries(errors).filter(([name]) => name === "resumo"));
  return (
    <section className="cartao" aria-labelledby="resumo-titulo">
      <h2 id="resumo-titulo">Resumo e o que o portal não confere</h2>
      <ErrorSummary errors={shown} />
      <Form method="post" noValidate>
        <Hidden draftId={draftId} intent="summary" />
        <TextAreaField
          name="resumo"
          label="Resumo do pacote"
          hint="O que a lei regula, em uma ou duas frases, com os artigos: aparece no alto da página das regras."
          rows={3}
          defaultValue={typed.resumo ?? fields.summary}
          error={shown.resumo}
        />
        <TextAreaField
          name="silencios"
          label="O que a lei diz e o portal não confere (um por linha)"
          hint="Por exemplo: “O art. 3º, V, pede residência há 1 ano: o portal confere a residência, não o tempo.” Fica escrito na página das regras, para ninguém achar que foi conferido."
          rows={4}
          defaultValue={typed.silencios ?? fields.silences}
        />
        <SubmitButton busyText="Salvando…">Salvar o resumo</SubmitButton>
      </Form>
    </section>
  );
}
