import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { parseValidPart } from "~/forms/driver";
import { constraintsOf } from "~/forms/constraints";
import { openItems, wizardSteps } from "~/models/driver-wizard.server";
import { loadOwnApplication, saveOrContinue } from "~/http/driver-wizard.server";
import { saveVehicleDraft } from "~/models/application.server";
import { parseDraft, vehicleFormFor, withAnswers, zVehicleDraft } from "~/domain/applications/draft";
import { driverQuestions, questionFields, type VehicleField } from "~/domain/facts";
import type { Category, Mode } from "~/domain/rule-packs";
import { WizardFrame, wizardLinks } from "~/components/driver/wizard-frame";
import { FactQuestions } from "~/components/driver/fact-questions";
import { RestoredNotice, useLocalDraft } from "~/components/driver/typing-help";
import { CsrfInput } from "~/components/csrf-input";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { SubmitButton } from "~/components/submit-button";
import { withRefusals } from "~/http/refusal.server";

const yn = (b: boolean | undefined) => (b === undefined ? "" : b ? "sim" : "nao");

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { app, pack, result } = await loadOwnApplication(request, params.id);
  const v = parseDraft(app.draftJson).vehicle;
  return {
    app: { id: app.id, number: app.number, municipality: app.municipality.name },
    // Exactly the vehicle facts the applicable rules read, plus the vehicle's identification (issue #20).
    questions: driverQuestions(pack, app.category as Category, app.mode as Mode, "vehicle"),
    values: {
      ...Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, typeof x === "boolean" ? yn(x) : x === undefined ? "" : String(x)]),
      ),
    } as Record<string, string>,
    steps: wizardSteps(result, true),
    open: openItems(result),
  };
});

const LIMITS = constraintsOf(zVehicleDraft);

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { app, pack } = await loadOwnApplication(request, params.id, "update:application");
  const fields = questionFields<VehicleField>(
    driverQuestions(pack, app.category as Category, app.mode as Mode, "vehicle"),
  );
  const form = await readForm(request);
  // The valid answers are saved even when another is refused (issue #16: nothing typed is lost).
  const part = parseValidPart(vehicleFormFor, fields, form);
  if (part.fields.length)
    await saveVehicleDraft(app, withAnswers(parseDraft(app.draftJson).vehicle, part.data, part.fields));
  return saveOrContinue(app.id, form, part, "documentos");
});

/** A refused step still saved its valid answers: the "O que falta" list is read again after every post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export default function Vehicle() {
  const { app, questions, values: saved, steps, open } = useLoaderData<typeof loader>();
  const result = useFormResult();
  const values = result.refused ? result.values : saved;
  const draft = useLocalDraft(`rascunho:${app.id}:veiculo`, saved, result.refused ? result.errors : null);
  return (
    <WizardFrame appId={app.id} number={app.number} title="Veículo" steps={steps} current="veiculo" open={open}>
      <ErrorSummary
        errors={result.errors}
        title="Salvamos os campos corretos. Corrija os indicados abaixo; nada do que você digitou foi perdido."
      />
      <RestoredNotice show={draft.restored} />
      <Form method="post" noValidate className="cartao" {...draft.form}>
        <CsrfInput />
        <p className="dica">Os dados estão no documento do veículo (CRLV).</p>
        <FactQuestions
          questions={questions}
          values={values}
          errors={result.errors}
          limits={LIMITS}
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

export const links: LinksFunction = wizardLinks;

export const meta: MetaFunction = () => [{ title: "Veículo — Portal de Credenciamento" }];
