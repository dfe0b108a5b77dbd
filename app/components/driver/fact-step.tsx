// A wizard step asking the rule pack's questions, with refused fields named on top and answers
// kept in the browser while typing; the step's loader and action say what is asked.
import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import type { FieldConstraint } from "~/forms/constraints";
import type { ListFormValues } from "~/utils/forms";
import { FactQuestions } from "./fact-questions";
import { RestoredNotice, useLocalDraft } from "./typing-help";
import { WizardFrame } from "./wizard-frame";

type Frame = ComponentProps<typeof WizardFrame>;

export function FactStep({
  app,
  title,
  current,
  steps,
  open,
  questions,
  saved,
  limits,
  hint,
}: {
  app: { id: string; number: string; municipality: string };
  title: string;
  current: "dados" | "veiculo";
  steps: Frame["steps"];
  open: Frame["open"];
  questions: ComponentProps<typeof FactQuestions>["questions"];
  /** The answers as saved, shown until a refused post brings back what was typed. */
  saved: ListFormValues;
  limits: Record<string, FieldConstraint | undefined>;
  hint: string;
}) {
  const result = useFormResult<ListFormValues>();
  const values = result.refused ? result.values : saved;
  const draft = useLocalDraft(`rascunho:${app.id}:${current}`, saved, result.refused ? result.errors : null);
  return (
    <WizardFrame appId={app.id} number={app.number} title={title} steps={steps} current={current} open={open}>
      <ErrorSummary
        errors={result.errors}
        title="Salvamos os campos corretos. Corrija os indicados abaixo; nada do que você digitou foi perdido."
      />
      <RestoredNotice show={draft.restored} />
      <Form method="post" noValidate className="cartao" {...draft.form}>
        <CsrfInput />
        <p className="dica">{hint}</p>
        <FactQuestions
          questions={questions}
          values={values}
          errors={result.errors}
          limits={limits}
          municipality={app.municipality}
        />
        <div className="acoes">
          <SubmitButton busyText="Salvando…">Salvar e continuar</SubmitButton>
          <button type="submit" name="depois" value="sair" className="botao secundario">
            Salvar e sair
          </button>
        </div>
      </Form>
    </WizardFrame>
  );
}
